import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { REWRITE_PROMPT_START } from "#server/chat/rewrite.ts";

/**
 * A small real HTTP server on 127.0.0.1 that speaks the Gemini
 * (generateContent, streamGenerateContent?alt=sse) and OpenAI chat-completions
 * (plain and `stream: true`) protocols. It records every request and answers
 * from a script, so tests run the app's real provider clients against it, and
 * `npm run dev -- --fake-ai` drafts and chats offline (scripts/dev.mjs).
 *
 * The chat's rewrite of a question for search (server/chat/rewrite.ts) is
 * routed apart: recorded in `rewrites` and answered from its own queue, so a
 * test's `requests` and `reply` are the answer's, one per question, as before.
 */

export interface RecordedRequest {
  method: string;
  /** Path and query as received, e.g. "/v1beta/models/m:generateContent?key=k". */
  url: string;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: unknown;
  /** The prompt text the client sent (Gemini parts or the OpenAI messages joined). */
  prompt: string;
  protocol: "gemini" | "openai" | "unknown";
  stream: boolean;
}

export type Reply =
  /**
   * An answer; streamed in `chunks` (or three even pieces). `holdBefore` delays
   * the first chunk and `hold` pauses after it, each until it resolves.
   */
  | { kind: "text"; text: string; chunks?: string[]; hold?: Promise<void>; holdBefore?: Promise<void> }
  /** An HTTP error with the provider's usual error body. */
  | { kind: "status"; status: number; message?: string }
  /** Accepts the request and never answers (for timeouts). */
  | { kind: "hang" }
  /** 200 with a body that is not JSON (or, streamed, a data line that is not). */
  | { kind: "malformed" }
  /** 200 with no candidates / choices. */
  | { kind: "empty" };

export type Script = Reply | ((request: RecordedRequest) => Reply);

export interface FakeAi {
  url: string;
  requests: RecordedRequest[];
  /** The chat's rewrite requests (server/chat/rewrite.ts), apart from `requests`. */
  rewrites: RecordedRequest[];
  /** Queues replies for the next rewrite requests; afterwards an empty one (no rewrite: the question alone is searched). */
  rewriteReply(...scripts: Script[]): void;
  /** Queues replies for the next requests, in order; afterwards the default answers. */
  reply(...scripts: Script[]): void;
  /** The answer used when nothing is queued. */
  setDefault(script: Script): void;
  /** Clears recorded requests, queued replies and restores the default answer. */
  reset(): void;
  /** A promise to pass as `hold`, and the function that lets it go. */
  gate(): { hold: Promise<void>; release: () => void };
  close(): Promise<void>;
}

export const FAKE_DEFAULT_ANSWER = "Thanks for asking! We help Sri Lankan businesses grow.";

function splitEvenly(text: string, parts = 3): string[] {
  const words = text.split(/(?<=\s)/);
  const size = Math.max(1, Math.ceil(words.length / parts));
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(""));
  return chunks;
}

const geminiBody = (text: string) => ({
  candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
  modelVersion: "gemini-fake",
});

const openAiBody = (text: string) => ({
  id: "chatcmpl-fake",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "fake-model",
  choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
});

const openAiChunk = (text: string) => ({
  id: "chatcmpl-fake",
  object: "chat.completion.chunk",
  created: 1_700_000_000,
  model: "fake-model",
  choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
});

function promptOf(body: unknown): string {
  const b = body as { contents?: { parts?: { text?: string }[] }[]; messages?: { content?: string }[] } | null;
  if (b?.contents)
    return b.contents
      .flatMap((c) => c.parts ?? [])
      .map((p) => p.text ?? "")
      .join("\n");
  if (b?.messages) return b.messages.map((m) => m.content ?? "").join("\n");
  return "";
}

export async function startFakeAi(): Promise<FakeAi> {
  const requests: RecordedRequest[] = [];
  const queue: Script[] = [];
  const rewrites: RecordedRequest[] = [];
  const rewriteQueue: Script[] = [];
  const noRewrite: Script = { kind: "text", text: "" };
  const defaultReply: Script = { kind: "text", text: FAKE_DEFAULT_ANSWER };
  let fallback: Script = defaultReply;
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // Recorded as the raw text.
    }
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const isGemini = /^\/v1beta\/models\/[^/]+:(generateContent|streamGenerateContent)$/.test(url.pathname);
    const isOpenAi = url.pathname.endsWith("/chat/completions");
    const stream = isGemini
      ? url.pathname.endsWith(":streamGenerateContent")
      : Boolean((body as { stream?: boolean } | null)?.stream);
    const record: RecordedRequest = {
      method: req.method ?? "GET",
      url: req.url ?? "/",
      pathname: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      prompt: promptOf(body),
      protocol: isGemini ? "gemini" : isOpenAi ? "openai" : "unknown",
      stream,
    };
    const isRewrite = record.prompt.startsWith(REWRITE_PROMPT_START);
    (isRewrite ? rewrites : requests).push(record);

    if (req.method !== "POST" || record.protocol === "unknown") {
      res
        .writeHead(404, { "Content-Type": "application/json" })
        .end(JSON.stringify({ error: { code: 404, message: "Not found" } }));
      return;
    }
    const script = isRewrite ? (rewriteQueue.shift() ?? noRewrite) : (queue.shift() ?? fallback);
    const reply = typeof script === "function" ? script(record) : script;

    switch (reply.kind) {
      case "hang":
        return;
      case "status": {
        const message =
          reply.message ??
          (reply.status === 429 ? "Resource has been exhausted (e.g. check quota)." : "Internal error encountered.");
        const errorBody = isGemini
          ? { error: { code: reply.status, message, status: reply.status === 429 ? "RESOURCE_EXHAUSTED" : "INTERNAL" } }
          : { error: { message, type: reply.status === 429 ? "rate_limit_exceeded" : "server_error" } };
        res.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify(errorBody));
        return;
      }
      case "malformed":
        if (stream) {
          res.writeHead(200, { "Content-Type": "text/event-stream" }).end("data: {not json at all\n\n");
        } else {
          res.writeHead(200, { "Content-Type": "application/json" }).end('{"candidates": [ oops');
        }
        return;
      case "empty": {
        const emptyBody = isGemini
          ? { candidates: [], promptFeedback: { blockReason: "OTHER" } }
          : { id: "x", object: "chat.completion", choices: [] };
        if (stream) {
          res.writeHead(200, { "Content-Type": "text/event-stream" });
          res.end(isGemini ? `data: ${JSON.stringify(emptyBody)}\r\n\r\n` : "data: [DONE]\n\n");
        } else {
          res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(emptyBody));
        }
        return;
      }
      case "text": {
        if (!stream) {
          if (reply.holdBefore) await reply.holdBefore;
          res
            .writeHead(200, { "Content-Type": "application/json" })
            .end(JSON.stringify(isGemini ? geminiBody(reply.text) : openAiBody(reply.text)));
          return;
        }
        res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
        res.flushHeaders();
        if (reply.holdBefore) await reply.holdBefore;
        const pieces = reply.chunks ?? splitEvenly(reply.text);
        for (const [index, piece] of pieces.entries()) {
          // Gemini separates SSE events with CRLF pairs; OpenAI with LF pairs.
          res.write(
            isGemini
              ? `data: ${JSON.stringify(geminiBody(piece))}\r\n\r\n`
              : `data: ${JSON.stringify(openAiChunk(piece))}\n\n`,
          );
          if (index === 0 && reply.hold) await reply.hold;
        }
        if (!isGemini) res.write("data: [DONE]\n\n");
        res.end();
        return;
      }
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    rewrites,
    reply(...scripts) {
      queue.push(...scripts);
    },
    rewriteReply(...scripts) {
      rewriteQueue.push(...scripts);
    },
    setDefault(script) {
      fallback = script;
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      rewrites.length = 0;
      rewriteQueue.length = 0;
      fallback = defaultReply;
    },
    gate() {
      let release!: () => void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      return { hold, release };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
