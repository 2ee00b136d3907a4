import type { Env } from "#server/env.ts";
import { openSqliteStore } from "#server/db/sqlite.ts";
import { consoleIo, type CliIo } from "#server/accounts/admin-cli.ts";
import { BackupError, restoreBackup, writeBackup } from "./backup.ts";
import { BackupLoadError } from "./backup-store.ts";

/** `npm run backup -- [file]`; safe while the server runs. Returns the exit code. */
export async function runBackupCli(args: string[], env: Pick<Env, "DATA_DIR">, io: CliIo = consoleIo): Promise<number> {
  if (args.length > 1) {
    io.err("Usage: npm run backup -- [file]   (default: DATA_DIR/backups/backup-YYYYMMDD-HHMMSS.json.gz)");
    return 2;
  }
  const store = await openSqliteStore(env.DATA_DIR);
  try {
    const file = await writeBackup(store, env.DATA_DIR, args[0]);
    io.out(`Backup written to ${file}`);
    return 0;
  } finally {
    await store.close();
  }
}

/** `npm run restore -- <file>` into the empty folder DATA_DIR. Returns the exit code. */
export async function runRestoreCli(args: string[], env: Pick<Env, "DATA_DIR">, io: CliIo = consoleIo): Promise<number> {
  if (args.length !== 1) {
    io.err("Usage: npm run restore -- <file>   (restores into DATA_DIR, which must be empty)");
    return 2;
  }
  try {
    const { rows, files } = await restoreBackup(env.DATA_DIR, args[0]!);
    io.out(`Restored ${rows} row${rows === 1 ? "" : "s"} and ${files} media file${files === 1 ? "" : "s"} into ${env.DATA_DIR}.`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof BackupLoadError) {
      io.err(`Restore refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
