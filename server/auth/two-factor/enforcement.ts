import { createMiddleware } from "hono/factory";
import type { AppBindings } from "#server/http/context.ts";
import type { PasskeyStore } from "../passkeys/types.ts";

/**
 * "Require two-factor sign-in" for a role (the policy, set by an Administrator). An account of
 * such a role without two-factor is never locked out: its password alone still signs it in (the
 * grace is that sign-in), but the session can do nothing except set two-factor up. The admin shows
 * a dialog it cannot close until then, and the gate (#content/access.ts) refuses every other
 * endpoint and admin page (#content/roles.ts TWO_FACTOR_SETUP). As soon as it is set up, the same
 * session goes on as usual.
 *
 * The signed-in account that must set two-factor up first comes marked from its session's lookup
 * (its role requires it, it has no authenticator app: server/auth/middleware.ts); a passkey
 * satisfies the policy too, so the mark is lifted from an account that has one. Only marked
 * accounts cost a query here. Pages read the mark too.
 */
export const withTwoFactorRequirement = createMiddleware<AppBindings<{ store: { passkeys: PasskeyStore } }>>(
  async (c, next) => {
    const user = c.var.user;
    if (user?.twoFactorSetupRequired && (await c.var.deps.store.passkeys.count(user.id)) > 0) {
      const { twoFactorSetupRequired: _lifted, ...rest } = user;
      c.set("user", rest);
    }
    await next();
  },
);
