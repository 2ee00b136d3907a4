import { sql, type Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// Insights (issue 15, server/insights/): counted page views, no cookie and no address.
// (0010: 0009 is the contact messages' source.)
// analytics_events: one row per visitor, page, source and device seen in a batch (`views` of
// them), dated in the site's time zone; deleted after 30 days. analytics_daily: the rollup,
// one row per day and dimension value (`kind` total/page/source/campaign/device), kept.
// analytics_salts: each day's random salt of the visitor hash, deleted once the day is over.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("analytics_events")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("source", "text")
    .addColumn("campaign", "text")
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("analytics_events_day").on("analytics_events").column("day").execute();
  await db.schema
    .createTable("analytics_daily")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addColumn("pageviews", "integer", (c) => c.notNull())
    .addUniqueConstraint("analytics_daily_kind_day_key", ["kind", "day", "key"])
    .execute();
  // Reports read the counts from the index alone.
  await db.schema
    .createIndex("analytics_daily_report")
    .on("analytics_daily")
    .columns(["kind", "day", "key", "visitors", "pageviews"])
    .execute();
  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();
  // The dashboard counts chats started per day.
  await db.schema.createIndex("chat_conversations_started").on("chat_conversations").column("started_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("chat_conversations_started").execute();
  for (const table of ["analytics_salts", "analytics_daily", "analytics_events"]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
