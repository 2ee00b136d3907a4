import { SQLite } from "#server/db/sqlite-driver.ts";
import pg from "pg";
import { sqliteFile } from "#server/lib/data-dir.ts";
import { databaseEnvFor } from "./test-database.ts";

/**
 * Runs statements straight on the database of the site kept in `dataDir`
 * (SQLite in the folder, or its PostgreSQL schema while the file runs on
 * PostgreSQL), past every check the app makes; `placeholder(i)` is the
 * dialect's i-th parameter ("?" or "$1"). Closes the connection afterwards.
 */
async function onSiteDatabase<T>(
  dataDir: string,
  run: (
    query: (statement: string, values?: unknown[]) => Promise<Record<string, unknown>[]>,
    placeholder: (i: number) => string,
  ) => Promise<T>,
): Promise<T> {
  const { DATABASE_URL } = await databaseEnvFor(dataDir);
  if (!DATABASE_URL) {
    const db = new SQLite(sqliteFile(dataDir));
    db.pragma("busy_timeout = 5000");
    try {
      return await run(
        async (statement, values = []) => {
          const prepared = db.prepare(statement);
          return prepared.reader
            ? (prepared.all(...values) as Record<string, unknown>[])
            : (prepared.run(...values), []);
        },
        () => "?",
      );
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await run(
      async (statement, values = []) => (await client.query<Record<string, unknown>>(statement, values)).rows,
      (i) => `$${i + 1}`,
    );
  } finally {
    await client.end();
  }
}

/** Every row of `table` of the site kept in `dataDir`: for checking what is stored, whatever the store offers. */
export function tableRows(dataDir: string, table: string): Promise<Record<string, unknown>[]> {
  return onSiteDatabase(dataDir, (query) => query(`select * from "${table}"`));
}

/** Runs `statement` (no parameters) on the site kept in `dataDir`. */
export async function runSql(dataDir: string, statement: string): Promise<void> {
  await onSiteDatabase(dataDir, (query) => query(statement));
}

/**
 * Writes `rows` into `table` of the site kept in `dataDir`, straight into its database and past
 * every check the app makes (as a tool, an old version or a hand-edit could have): for testing
 * what the app does with data it would never have stored itself.
 */
export function insertRows(dataDir: string, table: string, rows: Record<string, unknown>[]): Promise<void> {
  return onSiteDatabase(dataDir, async (query, placeholder) => {
    for (const row of rows) {
      const columns = Object.keys(row);
      await query(
        `insert into "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) values (${columns
          .map((_, i) => placeholder(i))
          .join(", ")})`,
        Object.values(row),
      );
    }
  });
}

/** Every row of each of `tables` of the site kept in `dataDir`, on one connection: for checks that read several at once. */
export function tablesRows(
  dataDir: string,
  tables: readonly string[],
): Promise<Record<string, Record<string, unknown>[]>> {
  return onSiteDatabase(dataDir, async (query) => {
    const read: Record<string, Record<string, unknown>[]> = {};
    for (const table of tables) read[table] = await query(`select * from "${table}"`);
    return read;
  });
}
