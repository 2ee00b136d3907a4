import { Hono, type Context } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { AI_TASK_IDS, AI_TASK_MESSAGES, MAX_AI_TITLE, TOO_MANY_DRAFTS } from "#content/ai-tasks.ts";
import { storableText } from "#content/storable-text.ts";
import { CONVERSATION_ID, CONVERSATION_PAGE_MAX } from "#content/conversations.ts";
import { pagePath } from "#content/page-path.ts";
import { AI_SETTINGS_KEY } from "#content/sections.ts";
import type { AiSettings, ContactContent } from "#content/schemas.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { requireAdmin } from "#server/http/middleware.ts";
import { answerQuestion } from "./chat-answer.ts";
import { draftTasks } from "./draft-tasks.ts";
import { handoffIntent, type HandoffReason } from "./handoff.ts";
import { draftPrompt, type ChatTurn } from "./prompts.ts";
import { AiError, GENERATION_FAILED } from "./provider.ts";

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
  page: pagePath(CONVERSATION_PAGE_MAX).optional(),
});

async function aiSettings(c: Context<AppBindings>): Promise<AiSettings> {
  return (await c.var.deps.store.documents.get(AI_SETTINGS_KEY)).data as AiSettings;
}

function logFailure(c: Context<AppBindings>, what: string, error: unknown) {
  c.var.deps.logger.warn(`${what} failed`, {
    provider: c.var.deps.ai.provider.kind,
    detail: error instanceof AiError ? (error.detail ?? error.message) : String(error),
  });
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
    const contact = (await c.var.deps.store.documents.get("contact")).data as ContactContent;

    c.header("Cache-Control", "no-store");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let said = "";
      let answered = false;
      let failed = false;
      try {
        await stream.writeSSE({ event: "conversation", data: JSON.stringify({ id: conversation }) });
        const answer = await answerQuestion({
          question: message,
          history,
          provider: ai.provider,
          index: ai.index,
          contactEmail: contact.info.email,
          handoff: handoff !== undefined,
          signal: c.req.raw.signal,
        });
        answered = answer.answered;
        for await (const text of answer.pieces) {
          if (stream.aborted) break;
          said += text;
          await stream.writeSSE({ event: "delta", data: JSON.stringify({ text }) });
        }
        // The pages the answer drew on, for the panel to link under it.
        await stream.writeSSE({ event: "sources", data: JSON.stringify(answer.sources()) });
        // Then the panel offers to pass the conversation to the team: when asked, or when the site had no answer.
        const reason: HandoffReason | undefined = handoff ?? (answered ? undefined : "unanswered");
        if (reason) await stream.writeSSE({ event: "handoff", data: JSON.stringify({ reason }) });
        await stream.writeSSE({ event: "done", data: "{}" });
      } catch (error) {
        failed = true;
        logFailure(c, "chat answer", error);
        await stream.writeSSE({ event: "error", data: JSON.stringify({ error: CHAT_MESSAGES.failed }) });
      } finally {
        await conversations
          .add(conversation, [
            { sender: "user", text: message, at: askedAt, answered: answered && !failed },
            { sender: "ai", text: failed ? CHAT_MESSAGES.failed : said, at: new Date().toISOString(), answered: null },
          ])
          .catch((error: unknown) => logFailure(c, "keeping the conversation", error));
      }
    });
  });
