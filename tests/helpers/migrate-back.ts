import { Migrator, NO_MIGRATIONS } from "kysely";
import { migrationProvider } from "#server/db/migrations/index.ts";
import { connectPostgres } from "#server/db/postgres.ts";
import { openSqliteDatabase } from "#server/db/sqlite.ts";
import { databaseEnvFor } from "./test-database.ts";

/**
 * Takes the site's database (SQLite in `dataDir`, or the PostgreSQL schema kept for it) back to
 * the version before `migration`: that migration's `down` and those of every later one, newest
 * first, as an older release found it. Opening a store then runs them all again, in order. A new
 * migration needs no change here, only a `down` that undoes its `up`.
 */
export async function migrateBackBefore(dataDir: string, migration: string): Promise<void> {
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  if (!names.includes(migration)) throw new Error(`No migration named ${migration}`);
  const previous = names[names.indexOf(migration) - 1];
  const { DATABASE_URL } = await databaseEnvFor(dataDir);
  const { db, schema } = DATABASE_URL
    ? await connectPostgres(DATABASE_URL, { max: 1 })
    : { db: openSqliteDatabase(dataDir), schema: undefined };
  try {
    const migrator = new Migrator({
      db,
      provider: migrationProvider,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateTo(previous ?? NO_MIGRATIONS);
    if (error) throw error;
  } finally {
    await db.destroy();
  }
}
