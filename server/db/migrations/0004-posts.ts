import { sql, type Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// Blog posts as records of their own (issue 16): the current post, every version of it, and
// the addresses it had before a rename. Posts move in from the blog document later, in
// 0028-posts-move-in (at every start until then), not here, so a backup restores into these
// empty tables.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("posts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    // Lower-cased title and excerpt, matched by the admin's search (same on both databases).
    .addColumn("search", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    // The post's own updatedAt as UTC ISO text ("" when none): newest first is date, then this.
    .addColumn("sort_updated", "text", (c) => c.notNull())
    // Creation order: the last tie-break (older first, as the list's stored order was).
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("featured", "integer", (c) => c.notNull())
    // What a card shows (JSON, no body), so lists never read the posts' content.
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema
    .createIndex("posts_newest")
    .on("posts")
    .columns(["date desc", "sort_updated desc", "position"])
    .execute();
  // The sitemap's every address, read from the index alone (not the large rows).
  await db.schema
    .createIndex("posts_addresses")
    .on("posts")
    .columns(["date desc", "sort_updated desc", "position", "slug", "updated_at"])
    .execute();
  await db.schema
    .createIndex("posts_featured")
    .on("posts")
    .columns(["featured", "date desc", "sort_updated desc", "position"])
    .execute();
  await db.schema
    .createTable("post_revisions")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("post_id", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("restored_from", "integer")
    .addUniqueConstraint("post_revisions_post_version", ["post_id", "version"])
    .execute();
  await db.schema
    .createTable("post_addresses")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("post_id", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("post_addresses_post").on("post_addresses").column("post_id").execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["post_addresses", "post_revisions", "posts"]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
