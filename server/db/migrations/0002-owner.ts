import { sql, type Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("contact_messages").addColumn("deleted_at", "text").execute();
  await db.schema
    .createTable("deliveries")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("message_id", "integer", (c) => c.notNull().references("contact_messages.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "text")
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("deliveries_message_channel", ["message_id", "channel"])
    .execute();
  await db.schema.createIndex("deliveries_due").on("deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema
    .createTable("media")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("files", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists media`.execute(db);
  await sql`drop table if exists deliveries`.execute(db);
  await db.schema.alterTable("contact_messages").dropColumn("deleted_at").execute();
}
