import SQLite from "better-sqlite3";
import pg from "pg";
import { sqliteFile } from "#server/lib/data-dir.ts";
import { databaseEnvFor } from "./test-database.ts";

/**
 * Every row of `table` of the site kept in `dataDir`, read straight from its
 * database (SQLite in the folder, or its PostgreSQL schema while the file runs
 * on PostgreSQL): for checking what is stored, whatever the store offers.
 */
export async function tableRows(dataDir: string, table: string): Promise<Record<string, unknown>[]> {
  const { DATABASE_URL } = await databaseEnvFor(dataDir);
  if (!DATABASE_URL) {
    const db = new SQLite(sqliteFile(dataDir), { readonly: true });
    try {
      return db.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(`select * from "${table}"`)).rows;
  } finally {
    await client.end();
  }
}
