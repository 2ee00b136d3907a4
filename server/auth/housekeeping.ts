import type { Logger } from "#server/logger.ts";
import type { SessionStore } from "./types.ts";

const HOUR = 60 * 60 * 1000;

/**
 * Sign-in's background work, started with the server (server/assembly/jobs.ts):
 * expired sessions are deleted every hour (an expired one is refused as it is
 * read; this only frees the rows). Returns the stop.
 */
export function startAuthHousekeeping(deps: { store: { sessions: SessionStore }; logger: Logger }): () => void {
  const timer = setInterval(
    () =>
      void deps.store.sessions
        .removeExpired()
        .catch((error: unknown) => deps.logger.warn("could not delete expired sessions", { reason: String(error) })),
    HOUR,
  );
  timer.unref();
  return () => clearInterval(timer);
}
