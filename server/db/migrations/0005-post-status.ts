import type { Kysely } from "kysely";

// Drafts and scheduled posts (issue 13): a post is public when it is published and its
// publish time (UTC ISO text, null for none) has come. Existing posts are published.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("posts")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .execute();
  await db.schema.alterTable("posts").addColumn("publish_at", "text").execute();
  // The sitemap reads every public address from the index alone, as before.
  await db.schema.dropIndex("posts_addresses").execute();
  await db.schema
    .createIndex("posts_public_addresses")
    .on("posts")
    .columns(["date desc", "sort_updated desc", "position", "slug", "updated_at", "status", "publish_at"])
    .execute();
  // The scheduler's next publication.
  await db.schema.createIndex("posts_publish_at").on("posts").columns(["publish_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("posts_publish_at").execute();
  await db.schema.dropIndex("posts_public_addresses").execute();
  await db.schema
    .createIndex("posts_addresses")
    .on("posts")
    .columns(["date desc", "sort_updated desc", "position", "slug", "updated_at"])
    .execute();
  await db.schema.alterTable("posts").dropColumn("publish_at").execute();
  await db.schema.alterTable("posts").dropColumn("status").execute();
}
