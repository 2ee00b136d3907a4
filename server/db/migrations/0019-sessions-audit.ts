import { sql, type Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// "Your sessions", the audit trail and re-confirming sensitive actions (issue 28 items 5–7). A
// session's browser (its User-Agent), when it was last used (written at most once a minute) and
// when its password was last confirmed; sessions from before have none of them, so they show as
// an unknown browser and must confirm before a sensitive action. The audit trail keeps the actor's
// email as it was (an account removed later still shows), and the filters' columns are indexed.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
  await db.schema.alterTable("sessions").addColumn("confirmed_at", "text").execute();
  await db.schema
    .createTable("audit_events")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer")
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_kind", "text")
    .addColumn("target_key", "text")
    .addColumn("target_id", "text")
    .addColumn("revision", "integer")
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("audit_events_at").on("audit_events").column("at").execute();
  await db.schema.createIndex("audit_events_actor").on("audit_events").columns(["actor_email", "at"]).execute();
  await db.schema.createIndex("audit_events_action").on("audit_events").columns(["action", "at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists audit_events`.execute(db);
  await db.schema.alterTable("sessions").dropColumn("confirmed_at").execute();
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
  await db.schema.alterTable("sessions").dropColumn("user_agent").execute();
}
