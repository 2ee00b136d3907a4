import type { Env } from "#server/env.ts";

/** The one message a visitor or admin sees when the model fails (docs/product.md §8). */
export const GENERATION_FAILED = "Failed to generate content";

export const AI_NOT_CONFIGURED = "AI is not configured. Set GEMINI_API_KEY or OPENAI_BASE_URL on the server.";

/** Longest prompt sent to a model; knowledge bases are truncated to fit (see prompts.ts). */
export const MAX_PROMPT_CHARS = 60_000;

export interface GenerateOptions {
  signal?: AbortSignal;
}

/** A text-generation backend. Every provider speaks this one shape. */
export interface AiProvider {
  readonly kind: "gemini" | "openai" | "none";
  /** The whole answer as one string. */
  generate(prompt: string, options?: GenerateOptions): Promise<string>;
  /** The answer in pieces as the model produces them. */
  stream(prompt: string, options?: GenerateOptions): AsyncIterable<string>;
}

/** A failed model call. `message` is always safe to show; `detail` is for the log only. */
export class AiError extends Error {
  override name = "AiError";
  constructor(
    message: string,
    readonly status: 502 | 503 | 504,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** What the log says of a failed call: the provider's own words (`detail`), never the prompt. */
export const aiFailureDetail = (error: unknown): string =>
  error instanceof AiError ? (error.detail ?? error.message) : String(error);

export interface ProviderOptions {
  /** Whole-call deadline for `generate`, and the idle deadline between streamed pieces. */
  timeoutMs?: number;
  /** Extra attempts after a 429, a 5xx or a network failure. */
  retries?: number;
  /** First back-off delay; doubled on each retry. */
  backoffMs?: number;
}

const DEFAULTS = { timeoutMs: 30_000, retries: 2, backoffMs: 500 } satisfies Required<ProviderOptions>;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

const isTimeout = (error: unknown) => error instanceof DOMException && error.name === "TimeoutError";

/**
 * POSTs JSON, retrying 429 / 5xx / network failures with exponential back-off.
 * Resolves with the first OK response; anything else becomes an AiError.
 */
async function postWithRetry(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal,
  options: Required<ProviderOptions>,
): Promise<Response> {
  let lastDetail = "";
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    if (attempt > 0) await wait(options.backoffMs * 2 ** (attempt - 1), signal).catch(rethrowAsAiError);
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal.aborted) rethrowAsAiError(signal.reason ?? error);
      lastDetail = `network: ${String(error)}`;
      continue;
    }
    if (response.ok) return response;
    lastDetail = `HTTP ${response.status}: ${(await response.text().catch(() => "")).slice(0, 300)}`;
    if (response.status !== 429 && response.status < 500) break;
  }
  throw new AiError(GENERATION_FAILED, 502, lastDetail);
}

function rethrowAsAiError(error: unknown): never {
  if (error instanceof AiError) throw error;
  if (isTimeout(error)) throw new AiError(GENERATION_FAILED, 504, "timed out");
  throw new AiError(GENERATION_FAILED, 502, String(error));
}

/** Reads a Server-Sent Events body and yields each `data:` payload. */
async function* sseData(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  abort: AbortController,
): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort.abort(new DOMException("idle", "TimeoutError")), idleMs);
  };
  try {
    for (;;) {
      arm();
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r?\n\r?\n/)) !== -1) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).replace(/^ /, ""))
          .join("\n");
        if (data) yield data;
      }
    }
    const tail = buffer.trim();
    if (tail.startsWith("data:")) yield tail.slice(5).trim();
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => undefined);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AiError(GENERATION_FAILED, 502, `malformed JSON: ${text.slice(0, 200)}`);
  }
}

/** Shared driver: each provider supplies how to call and how to read an answer or a streamed piece. */
function httpProvider(
  kind: "gemini" | "openai",
  spec: {
    request(prompt: string, stream: boolean): { url: string; body: unknown; headers: Record<string, string> };
    answer(json: unknown): string | undefined;
    piece(json: unknown): string | undefined;
    isEnd?(data: string): boolean;
  },
  options: ProviderOptions,
): AiProvider {
  const opts = { ...DEFAULTS, ...options };
  const check = (prompt: string) => {
    if (prompt.length > MAX_PROMPT_CHARS)
      throw new AiError(GENERATION_FAILED, 502, `prompt of ${prompt.length} chars is over the cap`);
  };
  return {
    kind,
    async generate(prompt, { signal } = {}) {
      check(prompt);
      const deadline = AbortSignal.any([AbortSignal.timeout(opts.timeoutMs), ...(signal ? [signal] : [])]);
      const { url, body, headers } = spec.request(prompt, false);
      try {
        const response = await postWithRetry(url, body, headers, deadline, opts);
        const text = spec.answer(parseJson(await response.text()))?.trim();
        if (!text) throw new AiError(GENERATION_FAILED, 502, "empty answer");
        return text;
      } catch (error) {
        rethrowAsAiError(deadline.aborted ? (deadline.reason ?? error) : error);
      }
    },
    async *stream(prompt, { signal } = {}) {
      check(prompt);
      // One controller for the whole call: the caller's abort, the connect deadline and the idle deadline all end it.
      const abort = new AbortController();
      const onCallerAbort = () => abort.abort(signal?.reason);
      signal?.addEventListener("abort", onCallerAbort, { once: true });
      const connectTimer = setTimeout(() => abort.abort(new DOMException("connect", "TimeoutError")), opts.timeoutMs);
      const { url, body, headers } = spec.request(prompt, true);
      let produced = false;
      try {
        const response = await postWithRetry(
          url,
          body,
          { Accept: "text/event-stream", ...headers },
          abort.signal,
          opts,
        );
        clearTimeout(connectTimer);
        if (!response.body) throw new AiError(GENERATION_FAILED, 502, "no body");
        for await (const data of sseData(response.body, opts.timeoutMs, abort)) {
          if (spec.isEnd?.(data)) break;
          const text = spec.piece(parseJson(data));
          if (text) {
            produced = true;
            yield text;
          }
        }
      } catch (error) {
        rethrowAsAiError(abort.signal.aborted ? (abort.signal.reason ?? error) : error);
      } finally {
        clearTimeout(connectTimer);
        signal?.removeEventListener("abort", onCallerAbort);
      }
      if (!produced) throw new AiError(GENERATION_FAILED, 502, "empty answer");
    },
  };
}

type GeminiAnswer = { candidates?: { content?: { parts?: { text?: unknown }[] } }[] };

const geminiText = (json: unknown) => {
  const parts = (json as GeminiAnswer | null)?.candidates?.[0]?.content?.parts;
  if (!Array.isArray(parts)) return undefined;
  return parts.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
};

/** Google Gemini: generateContent / streamGenerateContent, key in the query. */
export function geminiProvider(
  config: { baseUrl: string; model: string; apiKey: string },
  options: ProviderOptions = {},
): AiProvider {
  const base = `${config.baseUrl.replace(/\/+$/, "")}/v1beta/models/${encodeURIComponent(config.model)}`;
  const key = encodeURIComponent(config.apiKey);
  return httpProvider(
    "gemini",
    {
      request: (prompt, stream) => ({
        url: stream ? `${base}:streamGenerateContent?alt=sse&key=${key}` : `${base}:generateContent?key=${key}`,
        body: { contents: [{ parts: [{ text: prompt }] }] },
        headers: {},
      }),
      answer: geminiText,
      piece: geminiText,
    },
    options,
  );
}

type OpenAiAnswer = { choices?: { message?: { content?: unknown }; delta?: { content?: unknown } }[] };

/** Any OpenAI-compatible chat-completions server (a hosted one or a local model). */
export function openAiProvider(
  config: { baseUrl: string; model: string; apiKey?: string },
  options: ProviderOptions = {},
): AiProvider {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const headers: Record<string, string> = config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {};
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return httpProvider(
    "openai",
    {
      request: (prompt, stream) => ({
        url,
        body: { model: config.model, messages: [{ role: "user", content: prompt }], stream },
        headers,
      }),
      answer: (json) => text((json as OpenAiAnswer | null)?.choices?.[0]?.message?.content),
      piece: (json) => text((json as OpenAiAnswer | null)?.choices?.[0]?.delta?.content),
      isEnd: (data) => data.trim() === "[DONE]",
    },
    options,
  );
}

/** No model: drafting is refused with a clear message; chat answers from the site's passages instead (chat-answer.ts). */
export function noProvider(): AiProvider {
  return {
    kind: "none",
    generate() {
      return Promise.reject(new AiError(AI_NOT_CONFIGURED, 503));
    },
    async *stream() {
      yield* [];
      throw new AiError(AI_NOT_CONFIGURED, 503);
    },
  };
}

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

/** The provider the environment selects (AI_PROVIDER, else a Gemini key, else an OpenAI base URL, else none). */
export function createProvider(env: Env, options: ProviderOptions = {}): AiProvider {
  if (env.AI_PROVIDER === "gemini" && env.GEMINI_API_KEY) {
    return geminiProvider(
      { baseUrl: env.GEMINI_BASE_URL, model: env.GEMINI_MODEL, apiKey: env.GEMINI_API_KEY },
      options,
    );
  }
  if (env.AI_PROVIDER === "openai" && env.OPENAI_BASE_URL) {
    return openAiProvider(
      { baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL, apiKey: env.OPENAI_API_KEY },
      options,
    );
  }
  return noProvider();
}
