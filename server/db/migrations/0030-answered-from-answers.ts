import type { Kysely } from "kysely";

// Which of the chat's questions were answered from the team's Answers (issue 41 item 3), counted in
// Insights: per question (1 when it was, else null, as for every question kept before) and per
// conversation (how many), as `unanswered` is. Those kept before count none.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("chat_messages").addColumn("from_answers", "integer").execute();
  await db.schema
    .alterTable("chat_conversations")
    .addColumn("from_answers", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("chat_conversations").dropColumn("from_answers").execute();
  await db.schema.alterTable("chat_messages").dropColumn("from_answers").execute();
}
