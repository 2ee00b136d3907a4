import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { publicRoute } from "#content/public-pages.ts";
import { loggedPath, type Logger, type RequestLine } from "#server/logger.ts";
import type { CacheState, Metrics } from "#server/metrics/metrics.ts";

export const REQUEST_ID_HEADER = "x-request-id";

const ROUTE = Symbol("route");
const QUIET = Symbol("quiet");
type Observed = ServerResponse & { [ROUTE]?: string; [QUIET]?: boolean };

/** Hono's patterns of its catch-alls (static files, page renders): the route is then found from the path. */
const ANY_PATH = new Set(["*", "/*"]);
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const FILE = /\.[a-z0-9]+$/i;

const outgoingOf = (c: Context) => (c.env as Partial<HttpBindings> | undefined)?.outgoing as Observed | undefined;

/**
 * The request's id (the `X-Request-Id` the server's listener set on the
 * answer), for a log line or an error's body. A page cache's render has no
 * connection of its own: it carries the id of the request that asked for it.
 */
export function requestIdOf(c: Context): string | undefined {
  const outgoing = outgoingOf(c);
  if (outgoing) return outgoing.getHeader(REQUEST_ID_HEADER) as string | undefined;
  return c.req.header(REQUEST_ID_HEADER);
}

/** Hono middleware, first of the app: notes the pattern of the route that answered (`/api/posts/:id`) for the log line. */
export const noteRoute = createMiddleware(async (c, next) => {
  await next();
  const outgoing = outgoingOf(c);
  if (outgoing) outgoing[ROUTE] = routePath(c);
});

/**
 * Names the route of a request answered in front of the app (`npm run dev`'s
 * Vite); `quiet` logs it at debug level. `*` hands the naming back (to the app, or the path).
 */
export function setRoute(res: ServerResponse, route: string, options: { quiet?: boolean } = {}): void {
  (res as Observed)[ROUTE] = route;
  (res as Observed)[QUIET] = options.quiet === true;
}

/**
 * The route a request is logged and counted under, never its raw path (ids,
 * slugs and tokens stay out, and the labels stay few): the pattern of the API
 * route that answered; else a public page's (content/public-pages.ts); else
 * React Router's (`pageRoute`: the admin, sitemap, robots); else `static`
 * for a file, `not-found` or `other`.
 */
function routeOf(req: IncomingMessage, res: Observed, pageRoute: ((path: string) => string | undefined) | undefined) {
  const noted = res[ROUTE];
  if (noted !== undefined && !ANY_PATH.has(noted)) return noted;
  const path = pathOf(req.url ?? "/");
  const route = publicRoute(path) ?? pageRoute?.(path);
  if (route !== undefined) return route;
  if (res.statusCode === 404) return "not-found";
  return FILE.test(path) ? "static" : "other";
}

/** A request target's path, without its query. */
function pathOf(target: string): string {
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
}

export interface RequestLogOptions {
  logger: Logger;
  metrics: Metrics | undefined;
  /** React Router's pattern for a page path it has a route for (server/app.ts), beyond the public pages. */
  pageRoute?(path: string): string | undefined;
}

/**
 * Wraps the server's Node listener, so that every request is seen, those the
 * page cache answers in front of the app too: each gets an id of its own
 * (a random UUID; one sent by the client is ignored, as anyone could send
 * anything there) in `X-Request-Id`, and when its answer is over (or the
 * client left) one log line and its metrics: method, route, status (499 when
 * the client left before the answer began), duration, and whether the page
 * cache answered (`cache`: hit, miss, or none); for a 404, the path asked for.
 */
export function observeRequests(listener: RequestListener, options: RequestLogOptions): RequestListener {
  const { logger, metrics, pageRoute } = options;
  return (req, res: Observed) => {
    const started = performance.now();
    // As it was asked for: the server may make it decodable within (./serve.ts).
    const asked = req.url ?? "/";
    const requestId = randomUUID();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.once("close", () => {
      const ms = performance.now() - started;
      const method = METHODS.has(req.method!) ? req.method! : "OTHER";
      const route = routeOf(req, res, pageRoute);
      const status = res.headersSent ? res.statusCode : 499;
      const cache = res.getHeader("x-page-cache") as CacheState | undefined;
      metrics?.request(method, route, status, ms / 1000, cache);
      const line: RequestLine = {
        requestId,
        method,
        route,
        status,
        durationMs: Math.round(ms * 100) / 100,
        cache: cache ?? "none",
        ...(!res.writableFinished && { aborted: true as const }),
        // A missing page's (or file's, or record's) path, for the operator looking for broken links.
        ...(status === 404 && { path: loggedPath(pathOf(asked)) }),
      };
      if (res[QUIET]) logger.debug(`${method} ${route} ${status}`, { event: "request", ...line });
      else if (logger.request) logger.request(line);
      else logger.info(`${method} ${route} ${status}`, { event: "request", ...line });
    });
    listener(req, res);
  };
}
