import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/** Whether the migration runs on PostgreSQL (else SQLite). */
export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A generated integer primary key: `integer primary key autoincrement` on
 * SQLite (exactly what the shipped migrations always made there), an identity
 * column on PostgreSQL (which has no `autoincrement`). Rows restored from a
 * backup bring their ids; server/backup/store.ts moves the identity on.
 */
export const generatedId = (db: Kysely<unknown>) => (c: ColumnDefinitionBuilder) =>
  isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
