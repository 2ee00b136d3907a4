import { sql, type Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// The public chat's conversations, kept for staff for the days the AI tab says (issue 14).
// Nothing that identifies a visitor: no address, no user agent.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("chat_conversations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("last_at", "text", (c) => c.notNull())
    .addColumn("page", "text", (c) => c.notNull())
    .addColumn("questions", "integer", (c) => c.notNull())
    .addColumn("unanswered", "integer", (c) => c.notNull())
    .addColumn("first_question", "text", (c) => c.notNull())
    .addColumn("search", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_conversations_last").on("chat_conversations").column("last_at").execute();
  await db.schema
    .createTable("chat_messages")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("conversation_id", "text", (c) => c.notNull().references("chat_conversations.id").onDelete("cascade"))
    .addColumn("sender", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("answered", "integer")
    .execute();
  await db.schema
    .createIndex("chat_messages_conversation")
    .on("chat_messages")
    .columns(["conversation_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["chat_messages", "chat_conversations"]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
