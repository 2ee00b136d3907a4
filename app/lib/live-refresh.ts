import { isRouteErrorResponse, type DataStrategyResult, type MiddlewareFunction } from "react-router";

/**
 * Background refreshes of an open page (live updates, docs/decisions/005-page-cache.md).
 *
 * A save announces itself on the event stream; each open page then reloads its
 * route data. That reload must never break the page: if it fails (503 under
 * load, a network error, a timeout), the page keeps what the visitor is
 * reading and tries again later, with backoff. The error screen stays for
 * navigations. Refreshes start after a random delay up to the `spread` the
 * server sends with the event, so a save does not arrive as one burst.
 */

/** A refresh that has not answered by then counts as failed (the page keeps its content). */
export const REFRESH_TIMEOUT_MS = 10_000;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

type Results = Record<string, DataStrategyResult>;

interface Refresh {
  /** The page being refreshed: only its own data load is covered, never a navigation elsewhere. */
  path: string;
  /** Each route's data as shown when the refresh began. */
  kept: ReadonlyMap<string, unknown>;
  failed: boolean;
}

let active: Refresh | undefined;

/** Errors worth another try later; a 404 or 403 is an answer, and shows as one. */
function isTransient(error: unknown): boolean {
  return !isRouteErrorResponse(error) || error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * Client middleware of the site's layout: while a background refresh of this
 * page runs, a failed or late data load leaves the page's data as it was and
 * marks the refresh failed, so the refresher tries again.
 */
export const keepPageOnFailedRefresh: MiddlewareFunction<Results> = async ({ request }, next) => {
  const refresh = active;
  if (!refresh || new URL(request.url).pathname !== refresh.path) return next();
  let timer: Parameters<typeof clearTimeout>[0];
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, REFRESH_TIMEOUT_MS)));
  const results = await Promise.race([next(), late]).finally(() => clearTimeout(timer));
  const kept = (id: string): DataStrategyResult => ({ type: "data", result: refresh.kept.get(id) });
  if (!results) {
    refresh.failed = true;
    return Object.fromEntries([...refresh.kept.keys()].map((id) => [id, kept(id)]));
  }
  for (const [id, result] of Object.entries(results)) {
    if (result.type === "error" && isTransient(result.result) && refresh.kept.has(id)) {
      refresh.failed = true;
      results[id] = kept(id);
    }
  }
  return results;
};

export interface LiveRefresherOptions {
  /** Reloads the page's data (React Router's revalidate). */
  revalidate(): Promise<unknown>;
  /** The page's path and each route's data as shown now. */
  snapshot(): { path: string; data: ReadonlyMap<string, unknown> };
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => () => void;
}

/** The wait before the nth retry: 1 s, 2 s, 4 s … 30 s, each plus up to half again at random. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1));
  return Math.round(base * (1 + random() / 2));
}

/**
 * Schedules a page's background refreshes: one at a time, requests that come
 * while one runs fold into one more, failures retry with backoff.
 */
export function createLiveRefresher({
  revalidate,
  snapshot,
  random = Math.random,
  setTimer = (run, ms) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
}: LiveRefresherOptions) {
  let cancel: (() => void) | undefined;
  let running = false;
  let again = false;
  let failures = 0;
  let stopped = false;

  const schedule = (ms: number) => {
    cancel = setTimer(() => {
      cancel = undefined;
      void run();
    }, ms);
  };

  async function run() {
    running = true;
    again = false;
    const { path, data } = snapshot();
    const refresh: Refresh = { path, kept: data, failed: false };
    active = refresh;
    try {
      await revalidate();
    } catch {
      refresh.failed = true;
    } finally {
      if (active === refresh) active = undefined;
      running = false;
    }
    if (stopped) return;
    if (refresh.failed) schedule(retryDelay(++failures, random));
    else {
      failures = 0;
      if (again) schedule(0);
    }
  }

  return {
    /** Content this page shows was saved: refresh within `spreadMs` (a random point in it). */
    request(spreadMs = 0) {
      if (stopped) return;
      if (running) again = true;
      else if (!cancel) schedule(Math.round(random() * Math.max(0, spreadMs)));
    },
    stop() {
      stopped = true;
      cancel?.();
      cancel = undefined;
    },
    /** Whether a failed refresh is waiting for its retry (tests). */
    get retrying() {
      return failures > 0;
    },
  };
}
