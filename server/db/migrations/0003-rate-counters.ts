import { sql, type Kysely } from "kysely";

// Throttle counts (sign-in, contact form, AI), shared by every instance and kept across restarts.
// One row per key: its window opened at `window_start` and holds `count` hits until `expires_at`.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("rate_counters")
    .addColumn("key", "text", (c) => c.notNull().primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_counters_expires").on("rate_counters").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists rate_counters`.execute(db);
}
