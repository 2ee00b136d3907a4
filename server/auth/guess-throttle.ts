import type { Context } from "hono";
import { jsonError } from "#server/http/errors.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";

/** The counters of sign-in guesses (server/assembly/): per account and address, and per address alone. */
export interface SignInLimits {
  loginPerAccount: RateLimiter;
  loginPerIp: RateLimiter;
}

/**
 * A form that guesses a secret (a password, a sign-in code), throttled by the sign-in counters:
 * per `accountKey` and per the client's address. A miss counts on both; a success clears the
 * account's count (the address's stays, so one address cannot try many accounts).
 */
export function guessThrottle(limits: SignInLimits, accountKey: string, clientIp: string) {
  return {
    /** Seconds until a guess is allowed again, or undefined: it is now. */
    async waitSeconds(): Promise<number | undefined> {
      for (const [limiter, key] of [
        [limits.loginPerAccount, accountKey],
        [limits.loginPerIp, clientIp],
      ] as const) {
        const state = await limiter.blocked(key);
        if (state.blocked) return state.retryAfterSeconds;
      }
      return undefined;
    },
    async missed() {
      await limits.loginPerAccount.hit(accountKey);
      await limits.loginPerIp.hit(clientIp);
    },
    passed: () => limits.loginPerAccount.reset(accountKey),
  };
}

/** The 429 of a throttled guess, with Retry-After: "Too many sign-in attempts. Please wait …". */
export function tooMany(c: Context, retryAfterSeconds: number, what = "sign-in attempts") {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  c.header("Retry-After", String(retryAfterSeconds));
  return jsonError(c, 429, `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`);
}
