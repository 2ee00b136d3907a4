// `npm run backup -- …`: see README "Admin tools".
import { runCli } from "./run-cli.mjs";

await runCli("runBackupCli");
