import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { loadEnv, type Env } from "./env.ts";
import type { Fallback } from "./http/create-app.ts";
import { startServer } from "./http/serve.ts";
import { pageCache } from "./http/page-cache.ts";
import { eventLoopLag, shedLoad } from "./http/shed-load.ts";
import "./load-context.ts";

/** Static files and server-rendered pages, mounted after the API. */
function pages(mode: string): Fallback {
  // The bundler may place this module in server/assets/ (code splitting): the client folder sits beside server/.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const serverDir = path.basename(here) === "assets" ? path.dirname(here) : here;
  const clientDir = path.relative(process.cwd(), path.resolve(serverDir, "../client"));
  const handler = createRequestHandler(build as unknown as ServerBuild, mode);
  return (app, deps) => {
    app.use(
      "/assets/*",
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    // Cached pages first: a hit then costs no file-system lookups.
    app.use("*", pageCache(deps.bus));
    // Files in public/ (favicon, logo, images) all have an extension; page paths
    // never do, so a page render skips the file-system lookups.
    const publicFiles = serveStatic({
      root: clientDir,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    });
    app.use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next()));
    // Renders (cache misses) queue up under overload, and are shed (503) after 2 s in
    // line or while the event loop runs 500 ms late, rather than served seconds late.
    app.use("*", shedLoad({ concurrency: 8, queue: 200, maxWaitMs: 2_000, maxLagMs: 500, lag: eventLoopLag() }));
    app.all("*", (c) =>
      handler(c.req.raw, {
        deps: c.var.deps,
        user: c.var.user,
        clientIp: c.var.clientIp,
        nonce: c.var.secureHeadersNonce,
      }),
    );
  };
}

/** Entry point of the production server (scripts/start.mjs imports the built copy of this file). */
export async function start(env: Env = loadEnv()) {
  const server = await startServer(env, pages(env.NODE_ENV === "development" ? "development" : "production"));
  if (env.NODE_ENV === "production" && process.env.NODE_ENV !== "production") {
    server.deps.logger.warn("React is running its development build: set NODE_ENV=production before importing the server (npm start does)");
  }
  server.deps.logger.info(`Site running at ${env.PUBLIC_URL ?? server.url}`);
  return server;
}

export { loadEnv };
// Shell commands (scripts/admin.mjs, backup.mjs, restore.mjs) run from the same build.
export { runAdminCli } from "./accounts/admin-cli.ts";
export { runBackupCli, runRestoreCli } from "./backup/backup-cli.ts";
