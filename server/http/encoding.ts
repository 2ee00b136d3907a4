import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/** What a response body is sent in: brotli, gzip or as it is. */
export type Encoding = "br" | "gzip" | "identity";

/** Earlier answers of {@link chooseEncoding}, by what is offered and then by the header (a cache hit's only work here). */
const choices = { "br+gzip": new Map<string, Encoding>(), gzip: new Map<string, Encoding>() };

/**
 * Brotli when the client takes it (and it is `offered`), else gzip, else none
 * (q=0 refuses one).
 */
export function chooseEncoding(header: string | undefined, offered: "br+gzip" | "gzip" = "br+gzip"): Encoding {
  if (!header) return "identity";
  const known = choices[offered];
  let choice = known.get(header);
  if (choice === undefined) {
    const weights = new Map<string, number>();
    for (const part of header.toLowerCase().split(",")) {
      const [name = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      weights.set(name.trim(), q === undefined ? 1 : Number(q));
    }
    const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
    choice = offered === "br+gzip" && weight("br") > 0 ? "br" : weight("gzip") > 0 ? "gzip" : "identity";
    if (known.size >= 100) known.clear();
    known.set(header, choice);
  }
  return choice;
}

/**
 * How hard to compress: `stored` for bytes made once and sent many times (the
 * page cache: brotli 9 with a 64 KiB window, gzip 9), `per-request` for a body
 * made for one answer (brotli 3, gzip 4: 0.15–0.3 ms for Home's 44 KB on a
 * quiet core, 8.2 KB where brotli 9 gives 7.2 KB). Brotli 9 with its default
 * 4 MiB window, or even a 256 KiB one, took 30 ms for a 3 KB route-data answer
 * and 100 ms for a 37 KB page here (set-up of its large hash tables); with a
 * 64 KiB window, 0.3 and 0.9 ms, for the same size within 0.2 %.
 */
export type Effort = "stored" | "per-request";

const LEVELS: Record<Effort, { br: number; window?: number; gzip: number }> = {
  stored: { br: 9, window: 16, gzip: 9 },
  "per-request": { br: 3, gzip: 4 },
};

/** `body` in `encoding`, compressed in one call (the whole body is at hand). */
export function encodeBody(body: Buffer, encoding: Exclude<Encoding, "identity">, effort: Effort): Buffer {
  const level = LEVELS[effort];
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: level.br,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          ...(level.window && { [zlib.BROTLI_PARAM_LGWIN]: level.window }),
        },
      })
    : gzipSync(body, { level: level.gzip });
}

const COMPRESSIBLE_TYPE =
  /^\s*(text\/(?!event-stream)|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml|[^;\s]+\+(json|xml)\b)/i;

/** Bodies worth compressing: text (not event streams), JSON, XML, RSS, SVG, JavaScript, of 512 bytes or more. */
export function isCompressible(contentType: string, length: number): boolean {
  return length >= MIN_COMPRESSED_BYTES && COMPRESSIBLE_TYPE.test(contentType);
}

/** Under this a body is sent as it is: compression would save less than its framing and the work. */
const MIN_COMPRESSED_BYTES = 512;

/** `vary` with Accept-Encoding added, unless it is already there (or `*`). */
export function varyOnEncoding(vary: string | null | undefined): string {
  return vary && /accept-encoding|\*/i.test(vary) ? vary : vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
}

/** If-None-Match holds this ETag (weak comparison, as for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** Bodies up to this size are read whole and compressed in one call; longer ones are streamed. */
export const WHOLE_BODY_LIMIT = 256 * 1024;

/**
 * The app's answer compressed for a client that sent `acceptEncoding`
 * (server/assembly/serve.ts applies it to every answer of the app, outside Hono:
 * Hono's `c.res` setter would wrap the body in a stream again). A body that is
 * whole at hand (every page: app/entry.server.tsx renders the document before
 * answering; every JSON answer) is compressed in one synchronous call, in
 * brotli or gzip: a compression stream fed many small writes costs more than
 * the compression itself (about 1 ms per answer). Bodies over
 * {@link WHOLE_BODY_LIMIT} (a backup, a long export) are streamed through
 * gzip. Event streams, encoded bodies, `no-transform`, HEAD and bodyless
 * statuses pass as they are.
 */
export async function compressResponse(
  response: Response,
  acceptEncoding: string | undefined,
  method = "GET",
): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  const declared = response.headers.get("content-length");
  if (
    method === "HEAD" ||
    !response.body ||
    response.status === 204 ||
    response.status === 206 ||
    response.status === 304 ||
    response.headers.has("content-encoding") ||
    !COMPRESSIBLE_TYPE.test(type) ||
    (declared !== null && Number(declared) < MIN_COMPRESSED_BYTES) ||
    /(^|,)\s*no-transform\s*(,|$)/i.test(response.headers.get("cache-control") ?? "")
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set("Vary", varyOnEncoding(headers.get("vary")));
  const init = { status: response.status, statusText: response.statusText, headers };

  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
    if (length > WHOLE_BODY_LIMIT) return streamed(chunks, reader, acceptEncoding, init);
  }
  const whole = Buffer.concat(chunks, length);
  const encoding = length < MIN_COMPRESSED_BYTES ? "identity" : chooseEncoding(acceptEncoding);
  const body = encoding === "identity" ? whole : encodeBody(whole, encoding, "per-request");
  if (encoding !== "identity") {
    headers.set("Content-Encoding", encoding);
    weakenEtag(headers);
  }
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), init);
}

/** A long body: what was read, then the rest of the stream, through gzip when the client takes it. */
function streamed(
  read: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  acceptEncoding: string | undefined,
  init: { status: number; statusText: string; headers: Headers },
): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of read) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  init.headers.delete("Content-Length");
  if (chooseEncoding(acceptEncoding, "gzip") !== "gzip") return new Response(body, init);
  init.headers.set("Content-Encoding", "gzip");
  weakenEtag(init.headers);
  return new Response(
    body.pipeThrough(new CompressionStream("gzip") as ReadableWritablePair<Uint8Array, Uint8Array>),
    init,
  );
}

/** A compressed body is no longer byte for byte the one a strong ETag named. */
function weakenEtag(headers: Headers) {
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
}
