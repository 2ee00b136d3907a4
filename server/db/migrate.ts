import { Migrator, PostgresAdapter, sql, type Kysely } from "kysely";
import type { Logger } from "#server/logger.ts";
import { migrationProvider, migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

/**
 * Runs pending migrations; throws with the failing migration's error. On
 * PostgreSQL `schema` names the site's schema: the migrator must look for its
 * own tables there, not in whichever schema of the database has them.
 */
export async function migrate(db: Kysely<Database>, schema?: string, logger?: Logger): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // Kysely runs PostgreSQL's migrations in one transaction, SQLite's one statement at a time: a start
  // killed halfway would leave a migration half done. SQLite too rolls back DDL, so one transaction
  // here makes an interrupted upgrade leave the database as it was.
  // A database that is up to date takes no write lock: `npm run admin` beside a running server migrates nothing.
  const atomic = !(db.getExecutor().adapter instanceof PostgresAdapter);
  if (atomic && (await pendingMigrations(db)).length === 0) return;
  if (atomic) await sql`begin immediate`.execute(db);
  const { error, results } = await migrator
    .migrateToLatest()
    .catch((error: unknown) => ({ error, results: undefined }));
  const failed = results?.find((result) => result.status === "Error");
  if (atomic) await sql.raw(error || failed ? "rollback" : "commit").execute(db);
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
  for (const { migrationName, status } of results ?? [])
    if (status === "Success") logger?.info("database migrated", { event: "migration", migration: migrationName });
}

/** What the migration table records, oldest first: none for a database no migration ran on. */
export async function executedMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`
    .execute(db)
    .catch((error: unknown) => {
      if (/kysely_migration/.test(String(error))) return { rows: [] };
      throw error;
    });
  return rows.map((row) => row.name);
}

/** Migrations of this code the database has not had yet (also proves it answers). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  return migrationsAfter(await executedMigrations(db));
}

/** Migrations of this code not among `executed` (what the migration table records). */
export function migrationsAfter(executed: readonly string[]): string[] {
  const done = new Set(executed);
  return migrations.map(([name]) => name).filter((name) => !done.has(name));
}

/**
 * Brings the rows of a backup taken with only the migrations `executed` up to this version: the
 * `restored` step of each migration it lacks, in order, in the restore's transaction
 * (./migrations/index.ts).
 */
export async function upgradeRestoredRows(db: Kysely<unknown>, executed: readonly string[]): Promise<void> {
  for (const [name, { restored }] of migrations) if (restored && !executed.includes(name)) await restored(db);
}
