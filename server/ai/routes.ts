import { Hono, type Context } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { AI_TASK_IDS, AI_TASK_MESSAGES, MAX_AI_TITLE, TOO_MANY_DRAFTS } from "#content/ai-tasks.ts";
import { storableText } from "#content/storable-text.ts";
import { CONVERSATION_ID, CONVERSATION_PAGE_MAX } from "#content/conversations.ts";
import { AI_SETTINGS_KEY } from "#content/sections.ts";
import type { AboutContent, AiSettings, ContactContent, ServicesContent } from "#content/schemas.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { requireAdmin } from "#server/http/middleware.ts";
import { draftTasks } from "./draft-tasks.ts";
import { HANDOFF_REPLY, handoffIntent, type HandoffReason } from "./handoff.ts";
import { chatPrompt, draftPrompt, type ChatTurn } from "./prompts.ts";
import { AiError, GENERATION_FAILED } from "./provider.ts";
import { retrievalAnswer, type SiteContent } from "./retrieval.ts";

export const MAX_CHAT_MESSAGE = 1_000;
export const MAX_HISTORY_TURNS = 10;
export const MAX_HISTORY_TEXT = 2_000;

export const CHAT_MESSAGES = {
  tooLong: `Your message is too long. Please keep it under ${MAX_CHAT_MESSAGE} characters.`,
  empty: "Please type a message first.",
  rateLimited:
    "You're sending messages a little too quickly. Please wait a few minutes and try again, or contact us directly.",
  dailyCap:
    "Our assistant has answered a lot of questions today and is taking a break. Please try again tomorrow, or contact us directly through the Contact Us page.",
  off: "The chat assistant is switched off at the moment. Please contact us directly through the Contact Us page.",
  failed: "The assistant could not answer just now.",
} as const;

const generateSchema = z.strictObject({
  task: z.enum(AI_TASK_IDS, { error: `task must be one of: ${AI_TASK_IDS.join(", ")}.` }),
  title: z
    .string({ error: "title must be text." })
    .overwrite(storableText)
    .max(MAX_AI_TITLE, `The title is too long (at most ${MAX_AI_TITLE} characters).`),
});

const chatSchema = z.strictObject({
  // Cleaned like stored text: a provider may refuse a lone surrogate in its JSON.
  message: z.string({ error: "message must be text." }).overwrite(storableText),
  history: z
    .array(
      z.strictObject({
        sender: z.enum(["user", "ai"], { error: 'sender must be "user" or "ai".' }),
        text: z.string({ error: "text must be text." }).overwrite(storableText),
      }),
      { error: "history must be a list of messages." },
    )
    .max(200, "history is too long.")
    .default([]),
  /** The conversation this question continues (the id the server sent with the first answer). */
  conversation: z
    .string({ error: "conversation must be text." })
    .regex(CONVERSATION_ID, "Unknown conversation.")
    .optional(),
  /** The page the chat is on, kept with a new conversation. */
  page: z
    .string({ error: "page must be text." })
    .max(CONVERSATION_PAGE_MAX, "page is too long.")
    .regex(/^\/[^\s]*$/, "page must be a path such as /services.")
    .optional(),
});

/** A retrieval answer that found nothing on the site starts so (./retrieval.ts). */
const NOTHING_FOUND = /^I'm sorry, I couldn't find an answer/;

async function aiSettings(c: Context<AppBindings>): Promise<AiSettings> {
  return (await c.var.deps.store.documents.get(AI_SETTINGS_KEY)).data as AiSettings;
}

/** Posts the chat reads (all of them on any blog a person writes). */
const MAX_POSTS_READ = 100_000;

async function siteContent(c: Context<AppBindings>, settings: AiSettings): Promise<SiteContent> {
  const { documents } = c.var.deps.store;
  const [services, about, contact, posts] = await Promise.all([
    documents.get("services"),
    documents.get("about"),
    documents.get("contact"),
    // Every post's card (no bodies), newest first.
    c.var.deps.store.posts.list({ audience: "public", pageSize: MAX_POSTS_READ }),
  ]);
  return {
    knowledgeBase: settings.knowledgeBase,
    services: services.data as ServicesContent,
    about: about.data as AboutContent,
    contact: contact.data as ContactContent,
    posts: posts.posts,
  };
}

function logFailure(c: Context<AppBindings>, what: string, error: unknown) {
  c.var.deps.logger.warn(`${what} failed`, {
    provider: c.var.deps.ai.provider.kind,
    detail: error instanceof AiError ? (error.detail ?? error.message) : String(error),
  });
}

/** Paragraph-sized pieces, so a retrieval answer streams like a model's. */
function pieces(text: string): string[] {
  return text.split(/(?<=\n\n)/);
}

/**
 * POST /ai/generate (admin drafting buttons) and POST /chat (the public
 * assistant, streamed as Server-Sent Events). The knowledge base and the key
 * stay here: browsers only ever get the answers.
 */
export const aiRoutes = new Hono<AppBindings>()
  .post("/ai/generate", requireAdmin, async (c) => {
    const { ai } = c.var.deps;
    const limit = await ai.draftsPerAdmin.hit(c.var.user!.email);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      return jsonError(c, 429, TOO_MANY_DRAFTS);
    }
    const body = await parseBody(c, generateSchema);
    if (!body.ok) return body.response;
    const { task } = body.data;
    const title = body.data.title.trim();
    if (!title) return jsonError(c, 400, AI_TASK_MESSAGES[task].titleRequired);
    const settings = await aiSettings(c);
    try {
      const signal = c.req.raw.signal;
      const result = await draftTasks[task](
        (prompt) => ai.provider.generate(draftPrompt(prompt, title, settings), { signal }),
        title,
      );
      return c.json(result);
    } catch (error) {
      logFailure(c, `AI draft (${task})`, error);
      if (error instanceof AiError) return jsonError(c, error.status, error.message);
      return jsonError(c, 502, GENERATION_FAILED);
    }
  })
  .post("/chat", async (c) => {
    const { ai } = c.var.deps;
    const body = await parseBody(c, chatSchema);
    if (!body.ok) return body.response;
    const message = body.data.message.trim();
    if (!message) return jsonError(c, 400, CHAT_MESSAGES.empty);
    if (message.length > MAX_CHAT_MESSAGE) return jsonError(c, 400, CHAT_MESSAGES.tooLong);
    const history: ChatTurn[] = body.data.history
      .slice(-MAX_HISTORY_TURNS)
      .map((turn) => ({ sender: turn.sender, text: turn.text.trim().slice(0, MAX_HISTORY_TEXT) }))
      .filter((turn) => turn.text !== "");

    const rate = await ai.chatPerIp.hit(c.var.clientIp);
    if (!rate.allowed) {
      c.header("Retry-After", String(rate.retryAfterSeconds));
      return jsonError(c, 429, CHAT_MESSAGES.rateLimited);
    }
    const settings = await aiSettings(c);
    const dailyLimit = settings.chatDailyLimit;
    if (dailyLimit === 0) return jsonError(c, 503, CHAT_MESSAGES.off);
    if (!(await ai.chatToday.take(dailyLimit))) return jsonError(c, 429, CHAT_MESSAGES.dailyCap);

    // Kept for the owner (no address): the conversation this continues, or a new one.
    const { conversations } = c.var.deps.store;
    const asked = body.data.conversation;
    const conversation =
      asked && (await conversations.exists(asked)) ? asked : await conversations.start(body.data.page ?? "/");
    const askedAt = new Date().toISOString();

    // A visitor asking for a person, a call, a meeting or a quote is always offered the team (./handoff.ts).
    const handoff = handoffIntent(message);
    const answer: AsyncIterable<string> =
      ai.provider.kind === "none"
        ? toAsync(pieces(noModelAnswer(message, await siteContent(c, settings), handoff !== undefined)))
        : ai.provider.stream(chatPrompt(settings.knowledgeBase, history, message, { handoff: handoff !== undefined }), {
            signal: c.req.raw.signal,
          });

    c.header("Cache-Control", "no-store");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let said = "";
      let failed = false;
      try {
        await stream.writeSSE({ event: "conversation", data: JSON.stringify({ id: conversation }) });
        for await (const text of answer) {
          if (stream.aborted) break;
          said += text;
          await stream.writeSSE({ event: "delta", data: JSON.stringify({ text }) });
        }
        // After the answer, the panel offers to pass the conversation to the team.
        const unanswered = ai.provider.kind === "none" && NOTHING_FOUND.test(said);
        const reason: HandoffReason | undefined = handoff ?? (unanswered ? "unanswered" : undefined);
        if (reason) await stream.writeSSE({ event: "handoff", data: JSON.stringify({ reason }) });
        await stream.writeSSE({ event: "done", data: "{}" });
      } catch (error) {
        failed = true;
        logFailure(c, "chat answer", error);
        await stream.writeSSE({ event: "error", data: JSON.stringify({ error: CHAT_MESSAGES.failed }) });
      } finally {
        const answered = failed ? false : ai.provider.kind === "none" ? !NOTHING_FOUND.test(said) : null;
        await conversations
          .add(conversation, [
            { sender: "user", text: message, at: askedAt, answered },
            { sender: "ai", text: failed ? CHAT_MESSAGES.failed : said, at: new Date().toISOString(), answered: null },
          ])
          .catch((error: unknown) => logFailure(c, "keeping the conversation", error));
      }
    });
  });

/** The answer with no model: the site's passages, or, for a hand-off request they say nothing about, a yes. */
function noModelAnswer(message: string, site: SiteContent, handoff: boolean): string {
  const found = retrievalAnswer(message, site);
  return handoff && NOTHING_FOUND.test(found) ? HANDOFF_REPLY : found;
}

async function* toAsync<T>(items: Iterable<T>): AsyncIterable<T> {
  yield* items;
}
