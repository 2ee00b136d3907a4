import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Logger } from "#server/logger.ts";
import type { RenderLine, ShedReason } from "#server/metrics/metrics.ts";

/**
 * How late the event loop runs: a timer due every `intervalMs` notes by how
 * much it fired late (smoothed), and how overdue it is now. When requests pile up faster than they are
 * rendered they wait in the loop itself (before any middleware runs), and this
 * is what shows it.
 */
export function eventLoopLag(intervalMs = 20): () => number {
  let lag = 0;
  let expected = performance.now() + intervalMs;
  const timer = setInterval(() => {
    const now = performance.now();
    lag = lag * 0.7 + Math.max(0, now - expected) * 0.3;
    expected = now + intervalMs;
  }, intervalMs);
  timer.unref?.();
  // Also how overdue the next tick is right now: during a burst the loop runs
  // request after request without reaching its timers, and this sees it at once.
  return () => Math.max(lag, performance.now() - expected);
}

export interface ShedLoadOptions {
  /** Requests handled at once; the rest wait in line. */
  concurrency: number;
  /** At most this many wait; more are turned away at once. */
  queue: number;
  /** A request that has waited this long is turned away rather than served late. */
  maxWaitMs: number;
  /** Turn requests away at once while the event loop runs this late (ms). */
  maxLagMs?: number;
  /** The event loop's lag in ms (tests pass their own). */
  lag?: () => number;
  /**
   * Requests that go ahead of the line and are never turned away for a full line
   * or a late loop (only for waiting too long): the page cache's renders of pages
   * it has served before, each of which answers every visitor of that page. They
   * are few by construction (one at a time per page).
   */
  priority?: (c: Context) => boolean;
  /** Told of each request turned away, and why (logs and metrics: {@link logShedding}). */
  onShed?: (reason: ShedReason) => void;
}

/** What an overloaded site answers: a short page (or JSON for the API) and Retry-After. */
const BUSY_MESSAGE = "The site is very busy right now. Please try again in a moment.";

/** The busy answer for a client whose Accept header is `accept`: its type, body and headers. */
function busyAnswer(accept: string | undefined) {
  const html = accept?.includes("text/html") ?? false;
  return {
    body: html
      ? `<!doctype html><meta charset="utf-8"><title>Busy</title><p>${BUSY_MESSAGE}</p>`
      : JSON.stringify({ error: BUSY_MESSAGE }),
    headers: {
      "content-type": html ? "text/html; charset=utf-8" : "application/json",
      "retry-after": "2",
      "cache-control": "no-store",
    },
  };
}

/**
 * Queue or shed under overload (design.md budgets): at most `concurrency`
 * requests run at once, up to `queue` more wait in order, and one that would
 * wait longer than `maxWaitMs` (or finds the line full, or arrives while the
 * event loop lags more than `maxLagMs`) gets 503 with Retry-After at once,
 * instead of a page that arrives seconds later.
 */
export function shedLoad({
  concurrency,
  queue,
  maxWaitMs,
  maxLagMs = Infinity,
  lag = () => 0,
  priority = () => false,
  onShed = () => undefined,
}: ShedLoadOptions) {
  /** A request in line; `admit` gives it the place, or returns false when it waited too long. */
  interface Entry {
    admit(): boolean;
  }
  let running = 0;
  const waiting: Entry[] = [];
  const ahead: Entry[] = [];

  // The place a finished request frees goes to the next in line that has not waited too
  // long: under a burst the loop runs late, and the timers below fire late too.
  const next = () => {
    for (let first = ahead.shift() ?? waiting.shift(); first; first = ahead.shift() ?? waiting.shift()) {
      if (first.admit()) return;
    }
    running--;
  };

  const wait = (line: Entry[]) =>
    new Promise<boolean>((resolve) => {
      const since = performance.now();
      const entry: Entry = {
        admit: () => {
          clearTimeout(timer);
          const fresh = performance.now() - since <= maxWaitMs;
          resolve(fresh);
          return fresh;
        },
      };
      const timer = setTimeout(() => {
        line.splice(line.indexOf(entry), 1);
        resolve(false);
      }, maxWaitMs);
      line.push(entry);
    });

  /** Why a request without priority arriving now is turned away at once (a late loop, or a full line), if it is. */
  const turnAwayReason = (): ShedReason | undefined =>
    lag() > maxLagMs ? "late" : running >= concurrency && waiting.length >= queue ? "full" : undefined;
  const turnsAway = () => turnAwayReason() !== undefined;

  const middleware = createMiddleware(async (c, run) => {
    const busy = (reason: ShedReason) => {
      onShed(reason);
      const { body, headers } = busyAnswer(c.req.header("accept"));
      return c.body(body, 503, headers);
    };
    const first = priority(c);
    const reason = first ? undefined : turnAwayReason();
    if (reason) return busy(reason);
    if (running < concurrency) running++;
    // Admitted from the line, the finished request handed its place over: `running` is unchanged.
    else if (!(await wait(first ? ahead : waiting))) return busy("waited");
    try {
      // Start after the event loop has read what else has arrived: a render runs to its end
      // within one turn (the loaders' SQLite reads are synchronous underneath), so without
      // this pause a burst is read one request per render, and the line never sees it.
      await new Promise(setImmediate);
      await run();
    } finally {
      next();
    }
  });
  return Object.assign(middleware, {
    /**
     * Whether a request without priority arriving now would be turned away
     * (a late loop, or a full line): the server's front (server/app.ts) asks
     * this of a burst of page requests, to answer them before any of the
     * app's work (request object, headers, session) is done for them.
     */
    wouldTurnAway: turnsAway,
    /** Answers a request the front turns away (as {@link sendBusy}), told to `onShed` like the middleware's. */
    turnAway(req: IncomingMessage, res: ServerResponse): void {
      onShed(turnAwayReason() ?? "full");
      sendBusy(req, res);
    },
    /** Renders running and waiting now (the metrics). */
    line: (): RenderLine => ({ running, queued: waiting.length + ahead.length }),
  });
}

/** After a burst, how long without a request turned away before the log says it is over. */
const SHED_QUIET_MS = 10_000;

/**
 * The log of load shedding, a line when requests begin to be turned away and
 * one when a quiet spell has passed, with how many were and why: not a line
 * each (a burst of 1,000 at once would write as many).
 */
export function logShedding(logger: Logger, quietMs = SHED_QUIET_MS): (reason: ShedReason) => void {
  let counts: Record<ShedReason, number> | undefined;
  let seen = 0;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const total = counts ? counts.late + counts.full + counts.waited : 0;
    if (total !== seen) {
      seen = total;
      return;
    }
    clearInterval(timer);
    logger.info("load shedding over: the server is keeping up again", {
      event: "shed-load-end",
      shed: total,
      ...counts,
    });
    counts = undefined;
    seen = 0;
  };
  return (reason) => {
    if (!counts) {
      counts = { late: 0, full: 0, waited: 0 };
      logger.warn("overloaded: page renders are being turned away with 503", { event: "shed-load", reason });
      timer = setInterval(check, quietMs);
      timer.unref();
    }
    counts[reason]++;
  };
}

/** The answer {@link shedLoad} gives, written straight to Node's response by the server's front. */
export function sendBusy(req: IncomingMessage, res: ServerResponse): void {
  const { body, headers } = busyAnswer(req.headers.accept);
  res.writeHead(503, {
    ...headers,
    "content-length": Buffer.byteLength(body),
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
