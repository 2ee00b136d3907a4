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
import type { VariantName } from "#content/landing-pages.ts";
import { isSavedEvent } from "#content/live-events.ts";
import { keptPageOutdatedBy, SHOWS_HEADER, showsOf } from "#content/kept-pages.ts";
import type { DocumentKey } from "#content/sections.ts";
import { publicPath } from "#content/public-pages.ts";
import { contentSecurityPolicyWithHashes } from "./script-hashes.ts";

/**
 * Renders `url` through the whole app as a visitor without a session would see
 * it, with no CSP nonce. `priority`: a page the cache has kept before (its
 * render goes ahead of others under load: it answers every visitor of that page).
 * `requestId`: the id of the request it renders for (the first, when several ask
 * at once), for the log. `variant`: the variant of a team page to draw (see `variantOf`).
 */
export type RenderPage = (
  url: string,
  options: { priority: boolean; requestId?: string; variant?: VariantName },
) => Promise<Response>;

export interface PageCacheOptions {
  bus: EventBus;
  render: RenderPage;
  /**
   * The site's public origin (PUBLIC_URL). Without it pages name the host they were asked for, so
   * the Host is part of the key, for the first `maxHosts` hosts kept (until the next save).
   */
  origin?: string;
  /** The ids of the routes that answer a page path: the only values `_routes` (a route-data request's subset) may name. */
  routeIds(page: string): ReadonlySet<string>;
  /**
   * Whether a session cookie belongs to a signed-in admin (who gets fresh renders).
   * A made-up or expired one gets the cached page: sending a cookie must not force renders.
   */
  isSignedIn(sessionToken: string): Promise<boolean>;
  logger: Logger;
  maxEntries?: number;
  /** Without `origin`: how many Host names have pages kept (others are passed on, rendered each time). */
  maxHosts?: number;
  /**
   * The variant of a team page (issue 42) the visitor asking gets, for a page (canonical path) that
   * has a variant B; undefined for any other page. Each variant is kept apart (its own key and
   * render), and a hit is picked by it before anything is sent, so a visitor always gets their own.
   * A failure passes the request on to the app.
   */
  variantOf?(page: string, req: IncomingMessage): VariantName | undefined | Promise<VariantName | undefined>;
  /**
   * Called after each answer the cache sends (a visitor's: never a signed-in
   * admin's) with the status sent (304 for a revalidation), the content type
   * and the variant of a team page it showed.
   */
  served?(req: IncomingMessage, status: number, contentType: string, variant: VariantName | undefined): void;
}

/** One stored answer: the status, the headers and the body in each encoding, all made once. */
interface Entry {
  /** The canonical path of the page it shows (route data's page; the feed's own path). */
  page: string;
  /** The origin it was asked for, without a public origin. */
  host: string | undefined;
  /** The variant of a team page it shows, for a page with a variant B. */
  variant: VariantName | undefined;
  /** What a team page's blocks drew, as its render said (content/kept-pages.ts `SHOWS_HEADER`). */
  shows: readonly DocumentKey[] | undefined;
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
/** Host names whose pages are kept when no public origin is set (localhost, an address, the site's name or two). */
const MAX_HOSTS = 4;

/**
 * Public pages and their route data (`/services`, `/services.data`), answered
 * from memory in the Node listener, before the Hono app: a hit costs a map
 * lookup and one write of bytes compressed once (brotli and gzip), with an
 * ETag (304 on revalidation) and `Cache-Control: public, no-cache`, so a CDN
 * or nginx in front may keep them too and revalidate.
 *
 * - Visitors only: GET/HEAD from anyone not signed in. Signed-in admins and
 *   everything else go on to the app.
 * - The key is the page's canonical path (content/public-pages.ts; other
 *   spellings never get here: the server's front sends them there with a 301),
 *   plus the Host when no public origin is set, for a few hosts only. Query
 *   strings are ignored, except React Router's `_routes`, reduced to the ids of
 *   the routes that answer the page: made-up addresses, queries and hosts
 *   neither fill memory nor push real pages out. A team page with a variant B
 *   is kept once per variant, the visitor's picked before the lookup.
 * - A miss renders once however many ask at once (single flight); the render
 *   has no nonce, and its CSP lists the SHA-256 of each inline script instead
 *   (docs/decisions/005-page-cache.md), so stored bytes are served as they are.
 * - A save drops the pages that show what it changed, in the languages it
 *   shows in (content/kept-pages.ts `keptPageOutdatedBy`: a Sinhala text of
 *   About drops `/si/about` and nothing else; a Services save, the team pages
 *   whose kept render has a services block); a render of such a page begun
 *   before the save still answers those who asked for it, but is not kept,
 *   and nobody joins it.
 */
export class PageCache {
  readonly #entries = new Map<string, Entry>();
  /** Keys kept at least once (so, real pages): their renders get priority. */
  readonly #known = new Set<string>();
  /** Without a public origin: the origins whose pages are kept (at most `maxHosts`, until the next save). */
  readonly #hosts = new Set<string>();
  #warnedHosts = false;
  readonly #inflight = new Map<string, Render>();
  readonly #options: Required<Omit<PageCacheOptions, "origin" | "served" | "variantOf">> &
    Pick<PageCacheOptions, "origin" | "served" | "variantOf">;

  constructor(options: PageCacheOptions) {
    this.#options = { maxEntries: 500, maxHosts: MAX_HOSTS, ...options };
    options.bus.subscribe((event) => {
      if (isSavedEvent(event)) this.#drop((page, shows) => keptPageOutdatedBy(page, event, shows));
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Drops every kept page. */
  clear(): void {
    this.#drop(() => true);
  }

  /**
   * Drops the kept pages (and renders under way, whose blocks are not known yet) that `outdated`
   * names; hosts left without a page are let go.
   */
  #drop(outdated: (page: string, shows?: readonly DocumentKey[]) => boolean): void {
    for (const [key, entry] of this.#entries) if (outdated(entry.page, entry.shows)) this.#entries.delete(key);
    for (const [key, render] of this.#inflight) {
      if (!outdated(render.page)) continue;
      render.outdated = true;
      this.#inflight.delete(key);
    }
    this.#hosts.clear();
    for (const { host } of this.#entries.values()) if (host !== undefined) this.#hosts.add(host);
  }

  /**
   * The cache key and the address to render for a request, or undefined when
   * the cache does not answer it: not a GET or HEAD of the canonical address
   * of a public page, its route data or the feed; or, without a public origin,
   * a Host past the few whose pages are kept.
   */
  keyFor(method: string | undefined, url: string | undefined, host: string | undefined) {
    if ((method !== "GET" && method !== "HEAD") || url === undefined) return undefined;
    const query = url.indexOf("?");
    const found = publicPath(query === -1 ? url : url.slice(0, query));
    if (found?.status !== 200) return undefined;
    const { origin: publicOrigin } = this.#options;
    const origin = publicOrigin ?? originOf(host);
    if (!origin || !this.#keepsHost(origin)) return undefined;
    const routes =
      query === -1 || found.kind !== "data"
        ? ""
        : this.#routes(new URLSearchParams(url.slice(query + 1)).get("_routes"), found.page);
    const suffix = routes ? `?_routes=${routes}` : "";
    return {
      key: `${publicOrigin ? "" : origin}${found.path}${suffix}`,
      url: `${origin}${found.path}${suffix}`,
      host: publicOrigin ? undefined : origin,
      page: found.kind === "data" ? found.page : found.path,
    };
  }

  /** Answers the request from the cache (rendering it once on a miss), or calls `next` to pass it on to the app. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const target = this.keyFor(req.method, req.url, req.headers.host);
    if (!target) return next();
    const token = sessionTokenIn(req.headers.cookie);
    if (!token) return this.#answerVariant(req, res, target, next);
    this.#options.isSignedIn(token).then(
      (signedIn) => (signedIn ? next() : this.#answerVariant(req, res, target, next)),
      () => next(),
    );
  }

  /** Answers with the variant of the page the visitor gets (the page's only one for most pages). */
  #answerVariant(req: IncomingMessage, res: ServerResponse, target: Target, next: () => void) {
    let variant: ReturnType<NonNullable<PageCacheOptions["variantOf"]>>;
    try {
      variant = this.#options.variantOf?.(target.page, req);
    } catch {
      return next();
    }
    if (variant === undefined || typeof variant === "string")
      return this.#answer(req, res, withVariant(target, variant));
    variant.then(
      (name) => this.#answer(req, res, withVariant(target, name)),
      () => next(),
    );
  }

  #answer(req: IncomingMessage, res: ServerResponse, target: Target) {
    const hit = this.#entries.get(target.key);
    if (hit) {
      // Most recently used last: the oldest is dropped first when the cache is full.
      this.#entries.delete(target.key);
      this.#entries.set(target.key, hit);
      return this.#send(req, res, hit, "hit");
    }
    // The server's listener gave every answer its id (server/assembly/request-log.ts).
    const requestId = res.getHeader("x-request-id") as string | undefined;
    this.#fill(target, requestId).then(
      (entry) => this.#send(req, res, entry, "miss"),
      (error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end(`Internal Server Error${requestId ? ` (request ${requestId})` : ""}`);
        this.#options.logger.error("page render failed", {
          event: "render-failed",
          requestId,
          path: new URL(target.url).pathname,
          error: error instanceof Error ? error.stack : String(error),
        });
      },
    );
  }

  #send(req: IncomingMessage, res: ServerResponse, entry: Entry, state: State) {
    const status = send(req, res, entry, state);
    if (status !== undefined) this.#options.served?.(req, status, entry.type, entry.variant);
  }

  #fill({ key, url, host, page, variant }: Target, requestId: string | undefined): Promise<Entry> {
    const pending = this.#inflight.get(key);
    if (pending) return pending.promise;
    const render: Render = { page, outdated: false, promise: undefined! };
    render.promise = this.#options
      .render(url, { priority: this.#known.has(key), requestId, ...(variant && { variant }) })
      .then((response) => toEntry(response, page, host, variant))
      .then(({ entry, storable }) => {
        if (storable && !render.outdated) this.#store(key, host, entry);
        return entry;
      })
      .finally(() => {
        if (this.#inflight.get(key) === render) this.#inflight.delete(key);
      });
    this.#inflight.set(key, render);
    return render.promise;
  }

  #store(key: string, host: string | undefined, entry: Entry) {
    if (host !== undefined && !this.#hosts.has(host)) {
      // Renders for several new hosts may have begun while there was room for one.
      if (!this.#keepsHost(host)) return;
      this.#hosts.add(host);
    }
    if (this.#entries.size >= this.#options.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
    if (this.#known.size >= this.#options.maxEntries * 2) this.#known.clear();
    this.#known.add(key);
  }

  /** Whether pages of `origin` (a Host, without a public origin) are kept: one already kept, or room for another. */
  #keepsHost(origin: string): boolean {
    if (this.#options.origin || this.#hosts.has(origin) || this.#hosts.size < this.#options.maxHosts) return true;
    if (!this.#warnedHosts) {
      this.#warnedHosts = true;
      this.#options.logger.warn(
        "pages asked for under more Host names than the page cache keeps are rendered each time: set PUBLIC_URL",
        { kept: [...this.#hosts] },
      );
    }
    return false;
  }

  /** `_routes` reduced to the ids of the routes that answer `page`, sorted; "" when none is left. */
  #routes(value: string | null, page: string): string {
    if (!value) return "";
    const known = this.#options.routeIds(page);
    return [...new Set(value.split(","))]
      .filter((id) => known.has(id))
      .sort()
      .join(",");
  }
}

/** What the cache keys and renders for a request: `host`, the origin it keeps pages of when there is no public origin. */
interface Target {
  key: string;
  url: string;
  host: string | undefined;
  /** The canonical path of the page it shows (for route data, the page's). */
  page: string;
  /** The variant of a team page it shows, for a page with a variant B. */
  variant?: VariantName | undefined;
}

/** `target` for the visitors who get `variant` of its page: kept under a key of its own. */
const withVariant = (target: Target, variant: VariantName | undefined): Target =>
  variant === undefined ? target : { ...target, key: `${target.key}#${variant}`, variant };

/** A render under way: `outdated` once a save changed its page (it answers, but is not kept). */
interface Render {
  page: string;
  outdated: boolean;
  promise: Promise<Entry>;
}

function originOf(host: string | undefined): string | undefined {
  if (!host || host.length > 255 || !/^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i.test(host)) return undefined;
  return `http://${host.toLowerCase()}`;
}

/** The stored form of a rendered response, and whether it may be kept (200, HTML or route data, no cookie). */
async function toEntry(
  response: Response,
  page: string,
  host: string | undefined,
  shown: VariantName | undefined,
): Promise<{ entry: Entry; storable: boolean }> {
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  const storable = response.status === 200 && CACHEABLE_TYPES.test(type) && !response.headers.has("set-cookie");
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of response.headers) {
    if (/^(content-length|content-encoding|date|connection|transfer-encoding|keep-alive)$/.test(name)) continue;
    if (name === SHOWS_HEADER) continue;
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
    page,
    host,
    variant: shown,
    shows: showsOf(response.headers.get(SHOWS_HEADER)),
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
