import { describe, expect, it } from "vitest";
import {
  CHAT_LIMITS,
  chatRequestSchema,
  ChatStreamError,
  ChatStreamReader,
  publicChatSettingsSchema,
  readChatStream,
  type ChatEvent,
} from "./chat.ts";

/** An event as the server writes it (Hono's writeSSE: `event:`, one `data:` line per line, a blank line). */
const frame = (event: string, data: string) =>
  `event: ${event}\n${data
    .split("\n")
    .map((line) => `data: ${line}`)
    .join("\n")}\n\n`;

const ANSWER = [
  frame("conversation", JSON.stringify({ id: "AbCdEfGhIjKlMnOpQrStUv" })),
  frame("delta", JSON.stringify({ text: "We offer " })),
  frame("delta", JSON.stringify({ text: "SEO, “brand” work and ශ්‍රී Lanka-wide ads.\n\nAsk away." })),
  frame("sources", JSON.stringify([{ title: "Services", url: "/services" }])),
  frame("handoff", JSON.stringify({ reason: "quote" })),
  frame("done", "{}"),
].join("");

const EVENTS: ChatEvent[] = [
  { event: "conversation", data: { id: "AbCdEfGhIjKlMnOpQrStUv" } },
  { event: "delta", data: { text: "We offer " } },
  { event: "delta", data: { text: "SEO, “brand” work and ශ්‍රී Lanka-wide ads.\n\nAsk away." } },
  { event: "sources", data: [{ title: "Services", url: "/services" }] },
  { event: "handoff", data: { reason: "quote" } },
  { event: "done", data: {} },
];

/** Everything a reader makes of `chunks`, in order; a thrown error ends the list. */
function read(chunks: readonly string[]): (ChatEvent | Error)[] {
  const reader = new ChatStreamReader();
  const seen: (ChatEvent | Error)[] = [];
  try {
    for (const chunk of chunks) for (const event of reader.push(chunk)) seen.push(event);
  } catch (error) {
    seen.push(error as Error);
  }
  return seen;
}

describe("ChatStreamReader", () => {
  it("reads an answer, typed, whole or cut in two at any position", () => {
    expect(read([ANSWER])).toEqual(EVENTS);
    for (let at = 0; at <= ANSWER.length; at += 1) {
      expect(read([ANSWER.slice(0, at), ANSWER.slice(at)]), `cut at ${at}`).toEqual(EVENTS);
    }
  });

  it("reads an answer arriving a character at a time, or with every line ending in \\r\\n or \\r", () => {
    expect(read([...ANSWER])).toEqual(EVENTS);
    for (const ending of ["\r\n", "\r"]) {
      const text = ANSWER.replaceAll("\n", ending);
      expect(read([text])).toEqual(EVENTS);
      // "\r" then "\n" in separate chunks is one line end, not two.
      for (let at = 0; at <= text.length; at += 1) {
        expect(read([text.slice(0, at), text.slice(at)]), `${JSON.stringify(ending)} cut at ${at}`).toEqual(EVENTS);
      }
    }
  });

  it("joins several data lines into one payload", () => {
    const text = 'event: delta\ndata: {"text":\ndata:  "two\\nlines"\ndata: }\n\n';
    expect(read([text])).toEqual([{ event: "delta", data: { text: "two\nlines" } }]);
    expect(read([frame("sources", JSON.stringify([{ title: "About", url: "/about" }], null, 2))])).toEqual([
      { event: "sources", data: [{ title: "About", url: "/about" }] },
    ]);
  });

  it("skips events the contract does not name, comments, other fields and events without data", () => {
    const text = [
      ": a comment, such as a proxy's keep-alive\n\n",
      frame("ping", "{}"),
      frame("constructor", "{}"),
      frame("__proto__", "{}"),
      // No `event:` line: a "message" event.
      'data: {"text":"not an event of the chat"}\n\n',
      "event: delta\n\n",
      "event: delta\ndata\n\n",
      'event: delta\nid: 7\nretry: 1000\ndata: {"text":"kept"}\n\n',
      "event:done\ndata:{}\n\n",
    ].join("");
    expect(read([text])).toEqual([
      { event: "delta", data: { text: "kept" } },
      { event: "done", data: {} },
    ]);
  });

  it("gives an event only once its blank line arrives", () => {
    const reader = new ChatStreamReader();
    expect([...reader.push('event: delta\ndata: {"text":"a"}\n')]).toEqual([]);
    expect([...reader.push("\n")]).toEqual([{ event: "delta", data: { text: "a" } }]);
  });

  it("drops fields of a payload it does not know", () => {
    expect(read([frame("handoff", '{"reason":"person","extra":1}')])).toEqual([
      { event: "handoff", data: { reason: "person" } },
    ]);
  });

  it.each([
    ["data that is not JSON", frame("delta", "{text: 'hi'}"), /not JSON/],
    ["a payload of the wrong shape", frame("delta", '{"text":42}'), /not what the panel reads/],
    ["a source on another site", frame("sources", '[{"title":"Evil","url":"//evil.example"}]'), /not what/],
    ["a source that is no address", frame("sources", '[{"title":"Evil","url":"javascript:alert(1)"}]'), /not what/],
    ["an unknown reason to offer the team", frame("handoff", '{"reason":"bored"}'), /not what/],
    ["a conversation id the server does not make", frame("conversation", '{"id":"../x"}'), /not what/],
  ])("throws a ChatStreamError on %s, after the events before it", (_what, bad, message) => {
    const before = frame("delta", '{"text":"Hello"}');
    const seen = read([before + bad + frame("done", "{}")]);
    expect(seen.slice(0, 1)).toEqual([{ event: "delta", data: { text: "Hello" } }]);
    expect(seen[1]).toBeInstanceOf(ChatStreamError);
    expect((seen[1] as Error).message).toMatch(message);
    expect(seen).toHaveLength(2);
  });
});

describe("readChatStream", () => {
  it("reads a body whose bytes are cut inside a character", async () => {
    const bytes = new TextEncoder().encode(ANSWER);
    for (const size of [1, 2, 3, 7, 64]) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
          controller.close();
        },
      });
      const events: ChatEvent[] = [];
      for await (const event of readChatStream(body)) events.push(event);
      expect(events, `${size} bytes at a time`).toEqual(EVENTS);
    }
  });

  it("lets go of the body when the reading stops early", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(ANSWER));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readChatStream(body)) if (event.event === "done") break;
    expect(cancelled).toBe(true);
  });
});

describe("the question's body", () => {
  it("cleans text as stored text is cleaned, and defaults the history", () => {
    expect(chatRequestSchema.parse({ message: "Hi\u0000 \uD800" })).toEqual({ message: "Hi \uFFFD", history: [] });
  });

  it("refuses unknown fields, odd senders, a long history and an id the server does not make", () => {
    const refused = (body: unknown) => chatRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(chatRequestSchema.safeParse({ message: "Hi", extra: 1 }).error?.issues[0]).toMatchObject({
      code: "unrecognized_keys",
      keys: ["extra"],
    });
    expect(refused({ message: "Hi", history: [{ sender: "bot", text: "x" }] })).toBe('sender must be "user" or "ai".');
    const history = Array.from({ length: CHAT_LIMITS.historyMessages + 1 }, () => ({ sender: "user", text: "x" }));
    expect(refused({ message: "Hi", history })).toBe("history is too long.");
    expect(refused({ message: "Hi", conversation: "short" })).toBe("Unknown conversation.");
    expect(refused({ message: "Hi", page: "/a b" })).toBe("page must be a path such as /services.");
  });
});

describe("the public chat settings", () => {
  it("keep only what the panel shows", () => {
    const settings = {
      greeting: "Hello",
      knowledgeBase: "secret",
      blogKnowledgeBase: "secret",
      chatDailyLimit: 500,
      chatRetentionDays: 30,
      suggestedQuestions: ["Where is your office?"],
    };
    expect(publicChatSettingsSchema.parse(settings)).toEqual({
      greeting: "Hello",
      chatRetentionDays: 30,
      suggestedQuestions: ["Where is your office?"],
    });
  });
});
