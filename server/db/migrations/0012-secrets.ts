import { sql, type Kysely } from "kysely";

// Secrets the server makes once per database, shared by every instance on it (not backed up):
// the key of the throttle counters' hashes (server/lib/rate-counter-store.ts). Counter rows
// now hold a keyed hash of their key, never an address: rows keyed the old way are dropped
// (their windows start again).

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
  await sql`delete from rate_counters`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists secrets`.execute(db);
}
