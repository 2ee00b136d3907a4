import { Hono, type Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { SignedInAccount } from "#content/accounts.ts";
import type { SignInAnswer } from "#content/two-factor.ts";
import { hasNul } from "#content/storable-text.ts";
import type { Store } from "#server/db/store.ts";
import type { Env } from "#server/env.ts";
import type { AppBindings } from "#server/http/context.ts";
import { guessThrottle, tooMany, type SignInLimits } from "./guess-throttle.ts";
import type { Logger } from "#server/logger.ts";
import type { SetupGate } from "./setup.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { servedOverHttps } from "#server/lib/site-origin.ts";
import { dummyHash, hashPassword, verifyPassword } from "./password.ts";
import { endSession, SESSION_COOKIE, startSession } from "./sessions.ts";
import { passkeyRequired } from "./passkeys/policy.ts";
import { askSecondFactor } from "./two-factor/pending.ts";

const loginSchema = z.strictObject({
  // Matched exactly, so a NUL (which PostgreSQL cannot even compare) is refused, not dropped.
  email: z
    .string()
    .trim()
    .min(1, "Email is required.")
    .max(320)
    .refine((value) => !hasNul(value), "Enter a valid email address."),
  password: z.string().min(1, "Password is required.").max(1_000),
});

const setupSchema = z.strictObject({
  token: z.string().min(1).max(200),
  email: z.email("Enter a valid email address.").max(320),
  password: z.string().min(8, "Use at least 8 characters.").max(1_000),
});

export const INVALID_CREDENTIALS = "Invalid credentials. Please try again.";

/** What signing in and out uses of the app's services. */
export type AuthDeps = {
  env: Pick<Env, "PUBLIC_URL">;
  store: Pick<Store, "users" | "sessions" | "twoFactor" | "passkeys">;
  limits: SignInLimits;
  setup: SetupGate;
  logger: Logger;
};

export async function signIn<D extends AuthDeps>(c: Context<AppBindings<D>>, userId: number) {
  const { token, expiresAt } = await startSession(c.var.deps.store, userId, c.req.header("user-agent"));
  // The audit trail's sign-in (server/audit/recorder.ts finds the email by the id).
  c.set("audit", { action: "sign-in", actor: { id: userId, email: null } });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: servedOverHttps(c.var.deps.env),
    path: "/",
    expires: expiresAt,
  });
}

export const authRoutes = new Hono<AppBindings<AuthDeps>>()
  .post("/login", async (c) => {
    const { limits, store } = c.var.deps;
    const input = await parseBody(c, loginSchema);
    if (!input.ok) return input.response;

    const throttle = guessThrottle(limits, `${c.var.clientIp}|${input.data.email.toLowerCase()}`, c.var.clientIp);
    const wait = await throttle.waitSeconds();
    if (wait !== undefined) return tooMany(c, wait);

    const user = await store.users.findByEmail(input.data.email);
    const valid = await verifyPassword(input.data.password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !valid) {
      await throttle.missed();
      // Neither the address nor the email asked with: the throttles count them, the log does not.
      c.var.deps.logger.warn("failed sign-in", { event: "sign-in-failed" });
      // The audit trail, for Administrators only, keeps the email tried (not the address).
      c.set("audit", { action: "sign-in.failed", actor: { id: user?.id ?? null, email: input.data.email } });
      return jsonError(c, 401, INVALID_CREDENTIALS);
    }
    await throttle.passed();
    // With two-factor on, no session yet: the code comes next (./two-factor/routes.ts).
    if (await askSecondFactor(c, user)) return c.json({ secondFactor: "totp" } satisfies SignInAnswer);
    // Its role must use two factors and its second is a passkey: that signs it in alone (./passkeys/).
    if (await passkeyRequired(store, user.id)) return c.json({ secondFactor: "passkey" } satisfies SignInAnswer);
    await signIn(c, user.id);
    return c.json({ user: { email: user.email } });
  })
  .post("/logout", async (c) => {
    await endSession(c.var.deps.store, c.var.sessionToken);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ ok: true });
  })
  .get("/me", (c) => c.json({ user: { email: c.var.user!.email, role: c.var.user!.role } } satisfies SignedInAccount))
  .post("/setup", async (c) => {
    const { store, setup } = c.var.deps;
    const input = await parseBody(c, setupSchema);
    if (!input.ok) return input.response;
    const hit = await c.var.deps.limits.loginPerIp.hit(c.var.clientIp);
    if (!hit.allowed) return tooMany(c, hit.retryAfterSeconds);
    if (!(await setup.check(input.data.token))) {
      return jsonError(c, 403, "This setup link is no longer valid. An administrator already exists.");
    }
    const user = await store.users.create(input.data.email, await hashPassword(input.data.password));
    if (!user) return jsonError(c, 409, "An administrator with this email already exists.");
    setup.close();
    c.var.deps.logger.info("first administrator created", { event: "account-created", account: user.id });
    await signIn(c, user.id);
    return c.json({ user: { email: user.email } }, 201);
  });
