import type { Kysely } from "kysely";

// Which variant of a team page (issue 42, A/B) a view showed and a lead came from, so a page's
// results count each variant apart. A view keeps `<path> <variant>` (null on a page without a
// variant B), a dimension of Insights like `path` (rolled up per day as the others); a message keeps
// the variant of the page it was sent from (null elsewhere). Rows kept before have none.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("analytics_events").addColumn("page_variant", "text").execute();
  await db.schema.alterTable("contact_messages").addColumn("variant", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("contact_messages").dropColumn("variant").execute();
  await db.schema.alterTable("analytics_events").dropColumn("page_variant").execute();
}
