import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppBindings } from "#server/http/context.ts";
import type { Logger } from "#server/logger.ts";
import { findSession, LAST_SEEN_EVERY_MS, SESSION_COOKIE } from "./sessions.ts";
import type { SessionStore } from "./types.ts";

/**
 * Puts the signed-in administrator (if any) and their session token on the context, and notes
 * when the session was last used ("Your sessions"): at most once a minute, so a busy admin costs
 * one write a minute, not one per request. A failed note never fails the request.
 */
export const withSession = createMiddleware<AppBindings<{ store: { sessions: SessionStore }; logger: Logger }>>(
  async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const session = await findSession(c.var.deps.store, token);
    c.set("sessionToken", session ? token : undefined);
    // The two-factor mark is provisional: a passkey also satisfies the policy (server/auth/two-factor/enforcement.ts).
    c.set(
      "user",
      session ? { ...session.user, ...(session.twoFactorMissing && { twoFactorSetupRequired: true }) } : null,
    );
    const now = new Date();
    if (session && now.getTime() - Date.parse(session.lastSeenAt) >= LAST_SEEN_EVERY_MS)
      await c.var.deps.store.sessions
        .touch(session.id, now)
        .catch((error: unknown) => c.var.deps.logger.warn("could not note a session's use", { reason: String(error) }));
    await next();
  },
);
