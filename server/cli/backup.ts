import { BackupError, restoreBackup, writeBackup } from "#server/backup/backup.ts";
import { BackupLoadError } from "#server/backup/store.ts";
import { openStore } from "#server/db/open.ts";
import { describePostgresUrl } from "#server/db/postgres.ts";
import { mediaStorageFor, type MediaStorageEnv } from "#server/media/storages.ts";
import { consoleIo, type CliIo } from "./io.ts";

/** MEDIA_STORAGE (and its S3 settings) as loaded, or (given none) its default for the database (server/env.ts). */
type CliEnv = MediaStorageEnv;

/** The database `env` selects and the storage its images are in (MEDIA_STORAGE): what a backup reads, a restore fills. */
export async function openBackupSite(env: CliEnv) {
  const store = await openStore(env);
  return { store, media: mediaStorageFor(env, store), close: () => store.close() };
}

/**
 * `npm run backup -- [file]`: the database (DATABASE_URL's PostgreSQL, else
 * SQLite in DATA_DIR) and the images (in DATA_DIR, the database or the S3
 * bucket, by MEDIA_STORAGE); safe while the server runs.
 * Returns the exit code.
 */
export async function runBackupCli(args: string[], env: CliEnv, io: CliIo = consoleIo): Promise<number> {
  if (args.length > 1) {
    io.err("Usage: npm run backup -- [file]   (default: DATA_DIR/backups/backup-YYYYMMDD-HHMMSS.json.gz)");
    return 2;
  }
  const site = await openBackupSite(env);
  try {
    const file = await writeBackup(site, env.DATA_DIR, args[0]);
    io.out(`Backup written to ${file}`);
    return 0;
  } finally {
    await site.close();
  }
}

/**
 * `npm run restore -- <file>` into the empty folder DATA_DIR and, with
 * DATABASE_URL, the empty PostgreSQL database; the images into the storage
 * MEDIA_STORAGE names, whichever the backup came from. Returns the exit code.
 */
export async function runRestoreCli(args: string[], env: CliEnv, io: CliIo = consoleIo): Promise<number> {
  if (args.length !== 1) {
    io.err(
      "Usage: npm run restore -- <file>   (restores into DATA_DIR, which must be empty, and the empty database of DATABASE_URL if set)",
    );
    return 2;
  }
  try {
    const open = (dataDir: string) => openBackupSite({ ...env, DATA_DIR: dataDir });
    const { rows, files } = await restoreBackup(env.DATA_DIR, args[0]!, open);
    const into =
      (env.DATABASE_URL ? `PostgreSQL at ${describePostgresUrl(env.DATABASE_URL)} and ${env.DATA_DIR}` : env.DATA_DIR) +
      (env.MEDIA_STORAGE === "s3" ? `, the images into the S3 bucket "${env.S3_BUCKET}"` : "");
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
