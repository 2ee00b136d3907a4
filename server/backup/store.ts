import { sql, type Kysely, type MigrationProvider, type Transaction } from "kysely";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import type { BackupStore, StoreDump } from "./types.ts";

/**
 * Sessions are credentials of one running site, not content: a restored site
 * signs in anew. Rate counters are transient throttle state: a restored site
 * counts anew. Preview drafts are unsaved edits that live a day at most (and
 * belong to a session's admin): a restored site previews anew. Insights' raw
 * page views are kept 30 days and each day's salt only until the day is over
 * (docs/decisions/012-insights.md): a backup kept longer must not keep them;
 * their daily rollups (analytics_daily) are backed up. Secrets (the throttle
 * hashes' key) belong to one database: a restored site makes its own.
 * Images' files kept in the database (MEDIA_STORAGE=database) are in the
 * backup as its file lines, like those of the folder (./backup.ts), not as rows.
 * The audit trail is kept a year and holds the emails tried at failed sign-ins
 * (server/audit/): like raw page views, a backup kept longer must not keep it.
 */
const SKIPPED = new Set([
  "media_files",
  "sessions",
  "rate_counters",
  "secrets",
  "preview_drafts",
  "analytics_events",
  "analytics_salts",
  "audit_events",
  // A passkey sign-in's challenges live five minutes (server/auth/passkeys/).
  "passkey_challenges",
  // Invitations are credentials of one running site, like sessions, and account mails their e-mails
  // (server/auth/invitations/): a restored site invites anew.
  "invitations",
  "account_mails",
]);

export class BackupLoadError extends Error {
  override name = "BackupLoadError";
}

/** Any table, found by introspection: a backup copies rows without knowing their shape. */
export type AnyTables = Record<string, Record<string, unknown>>;

interface TableInfo {
  name: string;
  columns: { name: string; dataType: string }[];
}

/**
 * Dumps and loads whole tables, on SQLite or PostgreSQL. Tables are found by
 * introspection, so a table added by a later migration is backed up without
 * touching this file. Rows are dumped in key order (each table's first column
 * is its key), the same on both databases, so dumps compare equal and a
 * backup from one restores into the other.
 */
export function createBackupStore(
  db: Kysely<AnyTables>,
  dialect: SqlDialect,
  migrations: MigrationProvider,
  /** Brings rows written by a version with only the migrations `executed` up to this one (server/db/migrate.ts). */
  upgradeRestored: (trx: Kysely<unknown>, executed: readonly string[]) => Promise<void>,
): BackupStore {
  const postgres = dialect === "postgres";

  const tables = async (on: Kysely<AnyTables>): Promise<TableInfo[]> => {
    let found = (await on.introspection.getTables()).filter((table) => !table.isView);
    if (postgres) {
      // Only this site's schema (the search path's first), not whatever else shares the database.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(on);
      found = found.filter((table) => table.schema === rows[0]?.schema);
    }
    return found
      .filter((table) => !SKIPPED.has(table.name) && !table.name.startsWith("sqlite_"))
      .map((table) => ({ name: table.name, columns: table.columns.map(({ name, dataType }) => ({ name, dataType })) }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  };

  /** The first column, compared byte-wise on PostgreSQL too (its collation may not be). */
  const keyOrder = (table: TableInfo) => {
    const key = table.columns[0]!;
    return postgres && /^(text|varchar|bpchar)$/.test(key.dataType)
      ? sql`${sql.ref(key.name)} collate "C"`
      : sql`${sql.ref(key.name)}`;
  };

  return {
    async dump(): Promise<StoreDump> {
      // PostgreSQL: one snapshot for every table (read committed would give one per statement).
      const run = postgres ? db.transaction().setIsolationLevel("repeatable read") : db.transaction();
      return run.execute(async (trx) => {
        const migrations = (
          await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx)
        ).rows.map((row) => row.name);
        const dumped: StoreDump["tables"] = {};
        // Inside the transaction: SQLite has one connection, and the snapshot must be this one.
        for (const table of await tables(trx)) {
          dumped[table.name] = await trx.selectFrom(table.name).selectAll().orderBy(keyOrder(table)).execute();
        }
        return { migrations, tables: dumped };
      });
    },

    async load(dump) {
      const known = Object.keys(await migrations.getMigrations());
      const unknown = dump.migrations.filter((name) => !known.includes(name));
      if (unknown.length > 0) {
        throw new BackupLoadError(
          `The backup comes from a newer version of the site (it has database changes ${unknown.join(", ")}). Update the site first.`,
        );
      }
      const present = await tables(db);
      const columns = new Map(
        present.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]),
      );
      for (const [table, rows] of Object.entries(dump.tables)) {
        const have = columns.get(table);
        if (!have || SKIPPED.has(table))
          throw new BackupLoadError(`The backup has a table "${table}" this version does not know.`);
        for (const row of rows) {
          const extra = Object.keys(row).find((column) => !have.has(column));
          if (extra)
            throw new BackupLoadError(
              `The backup's table "${table}" has a column "${extra}" this version does not know.`,
            );
        }
      }
      await db.transaction().execute(async (trx) => {
        let order = Object.keys(dump.tables).sort();
        if (postgres) {
          // Rows reference each other (deliveries → messages): insert referenced tables first.
          order = await referencedFirst(trx, order);
        } else {
          // SQLite can check those links once, at commit.
          await sql`pragma defer_foreign_keys = on`.execute(trx);
        }
        for (const table of order) {
          const existing = await trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow();
          if (Number(existing.n) > 0) {
            throw new BackupLoadError(
              postgres
                ? `The table "${table}" is not empty; restore only into an empty database.`
                : `The table "${table}" is not empty; restore only into an empty data folder.`,
            );
          }
          const rows = dump.tables[table]!;
          for (let i = 0; i < rows.length; i += 200) {
            await trx
              .insertInto(table)
              .values(rows.slice(i, i + 200))
              .execute();
          }
        }
        if (postgres) await moveIdentitiesOn(trx, order);
        // A backup from before a migration holds rows as the older version wrote them.
        await upgradeRestored(trx as unknown as Kysely<unknown>, dump.migrations);
      });
    },
  };
}

/** `tables` ordered so that a table comes after every table it references (PostgreSQL catalog). */
async function referencedFirst(trx: Transaction<AnyTables>, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace`.execute(trx);
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const { parent } of rows.filter((row) => row.child === table && row.parent !== table)) {
      if (tables.includes(parent)) visit(parent, [...path, table]);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** Restored rows bring their ids: move each identity/serial sequence past the largest one. */
async function moveIdentitiesOn(trx: Transaction<AnyTables>, tables: string[]) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and (is_identity = 'YES' or column_default like 'nextval(%')`.execute(trx);
  for (const { table_name: table, column_name: column } of rows) {
    if (!tables.includes(table)) continue;
    const quoted = `"${table.replace(/"/g, '""')}"`;
    await sql`select setval(pg_get_serial_sequence(${quoted}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
  }
}
