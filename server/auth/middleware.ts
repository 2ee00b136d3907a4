import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppBindings } from "#server/http/context.ts";
import { findSession, SESSION_COOKIE } from "./sessions.ts";
import type { SessionStore } from "./types.ts";

/** Puts the signed-in administrator (if any) and their session token on the context. */
export const withSession = createMiddleware<AppBindings<{ store: { sessions: SessionStore } }>>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const session = await findSession(c.var.deps.store, token);
  c.set("sessionToken", session ? token : undefined);
  c.set("user", session?.user ?? null);
  await next();
});
