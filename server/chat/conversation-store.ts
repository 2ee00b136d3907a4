import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { ConversationSummary } from "#content/conversations.ts";
import { DEFAULT_LOCALE, isLocale } from "#content/locales.ts";
import type { Conversation, ConversationStore, ConversationTables } from "./conversation-types.ts";

type ConversationRow = Selectable<ConversationTables["chat_conversations"]>;
type MessageRow = Selectable<ConversationTables["chat_messages"]>;

/** The admin's search reads this much of a conversation's questions. */
const SEARCH_MAX = 20_000;

const toSummary = (row: ConversationRow): ConversationSummary => ({
  id: row.id,
  startedAt: row.started_at,
  lastAt: row.last_at,
  page: row.page,
  // Only the server writes it; a value no version knows reads as English.
  locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
  questions: row.questions,
  unanswered: row.unanswered,
  firstQuestion: row.first_question,
});

function toConversation(row: ConversationRow, messages: readonly MessageRow[]): Conversation {
  const { firstQuestion: _first, ...summary } = toSummary(row);
  return {
    ...summary,
    messages: messages.map((m) => ({
      sender: m.sender === "user" ? "user" : "ai",
      text: m.text,
      at: m.at,
      answered: m.answered === null ? null : m.answered === 1,
      ...(m.from_answers === 1 && { fromAnswers: true }),
    })),
  };
}

/** `%word%` for LIKE, with LIKE's own characters escaped by "\". */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conversations, newest activity first; a conversation's messages in the order they were said. */
export function createConversationStore(db: Kysely<ConversationTables>): ConversationStore {
  const messagesOf = (ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("chat_messages")
          .selectAll()
          .where("conversation_id", "in", ids)
          .orderBy("conversation_id")
          .orderBy("id")
          .execute();

  return {
    async start(page, at = new Date().toISOString(), locale = DEFAULT_LOCALE) {
      const id = randomBytes(16).toString("base64url");
      await db
        .insertInto("chat_conversations")
        .values({
          id,
          started_at: at,
          last_at: at,
          page,
          locale,
          questions: 0,
          unanswered: 0,
          first_question: "",
          search: "",
        })
        .execute();
      return id;
    },

    async exists(id) {
      return (
        (await db.selectFrom("chat_conversations").select("id").where("id", "=", id).executeTakeFirst()) !== undefined
      );
    },

    async add(id, messages) {
      if (messages.length === 0) return;
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("chat_conversations").selectAll().where("id", "=", id).executeTakeFirst();
        if (!row) return;
        await trx
          .insertInto("chat_messages")
          .values(
            messages.map((m) => ({
              conversation_id: id,
              sender: m.sender,
              text: m.text,
              at: m.at,
              answered: m.answered === null ? null : m.answered ? 1 : 0,
              // Only a yes is kept: null reads as no, as for questions kept before it was counted.
              from_answers: m.sender === "user" && m.fromAnswers ? 1 : null,
            })),
          )
          .execute();
        const questions = messages.filter((m) => m.sender === "user");
        const asked = questions.map((m) => m.text.toLowerCase()).join("\n");
        await trx
          .updateTable("chat_conversations")
          .set({
            last_at: messages.at(-1)!.at,
            questions: row.questions + questions.length,
            unanswered: row.unanswered + questions.filter((m) => m.answered === false).length,
            from_answers: row.from_answers + questions.filter((m) => m.fromAnswers === true).length,
            first_question: row.first_question || (questions[0]?.text ?? ""),
            search: (row.search ? `${row.search}\n${asked}` : asked).slice(0, SEARCH_MAX),
          })
          .where("id", "=", id)
          .execute();
      });
    },

    async list({ query = "", unanswered = false, locale, page = 1, pageSize }) {
      let filtered = db.selectFrom("chat_conversations").where("questions", ">", 0);
      for (const word of query.toLowerCase().split(/\s+/).filter(Boolean)) {
        filtered = filtered.where(sql<boolean>`search like ${containing(word)} escape '\\'`);
      }
      if (unanswered) filtered = filtered.where("unanswered", ">", 0);
      if (locale) filtered = filtered.where("locale", "=", locale);
      const counted = await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const total = Number(counted.n);
      const rows = await filtered
        .selectAll()
        .orderBy("last_at", "desc")
        .orderBy("id")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { conversations: rows.map(toSummary), total, page, pages: Math.max(1, Math.ceil(total / pageSize)) };
    },

    async get(id) {
      const row = await db.selectFrom("chat_conversations").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toConversation(row, await messagesOf([id])) : undefined;
    },

    async all() {
      const rows = await db
        .selectFrom("chat_conversations")
        .selectAll()
        .where("questions", ">", 0)
        .orderBy("started_at")
        .orderBy("id")
        .execute();
      const messages = await db
        .selectFrom("chat_messages")
        .selectAll()
        .orderBy("conversation_id")
        .orderBy("id")
        .execute();
      const byConversation = new Map<string, MessageRow[]>();
      for (const message of messages) {
        const list = byConversation.get(message.conversation_id);
        if (list) list.push(message);
        else byConversation.set(message.conversation_id, [message]);
      }
      return rows.map((row) => toConversation(row, byConversation.get(row.id) ?? []));
    },

    async remove(id) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("chat_messages").where("conversation_id", "=", id).execute();
        const deleted = await trx.deleteFrom("chat_conversations").where("id", "=", id).executeTakeFirst();
        return Number(deleted.numDeletedRows) > 0;
      });
    },

    async startedBetween(from, to) {
      const rows = await db
        .selectFrom("chat_conversations")
        .select(["started_at", "page", "unanswered", "from_answers"])
        .where("started_at", ">=", from)
        .where("started_at", "<", to)
        .where("questions", ">", 0)
        .execute();
      return rows.map((row) => ({
        startedAt: row.started_at,
        page: row.page,
        unanswered: row.unanswered,
        fromAnswers: row.from_answers,
      }));
    },

    async removeOlderThan(before) {
      return db.transaction().execute(async (trx) => {
        const old = trx.selectFrom("chat_conversations").select("id").where("last_at", "<", before);
        await trx.deleteFrom("chat_messages").where("conversation_id", "in", old).execute();
        const deleted = await trx.deleteFrom("chat_conversations").where("last_at", "<", before).executeTakeFirst();
        return Number(deleted.numDeletedRows);
      });
    },
  };
}
