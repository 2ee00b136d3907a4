import { mkdirSync } from "node:fs";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { sqliteFile } from "#server/lib/data-dir.ts";
import { migrate } from "./migrations.ts";
import type { Database } from "./schema.ts";
import { createStore, type Store } from "./store.ts";

/** Opens (creating if needed) `<dataDir>/site.db`, migrates it and returns the Store. */
export async function openSqliteStore(dataDir: string): Promise<Store> {
  mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(sqliteFile(dataDir));
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  await migrate(db);
  return createStore(db, "sqlite");
}
