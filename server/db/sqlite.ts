import { mkdirSync } from "node:fs";
import { Kysely, SqliteDialect } from "kysely";
import { sqliteFile } from "#server/lib/data-dir.ts";
import type { Logger } from "#server/logger.ts";
import { migrate } from "./migrate.ts";
import { copyBeforeMigrating } from "./pre-migration-copy.ts";
import { SQLite } from "./sqlite-driver.ts";
import type { Database } from "./schema.ts";
import { StorableTextPlugin } from "./storable-text-plugin.ts";
import { createStore, type Store } from "./store.ts";

/** The connection to `<dataDir>/site.db` (created if needed) that the store runs on, not yet migrated. */
export function openSqliteDatabase(dataDir: string): Kysely<Database> {
  mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(sqliteFile(dataDir));
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins: [new StorableTextPlugin()] });
}

/**
 * Opens (creating if needed) `<dataDir>/site.db`, migrates it (after copying
 * it to `<dataDir>/backups/` when it has data and migrations to run:
 * ./pre-migration-copy.ts) and returns the Store.
 */
export async function openSqliteStore(dataDir: string, logger?: Logger): Promise<Store> {
  const db = openSqliteDatabase(dataDir);
  try {
    const copy = await copyBeforeMigrating(db, dataDir);
    if (copy) logger?.info("copied the database before migrating it", { event: "migration-copy", copy });
    await migrate(db, undefined, logger);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return createStore(db, "sqlite");
}
