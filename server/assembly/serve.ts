import { createServer, type Server } from "node:http";
import { getRequestListener, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Env } from "#server/env.ts";
import { compressResponse } from "#server/http/encoding.ts";
import { decodablePath } from "#server/lib/decodable-path.ts";
import { createApp, MAX_BODY_BYTES, type SitePages } from "./create-app.ts";
import { createDeps, type AppDeps, type DepsOptions } from "./deps.ts";
import { DRAIN_MS, trackRequests } from "./drain.ts";
import { startJobs } from "./jobs.ts";
import { observeRequests } from "./request-log.ts";

/** An unread request body up to this size is read away before the answer, so the connection stays open. */
const DISCARD_MAX_BYTES = MAX_BODY_BYTES;
/** How long the rest of a body may take to arrive before the answer goes out with `Connection: close` instead. */
const DISCARD_WAIT_MS = 2_000;

/** Reads and drops the rest of a body; false when it is larger than the bound, slower than the wait, or fails. */
async function discard(body: ReadableStream<Uint8Array>): Promise<boolean> {
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DISCARD_WAIT_MS)));
  const readAll = async () => {
    for (let bytes = 0; ;) {
      const { done, value } = await reader.read();
      if (done) return true;
      bytes += value.byteLength;
      if (bytes > DISCARD_MAX_BYTES) return false;
    }
  };
  try {
    return await Promise.race([readAll(), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * When the app answers before reading the request's body (401, 403, 404, a
 * form's 413), Node keeps the connection alive, but the unread body is still
 * on it: @hono/node-server tries to read it away after the answer and, as the
 * body stream Hono made for the request holds it back, gives up after 500 ms
 * and closes the socket under a client (or reverse proxy) that was told
 * `keep-alive`, so its next request is reset. Here, before the answer is
 * written, the rest of a body up to DISCARD_MAX_BYTES is read and dropped;
 * anything larger, slower or already half-read by the app makes the answer
 * say `Connection: close` instead. Requests whose body was read are untouched.
 */
function settleUnreadBodies(fetch: (request: Request, env: HttpBindings) => Response | Promise<Response>) {
  const settle = async (
    request: Request,
    { incoming, outgoing }: HttpBindings,
    answer: Response | Promise<Response>,
  ) => {
    const response = await answer;
    if (incoming.complete || incoming.destroyed || outgoing.headersSent) return response;
    const declared = Number(incoming.headers["content-length"] ?? 0);
    const body = declared <= DISCARD_MAX_BYTES ? request.body : null;
    if (!body || body.locked || !(await discard(body))) outgoing.shouldKeepAlive = false;
    return response;
  };
  // startServer() below makes an HTTP/1.1 server, so the bindings are always node:http's.
  return (request: Request, env: HttpBindings | Http2Bindings) => {
    const answer = fetch(request, env as HttpBindings);
    return request.method === "GET" || request.method === "HEAD"
      ? answer
      : settle(request, env as HttpBindings, answer);
  };
}

/** Connections that may wait to be accepted (see startServer). */
const LISTEN_BACKLOG = 4_096;

/**
 * How long an idle keep-alive connection stays open (Node's default is 5 s). A client or reverse
 * proxy that reuses a connection at the moment the server closes it gets a reset (a 502 behind a
 * proxy, "fetch failed" in Node): the server must be the side that waits longer. Node's fetch
 * stops reusing a connection a second or two before the `Keep-Alive: timeout` it is told, but its
 * timers are coarse and a busy event loop makes them later still (Node 22's, 1 s early, met the
 * server's 5 s under load in CI); proxies keep idle upstream connections up to 60 s (nginx's
 * keepalive_timeout, load balancers' idle timeouts). Idle connections are closed at once on a
 * graceful stop (./drain.ts), so holding them longer never delays one.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface RunningServer {
  url: string;
  deps: AppDeps;
  /** The Node server itself (`npm run dev` hands it Vite's hot-reload WebSocket). */
  http: Server;
  /** Stops gracefully (see `stop` in startServer); the same promise however often it is called. */
  close(): Promise<void>;
}

/** Starts the whole server on env.HOST:env.PORT (0 picks a free port). */
export async function startServer(env: Env, pages?: SitePages, options: DepsOptions = {}): Promise<RunningServer> {
  const deps = await createDeps(env, options);
  const app = createApp(deps, pages);
  const front = pages?.front?.(app, deps);
  const listener = getRequestListener(
    settleUnreadBodies(async (request, env) =>
      compressResponse(
        await app.fetch(request, env),
        request.headers.get("accept-encoding") ?? undefined,
        request.method,
      ),
    ),
    { hostname: env.HOST },
  );
  // What the front handler (the page cache) answers never reaches the app: each request is logged
  // and counted here, around both (the path as it was asked for). Within, a path whose escapes do
  // not decode is made one that does, before anything reads it (../lib/decodable-path.ts).
  const server: Server = createServer(
    observeRequests(
      (req, res) => {
        if (req.url !== undefined) req.url = decodablePath(req.url);
        if (front) front(req, res, () => void listener(req, res));
        else void listener(req, res);
      },
      { logger: deps.logger, metrics: deps.metrics, pageRoute: pages?.routeOf },
    ),
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const drain = trackRequests(server);
  // A burst of new connections waits in the kernel's accept queue, not in SYN retries a second
  // or more apart: Node's default backlog (511) overflowed at 1,000 at once (the system's
  // net.core.somaxconn still caps it).
  await new Promise<void>((resolve) =>
    server.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG }, resolve),
  );
  const { port } = server.address() as AddressInfo;
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const url = `http://${host}:${port}`;
  // Each feature's background work (./jobs.ts).
  const stopJobs = startJobs(deps);
  /**
   * The graceful stop (SIGTERM, SIGINT: scripts/start.mjs): not ready at once (`/readyz` 503),
   * no new connections, open event streams told to reconnect elsewhere, requests in flight
   * answered (for up to DRAIN_MS), then the background jobs stopped in the reverse order of
   * their start (the outbox waits for its sends; Insights, started first, write the page
   * views still waiting last) and the database closed.
   */
  const stop = async () => {
    deps.readiness.stop();
    const requests = drain.inFlight;
    const streams = deps.sse.reconnectAll();
    deps.logger.info("stopping: finishing the requests in flight", {
      event: "stopping",
      requests: requests - streams,
      streams,
    });
    const cut = await drain.close(DRAIN_MS);
    if (cut > 0)
      deps.logger.warn(`requests still unanswered after ${DRAIN_MS / 1000} s were cut off`, {
        event: "stopping",
        requests: cut,
      });
    await stopJobs();
    await deps.store.close();
    deps.logger.info("stopped", { event: "stopped" });
  };
  let stopping: Promise<void> | undefined;
  return {
    url,
    deps,
    http: server,
    close: () => (stopping ??= stop()),
  };
}
