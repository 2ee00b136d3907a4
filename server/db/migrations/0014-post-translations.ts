import { sql, type Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// Posts in Sinhala and Tamil (issue 25): a translation is a record of its own (texts, status,
// publish time, address), with its versions and the addresses it had before a rename, in that
// language. Each table's first column is its key (the backup dumps rows in its order):
// `<post id>:<locale>` as for the documents' translations, `<locale>:<slug>` for an address.
// The built-in posts' translations are written with a new site's built-in posts, and on a site
// that had them by 0028-posts-move-in (server/posts/move-in.ts), not here.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("post_translations")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("post_id", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("publish_at", "text")
    // The texts a card shows ("" where the English one shows), so lists never read the bodies.
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("search", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema
    .createIndex("post_translations_post")
    .on("post_translations")
    .columns(["post_id", "locale"])
    .unique()
    .execute();
  await db.schema
    .createIndex("post_translations_slug")
    .on("post_translations")
    .columns(["locale", "slug"])
    .unique()
    .execute();
  // A language's public posts, and the scheduler's next publication.
  await db.schema
    .createIndex("post_translations_public")
    .on("post_translations")
    .columns(["locale", "status", "publish_at"])
    .execute();
  await db.schema
    .createTable("post_translation_revisions")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("post_id", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("restored_from", "integer")
    .addUniqueConstraint("post_translation_revisions_version", ["post_id", "locale", "version"])
    .execute();
  await db.schema
    .createTable("post_translation_addresses")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("post_id", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("post_translation_addresses_post")
    .on("post_translation_addresses")
    .columns(["post_id", "locale"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["post_translation_addresses", "post_translation_revisions", "post_translations"]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
