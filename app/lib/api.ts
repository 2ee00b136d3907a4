/**
 * The browser's one way to call our own JSON API: JSON in, JSON out, and every
 * failure thrown as an ApiError whose message an admin can read (the
 * server's own `{error}` words when it sent some, else one of the sentences
 * below). Every admin call goes through `api` or `upload`.
 */

export const NETWORK_ERROR = "The server could not be reached. Check your connection and try again.";
export const UNREADABLE_ANSWER = "The server's answer could not be read. Please try again.";
export const statusError = (status: number) => `The server answered ${status}.`;

/** A call that did not succeed: `status` is 0 when the server was not reached; `body` is the parsed answer, if any. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export interface ApiInit {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Sent as the JSON body. */
  json?: unknown;
  signal?: AbortSignal;
}

/** The parsed body ("" is undefined), or `failed` when it is not JSON. */
function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The result of a finished HTTP exchange, or the ApiError it stands for. */
function settle<T>(status: number, text: string): T {
  const body = parse(text);
  if (status >= 200 && status < 300) {
    if (!body.ok) throw new ApiError(UNREADABLE_ANSWER, status);
    return body.value as T;
  }
  const value = body.ok ? body.value : null;
  const error = (value as { error?: unknown } | null)?.error;
  throw new ApiError(typeof error === "string" ? error : statusError(status), status, value);
}

/** Calls our API; resolves to the parsed answer, rejects with an ApiError (an aborted call rejects with the AbortError). */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { method = "GET", json, signal } = init;
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method,
      cache: "no-store",
      credentials: "same-origin",
      headers:
        json === undefined
          ? { Accept: "application/json" }
          : { Accept: "application/json", "Content-Type": "application/json" },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      ...(signal ? { signal } : {}),
    });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }
  return settle<T>(response.status, text);
}

export interface Upload<T> {
  done: Promise<T>;
  abort(): void;
}

/**
 * POSTs a form (e.g. a file) and reports the upload's progress in percent.
 * XMLHttpRequest rather than fetch: it is the only browser API that reports
 * upload progress. Failures are worded as `api`'s; an aborted upload never settles.
 */
export function upload<T>(path: string, form: FormData, onProgress: (percent: number) => void): Upload<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener("load", () => {
      try {
        resolve(settle<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error as Error);
      }
    });
    xhr.addEventListener("error", () => reject(new ApiError(NETWORK_ERROR, 0)));
  });
  xhr.open("POST", path);
  xhr.setRequestHeader("Accept", "application/json");
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
