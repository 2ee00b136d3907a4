import type { Kysely } from "kysely";

// A post's cover may have its own alt text (issue 27), translated like its title: a card in a
// language shows the translation's, so the row copies it beside the title and the excerpt ("" where
// English shows). No translation stored before had one.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("post_translations")
    .addColumn("image_alt", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("post_translations").dropColumn("image_alt").execute();
}
