// `npm run restore -- …`: see README "Admin tools".
import { runCli } from "./run-cli.mjs";

await runCli("runRestoreCli");
