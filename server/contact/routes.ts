import { localeOfPath } from "#content/locales.ts";
import { Hono, type Context } from "hono";
import { MESSAGE_SOURCES } from "#content/contact-fields.ts";
import type {
  InboxMessage,
  InboxPage,
  MessageDeleted,
  MessageDelivery,
  MessageMarked,
  MessageRestored,
} from "#content/inbox.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import type { Logger } from "#server/logger.ts";
import { csvDownload } from "#server/http/csv.ts";
import { jsonError } from "#server/http/errors.ts";
import { listQuery } from "#server/http/list-query.ts";
import { idFromPath } from "#server/http/record-id.ts";
import { DELETED_KEPT_MS } from "./outbox.ts";
import type { ContactMessage, Delivery } from "./types.ts";

export const PAGE_SIZE = 20;

const searchQuery = listQuery();

/** What the inbox shows about a delivery (the worker's lease and origin stay inside). */
function deliveryView(delivery: Delivery): MessageDelivery {
  return {
    channel: delivery.channel,
    status: delivery.status,
    attempts: delivery.attempts,
    lastError: delivery.lastError,
    sentAt: delivery.sentAt,
    nextAttemptAt: delivery.status === "pending" ? delivery.nextAttemptAt : null,
  };
}

function messageView(message: ContactMessage, deliveries: Delivery[]): InboxMessage {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    company: message.company,
    message: message.message,
    source: message.source,
    // The language of the page it was sent from (Contact page or the chat's page).
    locale: localeOfPath(message.page ?? "/"),
    createdAt: message.createdAt,
    readAt: message.readAt,
    deliveries: deliveries.filter((d) => d.messageId === message.id).map(deliveryView),
  };
}

/** The message id in the path; undefined (answered 404) when no message can have it. */
/** What the inbox API uses of the app's services. */
type InboxDeps = { store: Pick<Store, "messages" | "outbox">; logger: Logger };

const messageId = (c: Context<AppBindings<InboxDeps>>) => idFromPath(c.req.param("id"));
const notFound = (c: Context<AppBindings<InboxDeps>>) =>
  jsonError(c, 404, "That message does not exist (it may have been deleted).");

/** The admin's inbox: list and search, read state, delete with undo, CSV export. */
export const inboxRoutes = new Hono<AppBindings<InboxDeps>>()
  .get("/", async (c) => {
    const input = searchQuery.safeParse(c.req.query());
    if (!input.success) return jsonError(c, 400, input.error.issues[0]?.message ?? "Invalid search.");
    const page = input.data.page ?? 1;
    const { store } = c.var.deps;
    const result = await store.messages.search({
      query: input.data.query,
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    });
    const deliveries = await store.outbox.forMessages(result.messages.map((m) => m.id));
    return c.json({
      messages: result.messages.map((m) => messageView(m, deliveries)),
      total: result.total,
      unreadCount: result.unreadCount,
      page,
      pageSize: PAGE_SIZE,
      pages: Math.max(1, Math.ceil(result.total / PAGE_SIZE)),
    } satisfies InboxPage);
  })
  .get("/export.csv", async (c) => {
    const { store } = c.var.deps;
    const messages = await store.messages.list();
    const deliveries = await store.outbox.forMessages(messages.map((m) => m.id));
    // Source last, so the columns spreadsheets already read stay where they were.
    const header = ["Received", "Name", "Email", "Company", "Message", "Read", "Delivery", "Source"];
    const rows = messages.map((m) => {
      const status = deliveries
        .filter((d) => d.messageId === m.id)
        .map((d) => `${d.channel}: ${d.status}${d.status === "failed" && d.lastError ? ` (${d.lastError})` : ""}`)
        .join("; ");
      return [
        m.createdAt,
        m.name,
        m.email,
        m.company,
        m.message,
        m.readAt ? "yes" : "no",
        status,
        MESSAGE_SOURCES[m.source].label,
      ];
    });
    return csvDownload(c, "messages", header, rows);
  })
  .get("/:id{[0-9]+}", async (c) => {
    const id = messageId(c);
    const message = id === undefined ? undefined : await c.var.deps.store.messages.get(id);
    if (!message) return notFound(c);
    return c.json(messageView(message, await c.var.deps.store.outbox.forMessages([message.id])));
  })
  .post("/:id{[0-9]+}/read", async (c) => {
    const { store } = c.var.deps;
    const id = messageId(c);
    if (id === undefined || !(await store.messages.setRead(id, true))) return notFound(c);
    return c.json({ id, read: true, unreadCount: await store.messages.unreadCount() } satisfies MessageMarked);
  })
  .post("/:id{[0-9]+}/unread", async (c) => {
    const { store } = c.var.deps;
    const id = messageId(c);
    if (id === undefined || !(await store.messages.setRead(id, false))) return notFound(c);
    return c.json({ id, read: false, unreadCount: await store.messages.unreadCount() } satisfies MessageMarked);
  })
  .delete("/:id{[0-9]+}", async (c) => {
    const { store, logger } = c.var.deps;
    const id = messageId(c);
    if (id === undefined) return notFound(c);
    const deletedAt = await store.messages.softDelete(id);
    if (!deletedAt) return notFound(c);
    logger.info("message deleted", { id, by: c.var.user?.id });
    return c.json({
      id,
      deletedAt,
      restorableUntil: new Date(Date.parse(deletedAt) + DELETED_KEPT_MS).toISOString(),
      restore: `/api/messages/${id}/restore`,
      unreadCount: await store.messages.unreadCount(),
    } satisfies MessageDeleted);
  })
  .post("/:id{[0-9]+}/restore", async (c) => {
    const { store } = c.var.deps;
    const id = messageId(c);
    if (id === undefined || !(await store.messages.restore(id))) {
      return jsonError(c, 404, "That message can no longer be restored.");
    }
    const message = await store.messages.get(id);
    return c.json({
      message: message && messageView(message, await store.outbox.forMessages([id])),
      unreadCount: await store.messages.unreadCount(),
    } satisfies MessageRestored);
  });
