import { createMiddleware } from "hono/factory";
import { accessTo, type Endpoint } from "#content/roles.ts";
import { SETUP_REQUIRED } from "#content/two-factor.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { endpointOf } from "#server/http/permissions.ts";
import type { PasskeyStore } from "../passkeys/types.ts";

/**
 * "Require two-factor sign-in" for a role (the policy, set by an Administrator). An account of
 * such a role without two-factor is never locked out: its password alone still signs it in (the
 * grace is that sign-in), but the session can do nothing except set two-factor up. The admin shows
 * a dialog it cannot close until then, and the server answers every other endpoint 403 (one open to
 * visitors answers as to a visitor). As soon as it is set up, the same session goes on as usual.
 */
const ENROLMENT: ReadonlySet<Endpoint> = new Set<Endpoint>([
  "GET /api/auth/me",
  "POST /api/auth/logout",
  // Setting up either is a key change that asks for the password again once it is ten minutes old
  // (#content/roles.ts RECONFIRM): a session back at the dialog later must be able to give it.
  "POST /api/auth/confirm",
  "GET /api/auth/totp",
  "POST /api/auth/totp",
  "POST /api/auth/totp/confirm",
  // A passkey is two factors on its own: adding one satisfies the policy too (server/auth/passkeys/).
  "GET /api/auth/passkeys",
  "POST /api/auth/passkeys/options",
  "POST /api/auth/passkeys",
]);

/**
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

/** Refuses the API to a marked account, except setting two-factor up (after the permission table's check). */
export const requireTwoFactorSetup = createMiddleware<AppBindings>(async (c, next) => {
  const endpoint = endpointOf(c);
  if (!c.var.user?.twoFactorSetupRequired || endpoint === undefined || ENROLMENT.has(endpoint as Endpoint))
    return next();
  if (accessTo(endpoint) !== "everyone") return jsonError(c, 403, SETUP_REQUIRED, { twoFactorSetup: true });
  c.set("user", null);
  await next();
});
