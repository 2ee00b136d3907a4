import { BackupError, restoreBackup, writeBackup } from "#server/backup/backup.ts";
import { BackupLoadError } from "#server/backup/store.ts";
import { openStore } from "#server/db/open.ts";
import { describePostgresUrl } from "#server/db/postgres.ts";
import type { Env } from "#server/env.ts";
import { consoleIo, type CliIo } from "./io.ts";

type CliEnv = Pick<Env, "DATA_DIR" | "DATABASE_URL">;

/**
 * `npm run backup -- [file]`: the database (DATABASE_URL's PostgreSQL, else
 * SQLite in DATA_DIR) and the images in DATA_DIR; safe while the server runs.
 * Returns the exit code.
 */
export async function runBackupCli(args: string[], env: CliEnv, io: CliIo = consoleIo): Promise<number> {
  if (args.length > 1) {
    io.err("Usage: npm run backup -- [file]   (default: DATA_DIR/backups/backup-YYYYMMDD-HHMMSS.json.gz)");
    return 2;
  }
  const store = await openStore(env);
  try {
    const file = await writeBackup(store, env.DATA_DIR, args[0]);
    io.out(`Backup written to ${file}`);
    return 0;
  } finally {
    await store.close();
  }
}

/**
 * `npm run restore -- <file>` into the empty folder DATA_DIR and, with
 * DATABASE_URL, the empty PostgreSQL database. Returns the exit code.
 */
export async function runRestoreCli(args: string[], env: CliEnv, io: CliIo = consoleIo): Promise<number> {
  if (args.length !== 1) {
    io.err(
      "Usage: npm run restore -- <file>   (restores into DATA_DIR, which must be empty, and the empty database of DATABASE_URL if set)",
    );
    return 2;
  }
  try {
    const open = (dataDir: string) => openStore({ DATA_DIR: dataDir, DATABASE_URL: env.DATABASE_URL });
    const { rows, files } = await restoreBackup(env.DATA_DIR, args[0]!, open);
    const into = env.DATABASE_URL
      ? `PostgreSQL at ${describePostgresUrl(env.DATABASE_URL)} and ${env.DATA_DIR}`
      : env.DATA_DIR;
    io.out(
      `Restored ${rows} row${rows === 1 ? "" : "s"} and ${files} media file${files === 1 ? "" : "s"} into ${into}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof BackupLoadError) {
      io.err(`Restore refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
