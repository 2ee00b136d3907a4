import { Hono, type Context } from "hono";
import { z } from "zod";
import { CONVERSATION_ID, CONVERSATIONS_PER_PAGE } from "#content/conversations.ts";
import { LOCALES, locales, type Locale } from "#content/locales.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import { csvDownload } from "#server/http/csv.ts";
import { jsonError } from "#server/http/errors.ts";
import { listQuery } from "#server/http/list-query.ts";
import type { Logger } from "#server/logger.ts";

/** What the conversations API uses of the app's services. */
type ConversationDeps = { store: Pick<Store, "conversations">; logger: Logger };

const searchQuery = listQuery().extend({
  filter: z.enum(["unanswered"], { error: 'filter must be "unanswered".' }).optional(),
  // Worded as every `?locale=` of the API words an unknown one.
  locale: z
    .enum(locales as [Locale, ...Locale[]], {
      error: (issue) => `Unknown language "${String(issue.input)}": use ${locales.join(", ")}.`,
    })
    .optional(),
});

const conversationId = (c: Context<AppBindings<ConversationDeps>>) => {
  const id = c.req.param("id") ?? "";
  return CONVERSATION_ID.test(id) ? id : undefined;
};
const notFound = (c: Context<AppBindings<ConversationDeps>>) =>
  jsonError(c, 404, "That conversation does not exist (it may have been deleted).");

const answeredText = (answered: boolean | null) => (answered === null ? "" : answered ? "yes" : "no");

/**
 * The public chat's conversations for staff (Editors and Administrators): list and
 * search with an "unanswered" filter and a language filter (`locale=`), read
 * one as a transcript, export every message as CSV, delete one.
 */
export const conversationRoutes = new Hono<AppBindings<ConversationDeps>>()
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })
  .get("/", async (c) => {
    const input = searchQuery.safeParse(c.req.query());
    if (!input.success) return jsonError(c, 400, input.error.issues[0]?.message ?? "Invalid search.");
    const list = await c.var.deps.store.conversations.list({
      query: input.data.query,
      unanswered: input.data.filter === "unanswered",
      locale: input.data.locale,
      page: input.data.page ?? 1,
      pageSize: CONVERSATIONS_PER_PAGE,
    });
    return c.json(list);
  })
  .get("/export.csv", async (c) => {
    const conversations = await c.var.deps.store.conversations.all();
    const header = ["Conversation", "Started", "Page", "Language", "Time", "From", "Message", "Answered"];
    const rows = conversations.flatMap((conversation) =>
      conversation.messages.map((m) => [
        conversation.id,
        conversation.startedAt,
        conversation.page,
        LOCALES[conversation.locale].label,
        m.at,
        m.sender === "user" ? "Visitor" : "Assistant",
        m.text,
        m.sender === "user" ? answeredText(m.answered) : "",
      ]),
    );
    return csvDownload(c, "conversations", header, rows);
  })
  .get("/:id", async (c) => {
    const id = conversationId(c);
    const conversation = id && (await c.var.deps.store.conversations.get(id));
    return conversation ? c.json(conversation) : notFound(c);
  })
  .delete("/:id", async (c) => {
    const id = conversationId(c);
    if (!id || !(await c.var.deps.store.conversations.remove(id))) return notFound(c);
    c.var.deps.logger.info("conversation deleted", { id, by: c.var.user?.id });
    return c.json({ id });
  });
