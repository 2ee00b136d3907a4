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

/**
 * Writes `rows` into `table` of the site kept in `dataDir`, straight into its database and past
 * every check the app makes (as a tool, an old version or a hand-edit could have): for testing
 * what the app does with data it would never have stored itself.
 */
export async function insertRows(dataDir: string, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const { DATABASE_URL } = await databaseEnvFor(dataDir);
  const statement = (row: Record<string, unknown>, placeholder: (i: number) => string) =>
    `insert into "${table}" (${Object.keys(row)
      .map((column) => `"${column}"`)
      .join(", ")}) values (${Object.keys(row)
      .map((_, i) => placeholder(i))
      .join(", ")})`;
  if (!DATABASE_URL) {
    const db = new SQLite(sqliteFile(dataDir));
    db.pragma("busy_timeout = 5000");
    try {
      for (const row of rows) db.prepare(statement(row, () => "?")).run(...Object.values(row));
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    for (const row of rows)
      await client.query(
        statement(row, (i) => `$${i + 1}`),
        Object.values(row),
      );
  } finally {
    await client.end();
  }
}
