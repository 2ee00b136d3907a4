import type { AiStatus, TranslateEvent, TranslateRequest } from "#content/ai-translation.ts";
import { api, ApiError, NETWORK_ERROR, statusError } from "#app/lib/api.ts";

/**
 * The admin's calls for "Translate from English" (issue 26, the contract in
 * content/ai-translation.ts). The answer is a stream, which the one JSON
 * helper (#app/lib/api.ts) cannot read, so this is the one other place the
 * admin calls `fetch`; its failures are worded as the helper's.
 */

/** Whether the server's model can translate, and if not why (GET /api/ai/status). */
export const loadAiStatus = () => api<AiStatus>("/api/ai/status");

/** What ends a translation: every text arrived, or it stopped with some `left`. */
export type TranslateEnd = Extract<TranslateEvent, { type: "done" | "error" }>;

/** Said when the answer stops before its last line: the server went away or sent something unreadable. */
export const TRANSLATION_CUT = "The connection to the server was lost before the translation finished.";

export interface TranslateOptions {
  signal?: AbortSignal;
  /** Told every event as it arrives, the last one the end (also returned). */
  onEvent: (event: TranslateEvent) => void;
}

/**
 * Asks the server to translate `request.texts` and reads its answer as it
 * streams. Resolves with the end: `done`, or `error` with the paths not
 * translated (also when the stream is cut short). Rejects with an ApiError
 * when the server refuses before translating anything (400, 401, 429, 503…)
 * or cannot be reached, and with the AbortError when `signal` aborts.
 */
export async function translateTexts(request: TranslateRequest, options: TranslateOptions): Promise<TranslateEnd> {
  const { signal } = options;
  let response: Response;
  try {
    response = await fetch("/api/ai/translate", {
      method: "POST",
      cache: "no-store",
      credentials: "same-origin",
      headers: { Accept: "application/x-ndjson, application/json", "Content-Type": "application/json" },
      body: JSON.stringify(request),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }
  return readTranslateAnswer(
    response,
    request.texts.map((text) => text.path),
    options,
  );
}

/**
 * Reads the server's answer to a translation of the texts at `paths`: a
 * refusal as an ApiError, else the stream's events one line at a time (a
 * line may come in several chunks, or several in one). An answer that ends
 * without its last event, or with a line that is not one, ends as an error
 * leaving every path that had not arrived.
 */
export async function readTranslateAnswer(
  response: Response,
  paths: readonly string[],
  { signal, onEvent }: TranslateOptions,
): Promise<TranslateEnd> {
  if (!response.ok || !response.body) throw await refusal(response);
  const arrived = new Set<string>();
  const finish = (end: TranslateEnd) => {
    onEvent(end);
    return end;
  };
  const cut = () => finish({ type: "error", error: TRANSLATION_CUT, left: paths.filter((path) => !arrived.has(path)) });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  /** Hands one line on; the end event when it ends the stream, null when it is not an event. */
  const take = (line: string): TranslateEnd | "more" | null => {
    if (line.trim() === "") return "more";
    const event = parseEvent(line);
    if (!event) return null;
    if (event.type === "text") arrived.add(event.path);
    if (event.type === "done" || event.type === "error") return event;
    onEvent(event);
    return "more";
  };
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const taken = take(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        if (taken === "more") continue;
        void reader.cancel().catch(() => {});
        return taken ? finish(taken) : cut();
      }
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    return cut();
  }
  // The stream ended: its last event may lack the final newline, a part of a line is not one.
  const last = buffer.trim() === "" ? null : take(buffer);
  return last && last !== "more" ? finish(last) : cut();
}

/** The ApiError a refused request stands for: the server's `{error}` words, else its status. */
async function refusal(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text()) as unknown;
  } catch {
    // Not JSON: the status says it.
  }
  const error = (body as { error?: unknown } | null)?.error;
  return new ApiError(typeof error === "string" ? error : statusError(response.status), response.status, body);
}

/** One line of the stream as an event, or null when it is not one. */
function parseEvent(line: string): TranslateEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const event = value as Record<string, unknown>;
  const isStrings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === "string");
  switch (event["type"]) {
    case "start":
      return typeof event["total"] === "number" ? (event as unknown as TranslateEvent) : null;
    case "text":
      return typeof event["path"] === "string" && typeof event["text"] === "string"
        ? (event as unknown as TranslateEvent)
        : null;
    case "error":
      return typeof event["error"] === "string" && isStrings(event["left"])
        ? (event as unknown as TranslateEvent)
        : null;
    case "done":
      return typeof event["translated"] === "number" ? (event as unknown as TranslateEvent) : null;
    default:
      return null;
  }
}
