import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { sessionTokenIn } from "#server/auth/sessions.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { Logger } from "#server/logger.ts";
import {
  chooseEncoding,
  encodeBody,
  isCompressible,
  matchesEtag,
  varyOnEncoding,
  type Encoding,
} from "#server/http/encoding.ts";
import { contentSecurityPolicyWithHashes } from "./script-hashes.ts";

/**
 * Renders `url` through the whole app as a visitor without a session would see
 * it, with no CSP nonce. `priority`: a page the cache has kept before (its
 * render goes ahead of others under load: it answers every visitor of that page).
 */
export type RenderPage = (url: string, options: { priority: boolean }) => Promise<Response>;

export interface PageCacheOptions {
  bus: EventBus;
  render: RenderPage;
  /** The site's public origin (PUBLIC_URL). Without it pages name the host they were asked for, so the Host is part of the key. */
  origin?: string;
  /** React Router's route ids: the only values `_routes` (a route-data request's subset) may name. */
  routeIds: ReadonlySet<string>;
  /**
   * Whether a session cookie belongs to a signed-in admin (who gets fresh renders).
   * A made-up or expired one gets the cached page: sending a cookie must not force renders.
   */
  isSignedIn(sessionToken: string): Promise<boolean>;
  logger: Logger;
  maxEntries?: number;
  /**
   * Called after each answer the cache sends (a visitor's: never a signed-in
   * admin's) with the status sent (304 for a revalidation) and the content type.
   */
  served?(req: IncomingMessage, status: number, contentType: string): void;
}

/** One stored answer: the status, the headers and the body in each encoding, all made once. */
interface Entry {
  status: number;
  type: string;
  etag: string | undefined;
  variants: Record<Encoding, Variant | undefined>;
}

type State = "hit" | "miss";

/** One encoding of a stored answer, with its headers for each state, made once (a hit copies nothing). */
interface Variant {
  body: Buffer;
  headers: Record<State, OutgoingHttpHeaders>;
  /** The headers of a 304 (not modified). */
  notModified: Record<State, OutgoingHttpHeaders>;
}

const CACHEABLE_TYPES = /^(text\/html|text\/x-script|application\/rss\+xml)\b/;
/** Files rendered from content and kept like pages (emptied by the same saves). */
const CACHED_FILES = new Set(["/blog/feed.xml"]);
/**
 * Paths the cache never answers: the API, the admin, React Router's route
 * discovery (its answer depends on the query), files (anything with an
 * extension but route data).
 */
/** React Router's route discovery: no render, and its answer depends on the query (never cached or shed). */
export const ROUTE_DISCOVERY_PATH = "/__manifest";
const NOT_PAGES = new RegExp(`^/(api|admin|assets|media|healthz|${ROUTE_DISCOVERY_PATH.slice(1)})(/|$)`);

/**
 * The path of a public page, its route data (`.data`) or a cached file (feed,
 * sitemap) that a GET or HEAD of `url` asks for, or undefined for anything
 * else (the API, the admin, assets, media, other files).
 */
export function publicPagePath(method: string | undefined, url: string | undefined): string | undefined {
  if ((method !== "GET" && method !== "HEAD") || !url?.startsWith("/") || url.startsWith("//")) return undefined;
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (NOT_PAGES.test(path)) return undefined;
  const dot = path.lastIndexOf(".");
  if (dot > path.lastIndexOf("/") && !path.endsWith(".data") && !CACHED_FILES.has(path)) return undefined;
  return path;
}

/**
 * Public pages and their route data (`/services`, `/services.data`), answered
 * from memory in the Node listener, before the Hono app: a hit costs a map
 * lookup and one write of bytes compressed once (brotli and gzip), with an
 * ETag (304 on revalidation) and `Cache-Control: public, no-cache`, so a CDN
 * or nginx in front may keep them too and revalidate.
 *
 * - Visitors only: GET/HEAD from anyone not signed in. Signed-in admins and
 *   everything else go on to the app.
 * - The key is the path (plus the Host when no public origin is set). Query
 *   strings are ignored, except React Router's `_routes`, reduced to known
 *   route ids: made-up queries neither force renders nor fill memory.
 * - A miss renders once however many ask at once (single flight); the render
 *   has no nonce, and its CSP lists the SHA-256 of each inline script instead
 *   (docs/decisions/005-page-cache.md), so stored bytes are served as they are.
 * - Any content save empties the cache; a render begun before the save still
 *   answers those who asked for it, but is not kept, and nobody joins it.
 */
export class PageCache {
  readonly #entries = new Map<string, Entry>();
  /** Keys kept at least once (so, real pages): their renders get priority. */
  readonly #known = new Set<string>();
  #inflight = new Map<string, Promise<Entry>>();
  #generation = 0;
  readonly #options: Required<Omit<PageCacheOptions, "origin" | "served">> &
    Pick<PageCacheOptions, "origin" | "served">;

  constructor(options: PageCacheOptions) {
    this.#options = { maxEntries: 500, ...options };
    options.bus.subscribe((event) => {
      if (event.type === "content") this.clear();
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#inflight = new Map();
    this.#generation++;
  }

  /**
   * The cache key and the address to render for a request, or undefined when
   * the cache does not answer it.
   */
  keyFor(method: string | undefined, url: string | undefined, host: string | undefined) {
    const path = publicPagePath(method, url);
    if (path === undefined || url === undefined) return undefined;
    const query = url.indexOf("?");
    const origin = this.#options.origin ?? originOf(host);
    if (!origin) return undefined;
    const routes = query === -1 ? "" : this.#routes(new URLSearchParams(url.slice(query + 1)).get("_routes"));
    const suffix = routes ? `?_routes=${routes}` : "";
    return { key: `${this.#options.origin ? "" : origin}${path}${suffix}`, url: `${origin}${path}${suffix}` };
  }

  /** Answers the request from the cache (rendering it once on a miss), or calls `next` to pass it on to the app. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const target = this.keyFor(req.method, req.url, req.headers.host);
    if (!target) return next();
    const token = sessionTokenIn(req.headers.cookie);
    if (!token) return this.#answer(req, res, target);
    this.#options.isSignedIn(token).then(
      (signedIn) => (signedIn ? next() : this.#answer(req, res, target)),
      () => next(),
    );
  }

  #answer(req: IncomingMessage, res: ServerResponse, target: { key: string; url: string }) {
    const hit = this.#entries.get(target.key);
    if (hit) {
      // Most recently used last: the oldest is dropped first when the cache is full.
      this.#entries.delete(target.key);
      this.#entries.set(target.key, hit);
      return this.#send(req, res, hit, "hit");
    }
    this.#fill(target.key, target.url).then(
      (entry) => this.#send(req, res, entry, "miss"),
      (error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error");
        this.#options.logger.error("page render failed", {
          path: target.url,
          error: error instanceof Error ? error.stack : String(error),
        });
      },
    );
  }

  #send(req: IncomingMessage, res: ServerResponse, entry: Entry, state: State) {
    const status = send(req, res, entry, state);
    if (status !== undefined) this.#options.served?.(req, status, entry.type);
  }

  #fill(key: string, url: string): Promise<Entry> {
    const inflight = this.#inflight;
    const pending = inflight.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const promise = this.#options
      .render(url, { priority: this.#known.has(key) })
      .then(toEntry)
      .then(({ entry, storable }) => {
        if (storable && generation === this.#generation) this.#store(key, entry);
        return entry;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  #store(key: string, entry: Entry) {
    if (this.#entries.size >= this.#options.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
    if (this.#known.size >= this.#options.maxEntries * 2) this.#known.clear();
    this.#known.add(key);
  }

  /** `_routes` reduced to known route ids, sorted; "" when none is left. */
  #routes(value: string | null): string {
    if (!value) return "";
    const ids = [...new Set(value.split(","))].filter((id) => this.#options.routeIds.has(id));
    return ids.sort().join(",");
  }
}

function originOf(host: string | undefined): string | undefined {
  if (!host || host.length > 255 || !/^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i.test(host)) return undefined;
  return `http://${host.toLowerCase()}`;
}

/** The stored form of a rendered response, and whether it may be kept (200, HTML or route data, no cookie). */
async function toEntry(response: Response): Promise<{ entry: Entry; storable: boolean }> {
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  const storable = response.status === 200 && CACHEABLE_TYPES.test(type) && !response.headers.has("set-cookie");
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of response.headers) {
    if (/^(content-length|content-encoding|date|connection|transfer-encoding|keep-alive)$/.test(name)) continue;
    if (name === "set-cookie") headers[name] = response.headers.getSetCookie();
    else headers[name] = value;
  }
  const csp = headers["content-security-policy"];
  if (typeof csp === "string") {
    const html = type.startsWith("text/html") ? body.toString("utf8") : "";
    headers["content-security-policy"] = contentSecurityPolicyWithHashes(csp, html);
  }
  let etag: string | undefined;
  if (storable) {
    headers["cache-control"] = "public, no-cache";
    etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    headers["etag"] = etag;
  }
  const compressible = isCompressible(type, body.length);
  if (compressible) headers["vary"] = varyOnEncoding(typeof headers["vary"] === "string" ? headers["vary"] : undefined);
  const variant = (encoding: Encoding, bytes: Buffer): Variant => {
    const full: OutgoingHttpHeaders = {
      ...headers,
      ...(encoding !== "identity" && { "content-encoding": encoding }),
      "content-length": bytes.length,
    };
    const { etag, "cache-control": cacheControl, vary } = full;
    const notModified: OutgoingHttpHeaders = {
      etag,
      "cache-control": cacheControl,
      ...(vary !== undefined && { vary }),
    };
    const withState = (from: OutgoingHttpHeaders) => ({
      hit: { ...from, "x-page-cache": "hit" },
      miss: { ...from, "x-page-cache": "miss" },
    });
    return { body: bytes, headers: withState(full), notModified: withState(notModified) };
  };
  const entry: Entry = {
    status: response.status,
    type,
    etag,
    variants: {
      identity: variant("identity", body),
      gzip: compressible ? variant("gzip", encodeBody(body, "gzip", "stored")) : undefined,
      br: compressible ? variant("br", encodeBody(body, "br", "stored")) : undefined,
    },
  };
  return { entry, storable };
}

/** Writes the answer; the status sent, or undefined when the client has gone. */
function send(req: IncomingMessage, res: ServerResponse, entry: Entry, state: State): number | undefined {
  if (res.destroyed) return undefined;
  const variant = entry.variants[chooseEncoding(req.headers["accept-encoding"])] ?? entry.variants.identity!;
  if (entry.etag && matchesEtag(req.headers["if-none-match"], entry.etag)) {
    res.writeHead(304, variant.notModified[state]);
    res.end();
    return 304;
  }
  res.writeHead(entry.status, variant.headers[state]);
  res.end(req.method === "HEAD" ? undefined : variant.body);
  return entry.status;
}
