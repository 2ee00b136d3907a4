import { sql, type Kysely } from "kysely";

// Unsaved admin edits stored for preview (issue 13, server/previews/): here, not in one
// process's memory, so every instance renders the same draft. Transient: not backed up.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("preview_drafts")
    .addColumn("token", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("preview_drafts_updated").on("preview_drafts").column("updated_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists preview_drafts`.execute(db);
}
