import type { Kysely } from "kysely";

// The language a chat conversation was answered in (issue 26): "en", "si" or "ta". Those kept
// before were all answered in English.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("chat_conversations")
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("chat_conversations").dropColumn("locale").execute();
}
