import { sql, type Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// The team's own pages (issue 42), records as posts are (0004-posts, 0014-post-translations,
// 0023-post-review): the current page, every version of it, and its translations with theirs.
// Named `landing_…` so they never meet the site's own pages (the documents) or Insights' `page`
// columns. Each table's first column is its key (the backup dumps rows in its order): a page's id,
// `<page id>:<locale>` for a translation. A page has one address in every language (`/si/<path>`),
// so only the English row holds it, unique among every page, whatever its status.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("landing_pages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    // UTC ISO text; null: public as soon as it is published.
    .addColumn("publish_at", "text")
    .addColumn("review", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("noindex", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("has_variant", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addColumn("created_by", "integer")
    .execute();
  // The public pages and the scheduler's next publication.
  await db.schema.createIndex("landing_pages_public").on("landing_pages").columns(["status", "publish_at"]).execute();
  await db.schema
    .createTable("landing_page_revisions")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("page_id", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("restored_from", "integer")
    .addUniqueConstraint("landing_page_revisions_version", ["page_id", "version"])
    .execute();
  await db.schema
    .createTable("landing_page_translations")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("page_id", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("publish_at", "text")
    .addColumn("review", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema
    .createIndex("landing_page_translations_page")
    .on("landing_page_translations")
    .columns(["page_id", "locale"])
    .unique()
    .execute();
  await db.schema
    .createIndex("landing_page_translations_public")
    .on("landing_page_translations")
    .columns(["locale", "status", "publish_at"])
    .execute();
  await db.schema
    .createTable("landing_page_translation_revisions")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("page_id", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("restored_from", "integer")
    .addUniqueConstraint("landing_page_translation_revisions_version", ["page_id", "locale", "version"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "landing_page_translation_revisions",
    "landing_page_translations",
    "landing_page_revisions",
    "landing_pages",
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
