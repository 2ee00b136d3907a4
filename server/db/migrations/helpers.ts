import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { leadPageOf } from "#content/chat-lead.ts";
import type { ContactTables } from "#server/contact/types.ts";

/** Whether the migration runs on PostgreSQL (else SQLite). */
export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A generated integer primary key: `integer primary key autoincrement` on
 * SQLite (exactly what the shipped migrations always made there), an identity
 * column on PostgreSQL (which has no `autoincrement`). Rows restored from a
 * backup bring their ids; server/backup/store.ts moves the identity on.
 */
export const generatedId = (db: Kysely<unknown>) => (c: ColumnDefinitionBuilder) =>
  isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

/** How many leads' texts are read at a time by fillLeadPages. */
const FILL_BATCH = 500;

/**
 * Gives chat leads stored before their page had a column the page their text names ("" when it
 * names none; content/chat-lead.ts `leadPageOf`): the data step of 0013-message-page and of
 * 0029-lead-pages. Returns how many it filled.
 */
export async function fillLeadPages(db: Kysely<unknown>): Promise<number> {
  const leads = db as Kysely<ContactTables>;
  let filled = 0;
  for (;;) {
    const rows = await leads
      .selectFrom("contact_messages")
      .select(["id", "message"])
      .where("source", "=", "chat")
      .where("page", "is", null)
      .orderBy("id")
      .limit(FILL_BATCH)
      .execute();
    for (const row of rows)
      await leads
        .updateTable("contact_messages")
        .set({ page: leadPageOf(row.message) ?? "" })
        .where("id", "=", row.id)
        .execute();
    filled += rows.length;
    if (rows.length < FILL_BATCH) return filled;
  }
}
