/**
 * The chat's contract between the panel and the server (docs/product.md §2
 * "Chat widget", §7): its limits, the question POST /api/chat takes, the
 * events its answer streams with each one's payload, the settings visitors
 * read (GET /api/chat/settings), and the reader of the stream. Shared by
 * browser and server; the server's side is server/chat/.
 *
 * Built with zod/mini, since the panel ships these schemas: all of zod would
 * add more to it than the panel itself (docs/decisions/018-chat-home.md).
 */
import { CONVERSATION_ID, CONVERSATION_PAGE_MAX } from "./conversations.ts";
import { pagePath } from "./page-path.ts";
import { storableText } from "./storable-text.ts";
import { mini as z } from "./zod.ts";

export const CHAT_LIMITS = {
  /** The longest question, in characters once trimmed (the panel's text box takes no more). */
  message: 1_000,
  /** The latest turns the panel sends with a question, all a model reads of the conversation. */
  historyTurns: 10,
  /** Each turn of the history is cut to this many characters. */
  historyText: 2_000,
  /** The longest history the server reads at all. */
  historyMessages: 200,
} as const;

/** One earlier message of the conversation, as the panel sends it and a model reads it. */
const turnSchema = z.strictObject({
  sender: z.enum(["user", "ai"], { error: 'sender must be "user" or "ai".' }),
  // Cleaned like stored text: a provider may refuse a lone surrogate in its JSON.
  text: z.string({ error: "text must be text." }).check(z.overwrite(storableText)),
});
export type ChatTurn = z.output<typeof turnSchema>;

/** The body of POST /api/chat. The question's length is checked once trimmed, by the route. */
export const chatRequestSchema = z.strictObject({
  message: z.string({ error: "message must be text." }).check(z.overwrite(storableText)),
  history: z._default(
    z
      .array(turnSchema, { error: "history must be a list of messages." })
      .check(z.maxLength(CHAT_LIMITS.historyMessages, "history is too long.")),
    [],
  ),
  /** The conversation this question continues (the id of the `conversation` event). */
  conversation: z.optional(
    z.string({ error: "conversation must be text." }).check(z.regex(CONVERSATION_ID, "Unknown conversation.")),
  ),
  /** The page the chat is on, kept with a new conversation. */
  page: z.optional(pagePath(CONVERSATION_PAGE_MAX)),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

/**
 * Why the panel is told to offer the team: what the visitor asked for (the
 * server's table of phrases, server/chat/handoff.ts), or no answer on the site.
 */
export const HANDOFF_REASONS = ["person", "call", "meeting", "quote", "unanswered"] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];

/** A page of the site an answer drew on: a path here, never another site. */
const sourceSchema = z.object({ title: z.string(), url: z.string().check(z.regex(/^\/(?!\/)/)) });
export type ChatSource = z.output<typeof sourceSchema>;

/**
 * The events of an answer, by name, with each one's payload (its `data`, as
 * JSON), in the order they come: `conversation` first, then `delta`s, then
 * `sources`, then `handoff` when the team should be offered, then `done`; or
 * `error` in place of the rest.
 */
export const CHAT_EVENTS = {
  /** The id of the conversation the question was kept in, sent back with the next one. */
  conversation: z.object({ id: z.string().check(z.regex(CONVERSATION_ID)) }),
  /** The next piece of the answer's text. */
  delta: z.object({ text: z.string() }),
  /** The pages the answer drew on, linked under it. */
  sources: z.array(sourceSchema),
  /** Offer the visitor the team ("Would you like our team to get back to you?"). */
  handoff: z.object({ reason: z.enum(HANDOFF_REASONS) }),
  done: z.object({}),
  /** The answer failed; the panel says so in its own words. */
  error: z.object({ error: z.string() }),
} as const;

export type ChatEventName = keyof typeof CHAT_EVENTS;
export type ChatEventData<K extends ChatEventName> = z.output<(typeof CHAT_EVENTS)[K]>;
export type ChatEvent = { [K in ChatEventName]: { event: K; data: ChatEventData<K> } }[ChatEventName];

/**
 * What visitors read of the AI settings: what the panel shows. Unknown fields
 * are dropped, so the server answers with this schema's output and the
 * knowledge bases stay behind.
 */
export const publicChatSettingsSchema = z.object({
  greeting: z.string(),
  chatRetentionDays: z.number(),
  suggestedQuestions: z.array(z.string()),
});
export type PublicChatSettings = z.output<typeof publicChatSettingsSchema>;

/** An answer's stream the panel cannot read: an event named here whose data is not its payload. */
export class ChatStreamError extends Error {
  override name = "ChatStreamError";
}

/**
 * Reads an answer's events from its text, in chunks cut anywhere, as
 * Server-Sent Events: `event:` and `data:` lines (several `data:` lines are
 * one payload, joined by line breaks), other fields and `:` comments
 * ignored, a blank line ending each event. Events this contract does not
 * name are skipped, so a newer server may add some; an event it names whose
 * data is not JSON or not its payload throws a ChatStreamError.
 */
export class ChatStreamReader {
  /** What follows the last line end read. */
  #rest = "";
  /** The last chunk ended in "\r": a "\n" opening the next one belongs to it. */
  #endedInCr = false;
  #event = "";
  #data: string[] = [];

  /** The events that `chunk` completes, in order, read as they are iterated: iterate to the end. */
  *push(chunk: string): Generator<ChatEvent, void, undefined> {
    const skip = this.#endedInCr && chunk.startsWith("\n") ? 1 : 0;
    if (chunk !== "") this.#endedInCr = chunk.endsWith("\r");
    const text = this.#rest + chunk.slice(skip);
    let start = 0;
    for (const end of text.matchAll(/\r\n|\r|\n/g)) {
      const line = text.slice(start, end.index);
      start = end.index + end[0].length;
      this.#rest = text.slice(start);
      const event = this.#line(line);
      if (event) yield event;
    }
    this.#rest = text.slice(start);
  }

  #line(line: string): ChatEvent | undefined {
    if (line === "") return this.#dispatch();
    const colon = line.indexOf(":");
    if (colon === 0) return undefined;
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") this.#event = value;
    else if (field === "data") this.#data.push(value);
    return undefined;
  }

  #dispatch(): ChatEvent | undefined {
    const name = this.#event;
    const data = this.#data.join("\n");
    this.#event = "";
    this.#data = [];
    if (data === "" || !Object.hasOwn(CHAT_EVENTS, name)) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      throw new ChatStreamError(`The chat's "${name}" event is not JSON.`);
    }
    const payload = CHAT_EVENTS[name as ChatEventName].safeParse(json);
    if (!payload.success) throw new ChatStreamError(`The chat's "${name}" event is not what the panel reads.`);
    return { event: name, data: payload.data } as ChatEvent;
  }
}

/** The events of an answer's body as they arrive, read by a ChatStreamReader. */
export async function* readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatEvent, void, undefined> {
  const reader = new ChatStreamReader();
  const decoder = new TextDecoder();
  const bytes = body.getReader();
  try {
    for (;;) {
      const { value, done } = await bytes.read();
      if (done) break;
      yield* reader.push(decoder.decode(value, { stream: true }));
    }
    yield* reader.push(decoder.decode());
  } finally {
    // Read to its `done` event, or given up on: either way the rest is not wanted.
    await bytes.cancel().catch(() => undefined);
  }
}
