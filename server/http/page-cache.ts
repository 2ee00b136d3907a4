import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { SESSION_COOKIE } from "#server/auth/sessions.ts";
import type { EventBus } from "#server/events.ts";
import type { AppBindings } from "./context.ts";

const NONCE_PLACEHOLDER = "__CSP_NONCE__";
const MAX_ENTRIES = 500;

interface CachedPage {
  html: string;
  headers: [string, string][];
}

/**
 * Caches server-rendered public pages for visitors (GET, no session, 200 HTML)
 * until any content is saved. The CSP nonce inside a cached page is swapped
 * for the current request's own nonce, so no two responses share one.
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
      return c.html(hit.html.replaceAll(NONCE_PLACEHOLDER, nonce));
    }

    await next();
    const type = c.res.headers.get("content-type") ?? "";
    if (c.res.status !== 200 || !type.startsWith("text/html") || c.res.headers.has("set-cookie")) return;
    const html = await c.res.clone().text();
    if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!);
    const keep = [...c.res.headers].filter(([name]) => !/^(content-security-policy|content-length|date|content-encoding)$/i.test(name));
    pages.set(key, { html: html.replaceAll(nonce, NONCE_PLACEHOLDER), headers: keep });
  });
}
