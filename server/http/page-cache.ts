import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { parseAccept } from "hono/utils/accept";
import { SESSION_COOKIE } from "#server/auth/sessions.ts";
import type { EventBus } from "#server/events.ts";
import type { AppBindings } from "./context.ts";
import { compileGzipTemplate, renderGzip, type GzipTemplate } from "./gzip-template.ts";

const MAX_ENTRIES = 500;

interface CachedPage {
  /** The page split at its CSP nonce. */
  stretches: string[];
  headers: [string, string][];
  /** The page's own Vary already covers Accept-Encoding. */
  varies: boolean;
  /** Compressed once, at the first gzip hit; each response gets its own nonce stitched in. */
  gzip?: GzipTemplate;
}

/**
 * Caches server-rendered public pages for visitors (GET, no session, 200 HTML)
 * until any content is saved. The CSP nonce inside a cached page is swapped
 * for the current request's own nonce, so no two responses share one. Gzip
 * clients get a body compressed once per page, with the nonce in stored
 * deflate blocks (./gzip-template.ts): no per-request compression.
 */
export function pageCache(bus: EventBus) {
  const pages = new Map<string, CachedPage>();
  bus.subscribe((event) => {
    if (event.type === "content") pages.clear();
  });

  return createMiddleware<AppBindings>(async (c, next) => {
    const nonce = c.var.secureHeadersNonce;
    const cacheable = c.req.method === "GET" && nonce && !getCookie(c, SESSION_COOKIE) && !c.req.path.startsWith("/admin");
    if (!cacheable) return next();

    const key = c.req.url;
    const hit = pages.get(key);
    if (hit) {
      for (const [name, value] of hit.headers) c.header(name, value);
      c.header("X-Page-Cache", "hit");
      if (!hit.varies) c.header("Vary", "Accept-Encoding", { append: true });
      if (prefersGzip(c.req.header("accept-encoding"))) {
        const gzip = (hit.gzip ??= compileGzipTemplate(hit.stretches, nonce.length));
        if (gzip.holeLength === nonce.length && /^[\x20-\x7e]*$/.test(nonce)) {
          c.header("Content-Encoding", "gzip");
          return c.body(renderGzip(gzip, nonce));
        }
      }
      // Deflate or identity: the compress middleware does as for any response.
      return c.html(hit.stretches.join(nonce));
    }

    await next();
    const type = c.res.headers.get("content-type") ?? "";
    if (c.res.status !== 200 || !type.startsWith("text/html") || c.res.headers.has("set-cookie")) return;
    const html = await c.res.clone().text();
    if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!);
    const keep = [...c.res.headers].filter(([name]) => !/^(content-security-policy|content-length|date|content-encoding)$/i.test(name));
    const varies = keep.some(([name, value]) => name === "vary" && /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value));
    pages.set(key, { stretches: html.split(nonce), headers: keep, varies });
  });
}

const choices = new Map<string, boolean>();

/** Whether the compress middleware would pick gzip for this Accept-Encoding (it prefers gzip, then deflate). */
export function prefersGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  let choice = choices.get(header);
  if (choice === undefined) {
    const accepts = parseAccept(header);
    const q = (name: string) => accepts.find((a) => a.type.toLowerCase() === name)?.q ?? accepts.find((a) => a.type === "*")?.q ?? 0;
    const gzip = q("gzip");
    choice = gzip > 0 && gzip >= q("deflate");
    if (choices.size >= 100) choices.clear();
    choices.set(header, choice);
  }
  return choice;
}
