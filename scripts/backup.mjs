// `npm run backup -- …`: see README "Owner tools".
import { runCli } from "./run-cli.mjs";

await runCli("runBackupCli");
