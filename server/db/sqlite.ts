import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "./schema.ts";
import { createKyselyStore, migrate } from "./kysely-store.ts";
import type { Store } from "./store.ts";

/** Opens (creating if needed) `<dataDir>/site.db`, migrates it and returns the Store. */
export async function openSqliteStore(dataDir: string): Promise<Store> {
  mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(path.join(dataDir, "site.db"));
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  await migrate(db);
  return createKyselyStore(db, "sqlite");
}
