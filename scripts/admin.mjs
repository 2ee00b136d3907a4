// `npm run admin -- …`: see README "Admin tools".
import { runCli } from "./run-cli.mjs";

await runCli("runAdminCli");
