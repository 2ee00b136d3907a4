import { Hono } from "hono";
import type {
  RecoveryCodes,
  SignInAnswer,
  TotpEnrolment,
  TwoFactorPolicy,
  TwoFactorStatus,
} from "#content/two-factor.ts";
import { codeSchema, policySchema, TOTP_CODE, turnOffSchema } from "#content/two-factor.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { verifyPassword } from "../password.ts";
import { signIn, type AuthDeps } from "../routes.ts";
import { guessThrottle, tooMany } from "../guess-throttle.ts";
import { sessionId } from "../sessions.ts";
import { clearPending, pendingAccount } from "./pending.ts";
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpUri } from "./totp.ts";

const WRONG_CODE = "That code is not right. Check that your phone's clock is correct and try the newest code.";
const WRONG_SIGN_IN_CODE = "That code is not right. Please try again.";
const SIGN_IN_EXPIRED = "Your sign-in has expired. Please enter your email and password again.";

/**
 * Two-factor sign-in with an authenticator app (issue 28 item 3; docs/api.md). Enrolment
 * (POST /totp, then /totp/confirm with a code) and turning it off (DELETE /totp with the password)
 * each end the account's other sessions. A sign-in's second step (POST /login/totp) takes a code or
 * a recovery code, throttled like passwords: per account (whatever the address) and per address.
 * Mounted under /api/auth beside ../routes.ts.
 */
export const twoFactorRoutes = new Hono<AppBindings<AuthDeps>>()
  .get("/totp", async (c) =>
    c.json((await c.var.deps.store.twoFactor.status(c.var.user!.id)) satisfies TwoFactorStatus),
  )
  .post("/totp", async (c) => {
    const { store } = c.var.deps;
    const me = c.var.user!;
    if ((await store.twoFactor.requirement(me.id)).enabled)
      return jsonError(c, 409, "Two-factor sign-in is already on. Turn it off first to use another app.");
    const secret = newTotpSecret();
    await store.twoFactor.startEnrolment(me.id, secret);
    return c.json({ secret, uri: totpUri(secret, me.email) } satisfies TotpEnrolment);
  })
  .post("/totp/confirm", async (c) => {
    const { store, logger } = c.var.deps;
    const me = c.var.user!;
    const input = await parseBody(c, codeSchema);
    if (!input.ok) return input.response;
    const secret = await store.twoFactor.pendingSecret(me.id);
    if (!secret) return jsonError(c, 409, "There is no set-up under way. Start again from “Two-factor sign-in”.");
    const step = matchTotp(secret, input.data.code, Date.now(), null);
    if (step === undefined) return jsonError(c, 400, WRONG_CODE);
    const codes = newRecoveryCodes();
    const normalized = codes.map((code) => code.replaceAll("-", ""));
    if (!(await store.twoFactor.confirm(me.id, secret, step, normalized.map(hashRecoveryCode))))
      return jsonError(c, 409, "The set-up was started again elsewhere. Use the newest QR code.");
    await store.sessions.removeOthersForUser(me.id, sessionId(c.var.sessionToken!));
    logger.info("two-factor sign-in turned on", { event: "two-factor-on", account: me.id });
    return c.json({ recoveryCodes: codes } satisfies RecoveryCodes);
  })
  .delete("/totp", async (c) => {
    const { store, limits, logger } = c.var.deps;
    const me = c.var.user!;
    const input = await parseBody(c, turnOffSchema);
    if (!input.ok) return input.response;
    // Guessing the password through this form is throttled like sign-in.
    const key = `${c.var.clientIp}|${me.email}`;
    const state = await limits.loginPerAccount.blocked(key);
    if (state.blocked) return tooMany(c, state.retryAfterSeconds);
    const account = await store.users.findById(me.id);
    if (!account || !(await verifyPassword(input.data.password, account.passwordHash))) {
      await limits.loginPerAccount.hit(key);
      return jsonError(c, 400, "Your password is not correct.");
    }
    const status = await store.twoFactor.status(me.id);
    if (!status.enabled) return jsonError(c, 409, "Two-factor sign-in is not on.");
    await store.twoFactor.turnOff(me.id);
    await store.sessions.removeOthersForUser(me.id, sessionId(c.var.sessionToken!));
    logger.info("two-factor sign-in turned off", { event: "two-factor-off", account: me.id });
    return c.json({ ok: true });
  })
  .post("/login/totp", async (c) => {
    const { store, limits, logger } = c.var.deps;
    const input = await parseBody(c, codeSchema);
    if (!input.ok) return input.response;
    const user = await pendingAccount(c, (id) => store.users.findById(id));
    if (!user) {
      clearPending(c);
      return jsonError(c, 401, SIGN_IN_EXPIRED);
    }
    // Per account whatever the address (the password is known: only the code stands), and per address.
    const accountKey = `two-factor|${user.id}`;
    const throttle = guessThrottle(limits, accountKey, c.var.clientIp);
    const wait = await throttle.waitSeconds();
    if (wait !== undefined) return tooMany(c, wait);
    const { code } = input.data;
    const fromApp = TOTP_CODE.test(code);
    let accepted = false;
    if (fromApp) {
      const secret = await store.twoFactor.secret(user.id);
      const step = secret && matchTotp(secret.secret, code, Date.now(), secret.lastStep);
      // The store takes the step only if no request took it (or a later one) first: a code works once.
      accepted = step !== undefined && (await store.twoFactor.acceptStep(user.id, step));
    } else {
      accepted = await store.twoFactor.useRecoveryCode(user.id, hashRecoveryCode(code));
      if (accepted) logger.info("recovery code used", { event: "recovery-code-used", account: user.id });
    }
    if (!accepted) {
      await throttle.missed();
      logger.warn("failed two-factor code", { event: "two-factor-failed", account: user.id });
      // In the audit trail, naming the account: whoever sent it knows its password. The failure that
      // locks the code step says for how long; the 429s while it is locked test no code and are not
      // recorded, so a guesser writes at most one entry per code actually tried.
      const lock = await limits.loginPerAccount.blocked(accountKey);
      c.set("audit", {
        action: "sign-in.code-failed",
        actor: { id: user.id, email: user.email },
        detail: {
          code: fromApp ? "authenticator app" : "recovery code",
          ...(lock.blocked && { lockedMinutes: Math.ceil(lock.retryAfterSeconds / 60) }),
        },
      });
      return jsonError(c, 401, WRONG_SIGN_IN_CODE);
    }
    await throttle.passed();
    clearPending(c);
    await signIn(c, user.id);
    return c.json({ user: { email: user.email } } satisfies SignInAnswer);
  })
  .get("/two-factor-policy", async (c) => c.json((await c.var.deps.store.twoFactor.policy()) satisfies TwoFactorPolicy))
  .put("/two-factor-policy", async (c) => {
    const { store, logger } = c.var.deps;
    const input = await parseBody(c, policySchema);
    if (!input.ok) return input.response;
    await store.twoFactor.setPolicy(input.data);
    logger.info("two-factor policy changed", {
      event: "two-factor-policy",
      by: c.var.user!.id,
      ...input.data.required,
    });
    return c.json((await store.twoFactor.policy()) satisfies TwoFactorPolicy);
  });
