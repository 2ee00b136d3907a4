import type { Kysely } from "kysely";
import { fillLeadPages } from "./helpers.ts";

// The page a message was sent on, in a column of its own: a chat lead's page was written into
// its text and read back with a pattern for Insights. Leads already stored get the page their
// text names ("" when none); the Contact form's keep null (they were all sent on /contact).

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("contact_messages").addColumn("page", "text").execute();
  await fillLeadPages(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("contact_messages").dropColumn("page").execute();
}
