import { Hono } from "hono";
import { z } from "zod";
import type { SessionList } from "#content/sessions.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import { guessThrottle, tooMany, type SignInLimits } from "./guess-throttle.ts";
import type { Logger } from "#server/logger.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { verifyPassword } from "./password.ts";
import { publicSessionId, sessionId } from "./sessions.ts";
import { describeUserAgent } from "./user-agent.ts";

const confirmSchema = z.strictObject({ password: z.string().min(1, "Enter your password.").max(1_000) });

type SessionDeps = {
  store: Pick<Store, "users" | "sessions">;
  limits: SignInLimits;
  logger: Logger;
};

/**
 * "Your sessions" (issue 28 item 5) and confirming the password again (item 7), for the signed-in
 * account only: its own sessions, listed by an opaque id (./sessions.ts publicSessionId), signed out
 * one at a time or all but this one.
 */
export const sessionRoutes = new Hono<AppBindings<SessionDeps>>()
  .get("/sessions", async (c) => {
    const current = sessionId(c.var.sessionToken!);
    const sessions = await c.var.deps.store.sessions.listForUser(c.var.user!.id);
    c.header("Cache-Control", "no-store");
    return c.json({
      sessions: sessions.map((session) => ({
        id: publicSessionId(session.id),
        ...describeUserAgent(session.userAgent),
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        current: session.id === current,
      })),
    } satisfies SessionList);
  })
  .delete("/sessions", async (c) => {
    await c.var.deps.store.sessions.removeOthersForUser(c.var.user!.id, sessionId(c.var.sessionToken!));
    return c.json({ ok: true });
  })
  .delete("/sessions/:id", async (c) => {
    const { store } = c.var.deps;
    const wanted = c.req.param("id");
    const session = (await store.sessions.listForUser(c.var.user!.id)).find(
      (candidate) => publicSessionId(candidate.id) === wanted,
    );
    if (!session) return jsonError(c, 404, "That session has already ended.");
    await store.sessions.remove(session.id);
    return c.json({ ok: true, current: session.id === sessionId(c.var.sessionToken!) });
  })
  // Guessing the password through this form is throttled like sign-in (the same counters).
  .post("/confirm", async (c) => {
    const { store, limits, logger } = c.var.deps;
    const me = c.var.user!;
    const input = await parseBody(c, confirmSchema);
    if (!input.ok) return input.response;
    const throttle = guessThrottle(limits, `${c.var.clientIp}|${me.email}`, c.var.clientIp);
    const wait = await throttle.waitSeconds();
    if (wait !== undefined) return tooMany(c, wait, "wrong passwords");
    const account = await store.users.findById(me.id);
    if (!account || !(await verifyPassword(input.data.password, account.passwordHash))) {
      await throttle.missed();
      logger.warn("wrong password when confirming", { event: "confirm-failed", account: me.id });
      return jsonError(c, 401, "That password is not correct.");
    }
    await throttle.passed();
    await store.sessions.confirm(sessionId(c.var.sessionToken!), new Date());
    return c.json({ ok: true });
  });
