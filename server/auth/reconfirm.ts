import { createMiddleware } from "hono/factory";
import { RECONFIRM } from "#content/roles.ts";
import { RECONFIRM_AFTER_MS, RECONFIRM_ERROR } from "#content/sessions.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { endpointOf } from "#server/http/permissions.ts";
import { findSession } from "./sessions.ts";
import type { SessionStore } from "./types.ts";

/** Whether a password confirmed at `confirmedAt` (none: a session from before they were noted) is too old at `now`. */
export const confirmationStale = (confirmedAt: string | null, now = Date.now()) =>
  confirmedAt === null || now - Date.parse(confirmedAt) > RECONFIRM_AFTER_MS;

/**
 * Sensitive actions (#content/roles.ts RECONFIRM: backups, accounts) ask for the password again
 * when the session's was last confirmed over ten minutes ago: a session left open on a shared
 * computer, or a stolen cookie, cannot download every password hash or add an account. Runs after
 * the permission check (a role that may not call the endpoint hears that first).
 */
export const requireRecentConfirmation = createMiddleware<AppBindings<{ store: { sessions: SessionStore } }>>(
  async (c, next) => {
    const endpoint = endpointOf(c);
    if (!endpoint || !RECONFIRM.has(endpoint as never) || !c.var.user) return next();
    const session = await findSession(c.var.deps.store, c.var.sessionToken);
    if (!session || confirmationStale(session.confirmedAt))
      return jsonError(c, 403, RECONFIRM_ERROR, { reconfirm: true });
    await next();
  },
);
