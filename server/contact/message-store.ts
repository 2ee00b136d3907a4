import { sql, type Kysely, type Selectable } from "kysely";
import { isVariantName } from "#content/landing-pages.ts";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import { enqueueDeliveries } from "./outbox-store.ts";
import type { ContactMessage, ContactTables, MessageStore } from "./types.ts";

const toMessage = (row: Selectable<ContactTables["contact_messages"]>): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  company: row.company,
  message: row.message,
  ip: row.ip,
  userAgent: row.user_agent,
  createdAt: row.created_at,
  readAt: row.read_at,
  deletedAt: row.deleted_at,
  source: row.source,
  page: row.page,
  variant: isVariantName(row.variant) ? row.variant : null,
});

/** Where the Contact form is: every message from it was sent there. */
export const CONTACT_PAGE = "/contact";

/** Contact messages: stored with their deliveries, searched, read, soft-deleted and purged. */
export function createMessageStore(db: Kysely<ContactTables>, dialect: SqlDialect): MessageStore {
  const unread = async () => {
    const row = await db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("deleted_at", "is", null)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    async sentBetween(from, to) {
      const rows = await db
        .selectFrom("contact_messages")
        .select(["created_at", "source", "page", "variant"])
        .where("created_at", ">=", from)
        .where("created_at", "<", to)
        .where("deleted_at", "is", null)
        .execute();
      return rows.map((row) => ({
        at: row.created_at,
        source: row.source,
        page: row.page || (row.source === "chat" ? undefined : CONTACT_PAGE),
        variant: isVariantName(row.variant) ? row.variant : null,
      }));
    },
    async add(input, delivery) {
      return db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const row = await trx
          .insertInto("contact_messages")
          .values({
            name: input.name,
            email: input.email,
            company: input.company,
            message: input.message,
            ip: input.ip,
            user_agent: input.userAgent,
            source: input.source ?? "form",
            page: input.page ?? null,
            variant: input.variant ?? null,
            created_at: now,
            read_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (delivery) await enqueueDeliveries(trx, row.id, delivery, now);
        return toMessage(row);
      });
    },
    async list() {
      const rows = await db
        .selectFrom("contact_messages")
        .selectAll()
        .where("deleted_at", "is", null)
        .orderBy("id", "desc")
        .execute();
      return rows.map(toMessage);
    },
    async search({ query, offset, limit }) {
      const text = query?.trim() ?? "";
      let base = db.selectFrom("contact_messages").where("deleted_at", "is", null);
      if (text) {
        const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
        // Case-insensitive on both: SQLite's `like` ignores (ASCII) case; PostgreSQL's needs `ilike`.
        const like = dialect === "postgres" ? "ilike" : "like";
        base = base.where((eb) =>
          eb.or(
            (["name", "email", "company", "message"] as const).map((column) =>
              eb(column, like, sql<string>`${pattern} escape '\\'`),
            ),
          ),
        );
      }
      const [rows, total, unreadCount] = await Promise.all([
        base.selectAll().orderBy("id", "desc").limit(limit).offset(offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
        unread(),
      ]);
      return { messages: rows.map(toMessage), total: Number(total.n), unreadCount };
    },
    async get(id) {
      const row = await db
        .selectFrom("contact_messages")
        .selectAll()
        .where("id", "=", id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      return row ? toMessage(row) : undefined;
    },
    unreadCount: unread,
    async setRead(id, read, at = new Date()) {
      const result = await db
        .updateTable("contact_messages")
        .set({ read_at: read ? at.toISOString() : null })
        .where("id", "=", id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async softDelete(id, at = new Date()) {
      const deletedAt = at.toISOString();
      const result = await db
        .updateTable("contact_messages")
        .set({ deleted_at: deletedAt })
        .where("id", "=", id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? deletedAt : undefined;
    },
    async restore(id) {
      const result = await db
        .updateTable("contact_messages")
        .set({ deleted_at: null })
        .where("id", "=", id)
        .where("deleted_at", "is not", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async purgeDeleted(before) {
      return db.transaction().execute(async (trx) => {
        const doomed = trx.selectFrom("contact_messages").select("id").where("deleted_at", "<", before.toISOString());
        await trx.deleteFrom("deliveries").where("message_id", "in", doomed).execute();
        const result = await trx
          .deleteFrom("contact_messages")
          .where("deleted_at", "<", before.toISOString())
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}
