import type { Server, ServerResponse } from "node:http";

/** How long a stopping server lets the requests in flight finish before it closes their connections. */
export const DRAIN_MS = 10_000;

export interface Drain {
  /** Requests being answered now (open event streams included). */
  readonly inFlight: number;
  /**
   * Stops accepting connections and closes the idle ones; requests in flight
   * are answered, with `Connection: close`, for up to `graceMs`, then every
   * connection left is closed. Resolves with how many requests were cut off.
   */
  close(graceMs?: number): Promise<number>;
}

/**
 * Follows the requests of a node:http server so that it can stop without
 * cutting any off. Node's `server.close()` only stops accepting and closes
 * idle keep-alive connections once: a connection busy then would carry more
 * requests after its answer, and one whose answer was already under way (an
 * event stream) would stay open once it ends. Here every answer from then on
 * closes its connection, and each connection left idle is closed at once.
 */
export function trackRequests(server: Server): Drain {
  const open = new Set<ServerResponse>();
  let closing = false;
  // First, before the app's listener has written anything.
  server.prependListener("request", (_req, res: ServerResponse) => {
    open.add(res);
    if (closing) res.shouldKeepAlive = false;
    res.once("close", () => {
      open.delete(res);
      if (closing) server.closeIdleConnections();
    });
  });
  return {
    get inFlight() {
      return open.size;
    },
    async close(graceMs = DRAIN_MS) {
      closing = true;
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), graceMs)));
      const outcome = await Promise.race([closed, late]);
      clearTimeout(timer);
      if (outcome !== "late") return 0;
      const cut = open.size;
      server.closeAllConnections();
      await closed;
      return cut;
    },
  };
}
