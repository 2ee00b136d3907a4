import { createMiddleware } from "hono/factory";
import { asksForRecentPassword, decide, type Verdict } from "#content/access.ts";
import type { AppBindings, SignedInUser } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { endpointOf } from "#server/http/permissions.ts";
import { confirmationStale } from "./reconfirm.ts";
import { findSession } from "./sessions.ts";
import type { SessionStore } from "./types.ts";

type GateDeps = { store: { sessions: SessionStore } };

/**
 * The one gate's answer (#content/access.ts) for the signed-in `user` (null: a visitor) of session
 * `sessionToken` at `endpoint`: for the API (below) and the admin's pages alike. The session's
 * password confirmation is read only where the endpoint asks for it.
 */
export async function askGate(
  deps: GateDeps,
  user: SignedInUser | null,
  sessionToken: string | undefined,
  endpoint: string,
): Promise<Verdict> {
  if (!user || !asksForRecentPassword(endpoint)) return decide(endpoint, user);
  const session = await findSession(deps.store, sessionToken);
  return decide(endpoint, user, session !== undefined && !confirmationStale(session.confirmedAt));
}

/**
 * Asks the gate for every API request, before the feature's own handler: so no route file repeats
 * who may call it, and an endpoint missing from the table is refused to all but Administrators. The
 * role is the users table's, read with the session on this request (./store.ts): a changed role
 * counts from the next request. An account in its two-factor grace reaches an endpoint open to
 * visitors as a visitor.
 */
export const enforceGate = createMiddleware<AppBindings<GateDeps>>(async (c, next) => {
  const endpoint = endpointOf(c);
  if (endpoint === undefined) return next();
  const verdict = await askGate(c.var.deps, c.var.user, c.var.sessionToken, endpoint);
  if (!verdict.allowed) {
    const { status, error, twoFactorSetup, reconfirm } = verdict;
    return jsonError(c, status, error, { ...(twoFactorSetup && { twoFactorSetup }), ...(reconfirm && { reconfirm }) });
  }
  if (verdict.asVisitor) c.set("user", null);
  await next();
});
