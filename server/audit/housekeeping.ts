import { AUDIT_KEEP_DAYS } from "#content/audit.ts";
import type { Logger } from "#server/logger.ts";
import type { AuditStore } from "./types.ts";

const DAY = 24 * 60 * 60 * 1000;

/** Deletes the audit events older than AUDIT_KEEP_DAYS (a year) at `now`; returns how many. */
export async function removeOldAuditEvents(store: { audit: AuditStore }, now = new Date()): Promise<number> {
  return store.audit.removeBefore(new Date(now.getTime() - AUDIT_KEEP_DAYS * DAY));
}

/**
 * The audit trail's background work, started with the server (server/assembly/jobs.ts): events are
 * kept a year, then deleted, at start and every six hours. Safe on several instances at once.
 */
export function startAuditHousekeeping(deps: { store: { audit: AuditStore }; logger: Logger }): () => void {
  const tidy = () =>
    void removeOldAuditEvents(deps.store).then(
      (removed) => removed > 0 && deps.logger.info("old audit events deleted", { removed }),
      (error: unknown) => deps.logger.warn("could not delete old audit events", { reason: String(error) }),
    );
  tidy();
  const timer = setInterval(tidy, DAY / 4);
  timer.unref();
  return () => clearInterval(timer);
}
