// `npm run backup -- …`: see docs/operations.md "Backups and the admin commands".
import { runCli } from "./run-cli.mjs";

await runCli("runBackupCli");
