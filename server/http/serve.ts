import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Env } from "#server/env.ts";
import type { AppDeps } from "./context.ts";
import { createApp, type SitePages } from "./create-app.ts";
import { createDeps, type DepsOptions } from "./deps.ts";

export interface RunningServer {
  url: string;
  deps: AppDeps;
  close(): Promise<void>;
}

/** Starts the whole server on env.HOST:env.PORT (0 picks a free port). */
export async function startServer(env: Env, pages?: SitePages, options: DepsOptions = {}): Promise<RunningServer> {
  const deps = await createDeps(env, options);
  const app = createApp(deps, pages);
  const front = pages?.front?.(app, deps);
  const listener = getRequestListener(app.fetch, { hostname: env.HOST });
  // What the front handler (the page cache) answers never reaches the app.
  const server: Server = createServer(front ? (req, res) => front(req, res) || void listener(req, res) : listener);
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const { port } = server.address() as AddressInfo;
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const url = `http://${host}:${port}`;
  const sweep = setInterval(() => void deps.store.sessions.removeExpired(), 60 * 60 * 1000);
  sweep.unref();
  deps.outbox.start();
  return {
    url,
    deps,
    async close() {
      clearInterval(sweep);
      await deps.outbox.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      await deps.store.close();
    },
  };
}
