import type { Kysely } from "kysely";

// "In review" (issue 28): a draft a Writer asked an Editor to look at. The mark lives in the
// post's (or translation's) data; this column copies it so the admin's list can filter and count
// the posts waiting without reading every body. Every post stored before is not in review.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("posts")
    .addColumn("review", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("post_translations")
    .addColumn("review", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("post_translations").dropColumn("review").execute();
  await db.schema.alterTable("posts").dropColumn("review").execute();
}
