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

/**
 * Asks the signed-in account for its password again (the admin's dialog registers it): resolves
 * true once confirmed, false when they cancel. Unset outside the admin.
 */
let askToReconfirm: (() => Promise<boolean>) | undefined;

/** Registers the admin's password dialog (#app/components/admin/accounts/reconfirm-dialog.tsx); returns its removal. */
export function onReconfirm(ask: () => Promise<boolean>): () => void {
  askToReconfirm = ask;
  return () => {
    if (askToReconfirm === ask) askToReconfirm = undefined;
  };
}

/** Whether `error` is a sensitive action's "confirm your password" (403 `{reconfirm: true}`, #content/roles.ts RECONFIRM). */
export const asksToReconfirm = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 403 &&
  (error.body as { reconfirm?: unknown } | null)?.reconfirm === true;

/**
 * Runs `call`; when the server asks for the password again first, asks for it (the one place that
 * does) and runs `call` once more: so every sensitive action of the admin gets the dialog.
 */
async function withReconfirm<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!asksToReconfirm(error) || !askToReconfirm || !(await askToReconfirm())) throw error;
    return call();
  }
}

/** Calls our API; resolves to the parsed answer, rejects with an ApiError (an aborted call rejects with the AbortError). */
export function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  return withReconfirm(() => request<T>(path, init));
}

/**
 * Downloads a file our API serves (a backup) as the browser's download, through `api`'s failures
 * and password check. The file is read whole first: a failure shows as words, not as a saved error.
 */
export function download(path: string): Promise<void> {
  return withReconfirm(async () => {
    let response: Response;
    let blob: Blob;
    try {
      response = await fetch(path, { cache: "no-store", credentials: "same-origin" });
      if (!response.ok) return settle<void>(response.status, await response.text());
      blob = await response.blob();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(NETWORK_ERROR, 0);
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "download";
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  });
}

async function request<T>(path: string, init: ApiInit): Promise<T> {
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
export function upload<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  method: "POST" | "PUT" = "POST",
): Upload<T> {
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
  xhr.open(method, path);
  xhr.setRequestHeader("Accept", "application/json");
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
