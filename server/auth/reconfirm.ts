import { RECONFIRM_AFTER_MS } from "#content/sessions.ts";

/**
 * Sensitive actions (#content/roles.ts RECONFIRM: backups, accounts, key changes) ask for the
 * password again when the session's was last confirmed over ten minutes ago (the gate,
 * ./gate.ts): a session left open on a shared computer, or a stolen cookie, cannot download every
 * password hash or add an account. This says whether a password confirmed at `confirmedAt` (none: a
 * session from before they were noted) is too old at `now`.
 */
export const confirmationStale = (confirmedAt: string | null, now = Date.now()) =>
  confirmedAt === null || now - Date.parse(confirmedAt) > RECONFIRM_AFTER_MS;
