import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { BackupStore, StoreDump } from "#server/db/store.ts";
import { migrationProvider } from "#server/db/migrations.ts";

/** Sessions are credentials of one running site, not content: a restored site signs in anew. */
const SKIPPED = new Set(["sessions"]);

export class BackupLoadError extends Error {
  override name = "BackupLoadError";
}

/**
 * Dumps and loads whole tables. Tables are found by introspection, so a table
 * added by a later migration is backed up without touching this file.
 */
export function createBackupStore(db: Kysely<Database>): BackupStore {
  // The untyped view: table names come from the database itself.
  const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;

  const tableNames = async (on: Kysely<Database>) =>
    (await on.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !SKIPPED.has(name) && !name.startsWith("sqlite_"))
      .sort();

  return {
    async dump(): Promise<StoreDump> {
      return db.transaction().execute(async (trx) => {
        const tx = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
        const migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx)).rows.map(
          (row) => row.name,
        );
        const tables: StoreDump["tables"] = {};
        // Inside the transaction: SQLite has one connection, and the snapshot must be this one.
        for (const name of await tableNames(trx)) {
          tables[name] = await tx.selectFrom(name).selectAll().execute();
        }
        return { migrations, tables };
      });
    },

    async load(dump) {
      const known = Object.keys(await migrationProvider.getMigrations());
      const unknown = dump.migrations.filter((name) => !known.includes(name));
      if (unknown.length > 0) {
        throw new BackupLoadError(`The backup comes from a newer version of the site (it has database changes ${unknown.join(", ")}). Update the site first.`);
      }
      const present = await db.introspection.getTables();
      const columns = new Map(present.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
      for (const [table, rows] of Object.entries(dump.tables)) {
        const have = columns.get(table);
        if (!have || SKIPPED.has(table)) throw new BackupLoadError(`The backup has a table "${table}" this version does not know.`);
        for (const row of rows) {
          const extra = Object.keys(row).find((column) => !have.has(column));
          if (extra) throw new BackupLoadError(`The backup's table "${table}" has a column "${extra}" this version does not know.`);
        }
      }
      await raw.transaction().execute(async (trx) => {
        // Rows reference each other (deliveries → messages); check those links once, at commit.
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        for (const table of Object.keys(dump.tables).sort()) {
          const existing = await trx.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
          if (Number(existing.n) > 0) throw new BackupLoadError(`The table "${table}" is not empty; restore only into an empty data folder.`);
          const rows = dump.tables[table]!;
          for (let i = 0; i < rows.length; i += 200) {
            await trx.insertInto(table).values(rows.slice(i, i + 200)).execute();
          }
        }
      });
    },
  };
}
