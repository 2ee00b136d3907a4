import { createRequestHandler, type ServerBuild } from "react-router";
import type { Connect } from "vite";
import type { Env } from "#server/env.ts";
import type { SitePages } from "#server/assembly/create-app.ts";
import { startServer, type RunningServer } from "#server/assembly/serve.ts";
import { markPreviewResponse, readPagePreview } from "#server/previews/page-preview.ts";
import { setRoute } from "#server/assembly/request-log.ts";
import { loadContextOf } from "#server/load-context.ts";

/** What `npm run dev` (scripts/dev.mjs) hands the server: Vite's middlewares and its live server build. */
export interface DevTools {
  /** Vite's own requests: the browser's modules, /@vite/client, files in public/. */
  middlewares: Connect.Server;
  /** React Router's server build as Vite holds it now (fresh after an edit). */
  loadBuild(): Promise<ServerBuild>;
}

/**
 * The site's pages in development. Vite answers first what is its own and
 * passes every other request on to the app, which is the production app
 * (security headers, API, SSE, sign-in). Pages render from Vite's current
 * server build, so an edit shows on the next request; there is no page cache
 * (it would keep old renders) and no load shedding. Files in public/ come from
 * Vite, the client build does not exist. The Content-Security-Policy is the
 * production one, plus workers from blob: URLs for Vite's client.
 */
function devPages({ middlewares, loadBuild }: DevTools): SitePages {
  const handler = createRequestHandler(loadBuild, "development");
  return {
    // What Vite answers (modules, its client) is logged at debug level: a page load asks for hundreds.
    front: () => (req, res, next) => {
      setRoute(res, "vite", { quiet: true });
      middlewares(req, res, () => {
        setRoute(res, "*");
        next();
      });
    },
    // Vite's client waits for a restarted server in a worker made from a blob: URL.
    csp: { workerSrc: ["'self'", "blob:"] },
    mount(app) {
      app.all("*", async (c) => {
        const preview = await readPagePreview(c.var.deps.store, c.var.user, c.req.url);
        const response = await handler(
          c.req.raw,
          loadContextOf(c, { cacheRender: false, preview, nonce: c.var.secureHeadersNonce }),
        );
        response.headers.set("Cache-Control", "no-store");
        if (preview) markPreviewResponse(response);
        return response;
      });
    },
  };
}

/** Starts the real server (database, auth, SSE, API) with Vite's pages. */
export async function startDevServer(env: Env, tools: DevTools): Promise<RunningServer> {
  const server = await startServer(env, devPages(tools));
  server.deps.logger.info(`Site running at ${env.PUBLIC_URL ?? server.url} (development: edits show at once)`, {
    event: "start",
  });
  return server;
}

export { loadEnv } from "#server/env.ts";
export { startFakeAi } from "./fake-ai.ts";
