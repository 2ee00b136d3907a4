import type { Logger } from "#server/logger.ts";

/**
 * Whether `error` says the database cannot be reached, or takes no more connections, just now:
 * a restart, a failover, a network cut, every connection in use. Such a failure passes by itself,
 * so a request that meets it is answered 503 with Retry-After (server/assembly/create-app.ts), which
 * people, load balancers and clients read as "try again", rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drivers and the code above them may wrap the cause: look down the chain.
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || PREFIXES.some((prefix) => code.startsWith(prefix))))
      return true;
    if (POOL_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}

/** PostgreSQL's SQLSTATE class 08 ("connection exception"), and SQLite's busy codes (SQLITE_BUSY_RECOVERY…). */
const PREFIXES = ["08", "SQLITE_BUSY_"];

const UNAVAILABLE_CODES = new Set([
  // PostgreSQL (SQLSTATE): too_many_connections, admin_shutdown, crash_shutdown, cannot_connect_now.
  "53300",
  "57P01",
  "57P02",
  "57P03",
  // The network, as Node reports it while connecting or on a connection that broke.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "EPIPE",
  // SQLite: another process held the write lock past the busy timeout.
  "SQLITE_BUSY",
]);

/** node-postgres's own words when no connection could be had or one was lost. */
const POOL_MESSAGES = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated unexpectedly$/,
  /^Connection terminated due to connection timeout$/,
  /^Client has encountered a connection error and is not queryable$/,
];

/** What a request that met an unavailable database is told (503), and when to try again. */
export const SERVER_BUSY = "The server is busy just now. Please try again in a moment.";
export const DATABASE_RETRY_AFTER_S = 5;

/** Logs a request that met an unavailable database: a warning, never "request failed" (the site's own faults). */
export function warnDatabaseUnavailable(logger: Logger, error: unknown, requestId?: string) {
  logger.warn("the database did not answer", {
    event: "database-unavailable",
    requestId,
    reason: error instanceof Error ? error.message : String(error),
  });
}
