// `npm run admin -- …`: see README "Owner tools".
import { runCli } from "./run-cli.mjs";

await runCli("runAdminCli");
