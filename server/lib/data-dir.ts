import path from "node:path";

/**
 * What lives in DATA_DIR: the SQLite database (unless DATABASE_URL selects
 * PostgreSQL), uploaded images, and backups written by `npm run backup`.
 */
export const sqliteFile = (dataDir: string) => path.join(dataDir, "site.db");

/** Uploaded images, one folder per image (server/media). */
export const mediaDir = (dataDir: string) => path.resolve(dataDir, "media");

/** Where `npm run backup` writes when given no file. */
export const backupsDir = (dataDir: string) => path.join(dataDir, "backups");
