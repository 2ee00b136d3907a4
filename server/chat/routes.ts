import { DEFAULT_LOCALE, isLocale, type Locale } from "#content/locales.ts";
import { readLocalized } from "#server/content/localized.ts";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { streamSSE } from "hono/streaming";
import { CHAT_LIMITS, chatRequestSchema, publicChatSettingsSchema, type ChatTurn } from "#content/chat.ts";
import { AI_SETTINGS_KEY } from "#content/sections.ts";
import type { AiSettings } from "#content/schemas.ts";
import { aiFailureDetail } from "#server/ai/provider.ts";
import type { AiService } from "#server/ai/service.ts";
import { submitMessage } from "#server/contact/submit.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody, readJson } from "#server/http/parse-body.ts";
import type { Logger } from "#server/logger.ts";
import { answerQuestion } from "./answer.ts";
import { handoffIntent } from "./handoff.ts";
import { chatLead, leadRefusalIn } from "./lead.ts";
import { questionLocale } from "./question-locale.ts";
import { CHAT_REPLIES } from "./replies.ts";
import type { ChatService } from "./service.ts";
import { writeChatEvent } from "./stream.ts";

/**
 * What the chat answers instead of an answer (docs/product.md §8), in English;
 * the panel shows them as they are. A question in Sinhala or Tamil gets them
 * in its language (./replies.ts).
 */
export const CHAT_MESSAGES = CHAT_REPLIES.en.refusals;

/** A lead is a note and at most 30 chat messages of 2,000 characters: room for them in any script, little more. */
export const MAX_LEAD_BODY_BYTES = 256 * 1024;

/** What the chat's routes use of the app's services: a lead's also what the Contact form's path uses. */
type ChatDeps = Parameters<typeof submitMessage>[0] & {
  store: Pick<Store, "documents" | "translations" | "conversations">;
  ai: Pick<AiService, "provider">;
  chat: ChatService;
  logger: Logger;
};

type ChatContext = Context<AppBindings<ChatDeps>>;

/** A visitor's question as the chat answers it: trimmed, with the latest turns before it. */
interface Question {
  text: string;
  history: ChatTurn[];
  /** The conversation it continues, as the panel says (it may since have been deleted). */
  conversation: string | undefined;
  /** The page the chat is on, for a new conversation. */
  page: string;
  /** The language to answer in (./question-locale.ts). */
  locale: Locale;
}

async function aiSettings(c: ChatContext): Promise<AiSettings> {
  return (await c.var.deps.store.documents.get(AI_SETTINGS_KEY)).data;
}

function logFailure(c: ChatContext, what: string, error: unknown) {
  c.var.deps.logger.warn(`${what} failed`, { provider: c.var.deps.ai.provider.kind, detail: aiFailureDetail(error) });
}

/** The question in the request, or the answer that refuses it (400). */
async function readQuestion(
  c: ChatContext,
): Promise<{ ok: true; question: Question } | { ok: false; response: Response }> {
  const body = await parseBody(c, chatRequestSchema);
  if (!body.ok) return body;
  const text = body.data.message.trim();
  const page = body.data.page ?? "/";
  const locale = questionLocale(text, page);
  const { refusals } = CHAT_REPLIES[locale];
  if (!text) return { ok: false, response: jsonError(c, 400, refusals.empty) };
  if (text.length > CHAT_LIMITS.message) return { ok: false, response: jsonError(c, 400, refusals.tooLong) };
  const history = body.data.history
    .slice(-CHAT_LIMITS.historyTurns)
    .map((turn) => ({ sender: turn.sender, text: turn.text.trim().slice(0, CHAT_LIMITS.historyText) }))
    .filter((turn) => turn.text !== "");
  return { ok: true, question: { text, history, conversation: body.data.conversation, page, locale } };
}

/**
 * The refusal when this visitor asks too fast (429), the chat is off (503) or
 * today's answers are used up (429), in the question's language.
 */
async function refusal(c: ChatContext, locale: Locale): Promise<Response | undefined> {
  const { chat } = c.var.deps;
  const { refusals } = CHAT_REPLIES[locale];
  const rate = await chat.perIp.hit(c.var.clientIp);
  if (!rate.allowed) {
    c.header("Retry-After", String(rate.retryAfterSeconds));
    return jsonError(c, 429, refusals.rateLimited);
  }
  const dailyLimit = (await aiSettings(c)).chatDailyLimit;
  if (dailyLimit === 0) return jsonError(c, 503, refusals.off);
  if (!(await chat.today.take(dailyLimit))) return jsonError(c, 429, refusals.dailyCap);
  return undefined;
}

/**
 * The answer as Server-Sent Events (content/chat.ts CHAT_EVENTS), in the
 * question's language, the question and the answer kept in the conversation
 * once it has ended, whatever happened.
 */
async function streamAnswer(c: ChatContext, question: Question): Promise<Response> {
  const { ai, chat, store } = c.var.deps;
  const { failed: failure } = CHAT_REPLIES[question.locale].refusals;
  const askedAt = new Date().toISOString();
  // Kept for staff (no address): the conversation this continues, or a new one in this language.
  const conversation =
    question.conversation && (await store.conversations.exists(question.conversation))
      ? question.conversation
      : await store.conversations.start(question.page, askedAt, question.locale);
  // A visitor asking for a person, a call, a meeting or a quote is always offered the team (./handoff.ts).
  const handoff = handoffIntent(question.text);
  const contact = (await store.documents.get("contact")).data;

  c.header("Cache-Control", "no-store");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let said = "";
    let answered = false;
    let fromAnswers = false;
    let failed = false;
    try {
      await writeChatEvent(stream, "conversation", { id: conversation });
      const answer = await answerQuestion({
        question: question.text,
        history: question.history,
        provider: ai.provider,
        index: chat.index,
        answers: chat.answers,
        contactEmail: contact.info.email,
        handoff: handoff !== undefined,
        locale: question.locale,
        signal: c.req.raw.signal,
      });
      answered = answer.answered;
      fromAnswers = answer.fromAnswers;
      for await (const text of answer.pieces) {
        if (stream.aborted) break;
        said += text;
        await writeChatEvent(stream, "delta", { text });
      }
      // The pages the answer drew on, for the panel to link under it.
      await writeChatEvent(stream, "sources", answer.sources());
      // Then the panel offers to pass the conversation to the team: when asked, or when the site had no answer.
      const reason = handoff ?? (answered ? undefined : "unanswered");
      if (reason) await writeChatEvent(stream, "handoff", { reason });
      await writeChatEvent(stream, "done", {});
    } catch (error) {
      failed = true;
      logFailure(c, "chat answer", error);
      await writeChatEvent(stream, "error", { error: failure });
    } finally {
      await store.conversations
        .add(conversation, [
          { sender: "user", text: question.text, at: askedAt, answered: answered && !failed, fromAnswers },
          { sender: "ai", text: failed ? failure : said, at: new Date().toISOString(), answered: null },
        ])
        .catch((error: unknown) => logFailure(c, "keeping the conversation", error));
    }
  });
}

/**
 * The public assistant (docs/product.md §2 "Chat widget"), mounted at
 * /api/chat. The knowledge base and the key stay on the server: browsers
 * only ever get the answers.
 *
 * - `POST /`: a question, answered as a stream (content/chat.ts), in the
 *   question's language (./question-locale.ts).
 * - `POST /lead`: the panel's "Talk to the team" form. Origin-checked like
 *   every API write (server/http/middleware.ts); a lead goes through the
 *   Contact form's honeypot, limits and store-first delivery
 *   (server/contact/submit.ts) and answers as the form does: `{ok: true}`,
 *   or the form's error with each field's, in the language of its page.
 * - `GET /settings`: what the panel shows from the AI settings, for anyone.
 */
export const chatRoutes = new Hono<AppBindings<ChatDeps>>()
  .post("/", async (c) => {
    const read = await readQuestion(c);
    if (!read.ok) return read.response;
    return (await refusal(c, read.question.locale)) ?? streamAnswer(c, read.question);
  })
  .post(
    "/lead",
    bodyLimit({
      maxSize: MAX_LEAD_BODY_BYTES,
      onError: (c) => {
        c.header("Connection", "close");
        return jsonError(c, 413, "Your message is too long to send. Please shorten it and try again.");
      },
    }),
    async (c) => {
      const read = await readJson(c);
      if (!read.ok) return read.response;
      const body = read.body;
      if (typeof body !== "object" || body === null || Array.isArray(body))
        return jsonError(c, 400, "The request body must be a JSON object.");
      const result = await submitMessage(c.var.deps, chatLead, body as Record<string, unknown>, {
        ip: c.var.clientIp,
        userAgent: c.req.header("user-agent") ?? null,
        origin: new URL(c.req.url).origin,
      });
      c.header("Cache-Control", "no-store");
      if (result.ok) return c.json({ ok: true }, 201);
      if (result.reason === "rate-limited") c.header("Retry-After", String(result.retryAfterSeconds));
      const refused = leadRefusalIn(result, body as Record<string, unknown>);
      return jsonError(c, result.status, refused.formError, { fieldErrors: refused.fieldErrors });
    },
  )
  .get("/settings", async (c) => {
    c.header("Cache-Control", "no-store");
    // In the page's language (`?locale=`): the greeting and suggested questions are texts of it.
    const asked = c.req.query("locale");
    const locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
    const { data } = await readLocalized(c.var.deps.store, AI_SETTINGS_KEY, locale);
    // The schema keeps only what the panel shows: never the knowledge bases.
    return c.json(publicChatSettingsSchema.parse(data));
  });
