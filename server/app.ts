import type { IncomingMessage } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { isVariantName, VARIANT_HEADER, type VariantName } from "#content/landing-pages.ts";
import { publicPath, ROUTE_DISCOVERY_PATH } from "#content/public-pages.ts";
import { isPageView } from "./insights/page-view.ts";
import { findSession, sessionTokenIn } from "./auth/sessions.ts";
import { loadEnv, type Env } from "./env.ts";
import { createLogger, logConsoleOutput, logProcessWarnings, prettyLogs } from "./logger.ts";
import type { FrontHandler, SitePages } from "./assembly/create-app.ts";
import type { AppDeps } from "./assembly/deps.ts";
import { REQUEST_ID_HEADER } from "./assembly/request-log.ts";
import { startServer } from "./assembly/serve.ts";
import { eventLoopLag, logShedding, shedLoad } from "./assembly/shed-load.ts";
import { clientAddress } from "./http/middleware.ts";
import { publicOrigin } from "./lib/site-origin.ts";
import { PageCache } from "./page-cache/page-cache.ts";
import { createVariantSplit } from "./page-cache/variant-split.ts";
import { markPreviewResponse, readPagePreview } from "./previews/page-preview.ts";
import { loadContextOf } from "./load-context.ts";

/** How the page cache's own renders are told apart: bindings only the server itself passes to `app.fetch`. */
interface CacheRender {
  pageCacheRender: true;
  priority: boolean;
  /** The variant of a team page to draw (the cache keeps one answer per variant). */
  variant?: VariantName;
}
const cacheRenderOf = (env: unknown) =>
  (env as Partial<CacheRender> | undefined)?.pageCacheRender === true ? (env as CacheRender) : undefined;

/** The id of the team pages' route in each language (app/routes.ts: `routes/site/landing`, `si:routes/site/landing`). */
const LANDING_ROUTE = "routes/site/landing";

/** The path of a GET or HEAD request (the part before `?`), or undefined for another method. */
function pathOfRead(req: IncomingMessage): string | undefined {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.url === undefined) return undefined;
  const query = req.url.indexOf("?");
  return query === -1 ? req.url : req.url.slice(0, query);
}

/**
 * Sends a GET or HEAD of another spelling of a public page (`/ABOUT`,
 * `/about/`, `/%61bout`, `/x/%2e%2e/about`) or of its route data to the one
 * address (content/public-pages.ts) with a 301 that keeps the query, before
 * the page cache or a render: the cache keeps one copy of each page, and
 * Insights count it under one address. Route data of no page is 404 here (a
 * made-up page's address gets the app's "not found" page, never kept).
 */
const toCanonicalAddress: FrontHandler = (req, res, next) => {
  const path = pathOfRead(req);
  const found = path === undefined ? undefined : publicPath(path);
  if (found?.status === 301) {
    res.writeHead(301, {
      location: `${found.path}${req.url!.slice(path!.length)}`,
      "cache-control": "public, max-age=86400",
      "content-length": 0,
    });
    res.end();
  } else if (found?.status === 404 && found.kind === "data") {
    res.writeHead(404, {
      "content-type": "text/plain; charset=utf-8",
      "content-length": NOT_FOUND.length,
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
    });
    res.end(req.method === "HEAD" ? undefined : NOT_FOUND);
  } else next();
};
const NOT_FOUND = "Not Found";

/** The build's route table as React Router's matching takes it. */
function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) => ({
        id: route!.id,
        path: route!.path,
        index: route!.index,
        caseSensitive: route!.caseSensitive,
        children: childrenOf(route!.id),
      })) as RouteObject[];
  return childrenOf(undefined);
}

/**
 * The ids of the routes that answer a page path, by React Router's own matching
 * over the build's route table: the page cache keeps route data only for these.
 */
function routeIdsOf(routes: ServerBuild["routes"]): (page: string) => ReadonlySet<string> {
  const tree = routeTree(routes);
  return (page) => new Set(matchRoutes(tree, page)?.map((match) => match.route.id!));
}

/**
 * The route pattern (`/admin/insights`) of a path a route of the build answers,
 * its route data (`/admin.data`) included; undefined for the not-found route
 * (the splat), the team pages' route (content/public-pages.ts names the paths
 * it answers; any other it matches is not found) and what no route answers:
 * the route a request is logged under.
 */
function routePatternOf(routes: ServerBuild["routes"]): (path: string) => string | undefined {
  const tree = routeTree(routes);
  return (path) => {
    const data = path.endsWith(".data");
    const matches = matchRoutes(tree, data ? path.slice(0, -".data".length) : path);
    const last = matches?.at(-1)?.route;
    if (!matches || !last || last.path === "*" || last.id?.endsWith(LANDING_ROUTE)) return undefined;
    const pattern = `/${matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/")}`;
    return data ? `${pattern}.data` : pattern;
  };
}

/** Static files and server-rendered pages, mounted after the API; the page cache in front of them. */
function pages(mode: string): SitePages {
  // The bundler may place this module in server/assets/ (code splitting): the client folder sits beside server/.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const serverDir = path.basename(here) === "assets" ? path.dirname(here) : here;
  const clientDir = path.relative(process.cwd(), path.resolve(serverDir, "../client"));
  const handler = createRequestHandler(build as unknown as ServerBuild, mode);
  let renders: ReturnType<typeof shedLoad>;
  // Renders queue up under overload, and are shed (503 with Retry-After) after 1 s in
  // line, when the line is full, or while the event loop runs 500 ms late. Cache hits
  // never get here (the page cache answers them in front), nor does React Router's route
  // discovery (no render). Under a burst, visitors' page requests that would be shed are
  // answered in front, before the app does any work for them.
  // Made with the deps (mount, below), which log and count what is shed.
  const shedRenders = (deps: AppDeps) => {
    const logShed = logShedding(deps.logger);
    const made = shedLoad({
      concurrency: 8,
      queue: 50,
      maxWaitMs: 1_000,
      maxLagMs: 500,
      lag: eventLoopLag(),
      // Also a signed-in admin's renders: the admin can work while visitors flood the site.
      priority: (c) => cacheRenderOf(c.env)?.priority === true || c.var.user !== null,
      onShed: (reason) => {
        logShed(reason);
        deps.metrics?.shed(reason);
      },
    });
    deps.metrics?.watchRenders(made.line);
    return made;
  };
  /** The front's own answer to a page request without a session when renders are turning requests away. */
  const turnAwayEarly: FrontHandler = (req, res, next) => {
    const path = pathOfRead(req);
    return path !== undefined &&
      !sessionTokenIn(req.headers.cookie) &&
      publicPath(path) !== undefined &&
      renders.wouldTurnAway()
      ? renders.turnAway(req, res)
      : next();
  };
  return {
    routeOf: routePatternOf((build as unknown as ServerBuild).routes),
    mount(app, deps) {
      renders = shedRenders(deps);
      app.use(
        "/assets/*",
        serveStatic({
          root: clientDir,
          precompressed: true,
          onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
        }),
      );
      // Files in public/ (favicon, logo, images) all have an extension; page paths
      // never do, so a page render skips the file-system lookups.
      const publicFiles = serveStatic({
        root: clientDir,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
      });
      app.use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next()));
      app.use("*", (c, next) => (c.req.path === ROUTE_DISCOVERY_PATH ? next() : renders(c, next)));
      app.all("*", async (c) => {
        const cacheRender = cacheRenderOf(c.env) !== undefined;
        const cacheVariant = cacheRenderOf(c.env)?.variant;
        // Only a signed-in admin's own requests: the page cache's renders have no session.
        const preview = await readPagePreview(c.var.deps.store, c.var.user, c.req.url);
        const response = await handler(
          c.req.raw,
          // The page cache's renders have no nonce: it lists the inline scripts' hashes instead.
          loadContextOf(c, {
            cacheRender,
            preview,
            nonce: cacheRender ? undefined : c.var.secureHeadersNonce,
            ...(cacheVariant && { variant: cacheVariant }),
          }),
        );
        if (preview) markPreviewResponse(response);
        // Renders for a signed-in admin (or anything the cache does not keep) are theirs alone.
        else if (!cacheRender && !response.headers.has("Cache-Control"))
          response.headers.set("Cache-Control", "private, no-cache");
        // A visitor's page the cache did not answer (PAGE_CACHE=off); the cache's own renders are
        // counted when it sends them (front, below), signed-in admins never.
        if (
          !cacheRender &&
          c.var.user === null &&
          isPageView(c.req.method, c.req.path, response.status, response.headers.get("content-type"))
        ) {
          const { pathname, search } = new URL(c.req.url);
          const variant = response.headers.get(VARIANT_HEADER);
          c.var.deps.insights.page({
            url: pathname + search,
            address: c.var.clientIp,
            header: (name) => c.req.header(name),
            variant: isVariantName(variant) ? variant : undefined,
          });
        }
        return response;
      });
    },
    front(app, deps) {
      if (!deps.env.PAGE_CACHE)
        return (req, res, next) => toCanonicalAddress(req, res, () => turnAwayEarly(req, res, next));
      /** A request's headers as Insights read them. */
      const headerOf = (req: IncomingMessage) => (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(", ") : value;
      };
      const addressOf = (req: IncomingMessage) =>
        clientAddress(req.socket.remoteAddress, headerOf(req)("x-forwarded-for"), deps.env.TRUST_PROXY);
      // Which variant of a team page a visitor gets: by their key of the day, as the page's loader.
      const split = createVariantSplit({
        subscribe: (listener) => deps.bus.subscribe(listener),
        pageWithVariant: async (address, locale) => {
          const page = await deps.store.pages.findByPath(address, locale);
          return page && page.data.variants.length > 0 ? page.id : undefined;
        },
      });
      const cache = new PageCache({
        bus: deps.bus,
        logger: deps.logger,
        origin: publicOrigin(deps.env),
        routeIds: routeIdsOf((build as unknown as ServerBuild).routes),
        isSignedIn: async (token) => (await findSession(deps.store, token)) !== undefined,
        variantOf: (page, req) =>
          split(page, () => deps.insights.visitorKey({ address: addressOf(req), header: headerOf(req) })),
        served: (req, status, contentType, variant) => {
          const url = req.url ?? "/";
          const query = url.indexOf("?");
          if (!isPageView(req.method, query === -1 ? url : url.slice(0, query), status, contentType)) return;
          deps.insights.page({ url, address: addressOf(req), header: headerOf(req), variant });
        },
        render: async (url, { priority, requestId, variant }) =>
          app.fetch(
            new Request(url, {
              headers: { Accept: "text/html,*/*", ...(requestId && { [REQUEST_ID_HEADER]: requestId }) },
            }),
            { pageCacheRender: true, priority, ...(variant && { variant }) } satisfies CacheRender,
          ),
      });
      return (req, res, next) =>
        toCanonicalAddress(req, res, () => cache.handle(req, res, () => turnAwayEarly(req, res, next)));
    },
  };
}

/** Entry point of the production server (scripts/start.mjs imports the built copy of this file). */
export async function start(env: Env = loadEnv()) {
  const processLogger = createLogger(env.LOG_LEVEL, { pretty: prettyLogs(env.NODE_ENV) });
  logProcessWarnings(processLogger);
  logConsoleOutput(processLogger);
  const server = await startServer(env, pages(env.NODE_ENV === "development" ? "development" : "production"));
  if (env.NODE_ENV === "production" && process.env.NODE_ENV !== "production") {
    server.deps.logger.warn(
      "React is running its development build: set NODE_ENV=production before importing the server (npm start does)",
    );
  }
  server.deps.logger.info(`Site running at ${env.PUBLIC_URL ?? server.url}`, {
    event: "start",
    node: process.versions.node,
    database: server.deps.store.dialect,
  });
  return server;
}

export { loadEnv };
// Shell commands (scripts/admin.mjs, backup.mjs, restore.mjs) run from the same build.
export { runAdminCli } from "./cli/admin.ts";
export { runBackupCli, runRestoreCli } from "./cli/backup.ts";
