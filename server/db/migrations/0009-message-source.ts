import type { Kysely } from "kysely";

// Contact messages say where they came from: the Contact form, or a lead left in the chat
// (issue 14). Named after 0008 because migrations run in name order and 0008 has shipped.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("contact_messages")
    .addColumn("source", "text", (c) => c.notNull().defaultTo("form"))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("contact_messages").dropColumn("source").execute();
}
