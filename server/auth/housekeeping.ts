import { INVITATION_KEEP_DAYS } from "#content/invitations.ts";
import type { Logger } from "#server/logger.ts";
import type { InvitationStore } from "./invitations/types.ts";
import type { SessionStore } from "./types.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Deletes the invitations used, revoked or expired over INVITATION_KEEP_DAYS (30) before `now`; returns how many. */
export async function removeOldInvitations(store: { invitations: InvitationStore }, now = new Date()): Promise<number> {
  return store.invitations.removeEndedBefore(new Date(now.getTime() - INVITATION_KEEP_DAYS * DAY));
}

/**
 * Sign-in's background work, started with the server (server/assembly/jobs.ts):
 * expired sessions are deleted every hour (an expired one is refused as it is
 * read; this only frees the rows), and invitations 30 days after they were
 * used, revoked or expired, at start and every hour (pending ones stay). Safe
 * on several instances at once. Returns the stop.
 */
export function startAuthHousekeeping(deps: {
  store: { sessions: SessionStore; invitations: InvitationStore };
  logger: Logger;
}): () => Promise<void> {
  // The stop waits for a deletion under way, which then ends before the database closes.
  let removing: Promise<unknown> = Promise.resolve();
  const removeInvitations = () => {
    removing = removeOldInvitations(deps.store).then(
      (removed) => removed > 0 && deps.logger.info("old invitations deleted", { removed }),
      (error: unknown) => deps.logger.warn("could not delete old invitations", { reason: String(error) }),
    );
  };
  removeInvitations();
  const timer = setInterval(() => {
    void deps.store.sessions
      .removeExpired()
      .catch((error: unknown) => deps.logger.warn("could not delete expired sessions", { reason: String(error) }));
    removeInvitations();
  }, HOUR);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await removing;
  };
}
