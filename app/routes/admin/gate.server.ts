import { data, type AppLoadContext } from "react-router";
import type { Endpoint, Role } from "#content/roles.ts";
import { askGate } from "#server/auth/gate.ts";

/** The account an admin page's header shows, whether or not the page's own content may be read. */
export interface AdminPageAccount {
  email: string | null;
  role: Role | null;
  /** Its role must use two-factor sign-in and it has not set it up: the page shows only the set-up. */
  twoFactorSetup: boolean;
  /** The gate let it read this page's content. */
  allowed: boolean;
}

/**
 * Asks the one gate (#content/access.ts, as the API does) whether the request's account may read
 * admin page `endpoint` ("GET /admin/audit" in #content/roles.ts): the role, the two-factor grace,
 * a recent password. A loader reads its page's content only when `allowed`; else it answers with
 * `refused(…)`: the sign-in form (signed out) or the two-factor set-up (in the grace), as pages to
 * complete (200), or the header alone for a role that may not (403, as WordPress answers).
 */
export async function adminPage(context: AppLoadContext, endpoint: Endpoint) {
  const user = context.user;
  const verdict = await askGate(context.deps, user, context.sessionToken, endpoint);
  const account: AdminPageAccount = {
    email: user?.email ?? null,
    role: user?.role ?? null,
    twoFactorSetup: !verdict.allowed && verdict.twoFactorSetup === true,
    allowed: verdict.allowed,
  };
  const status = !verdict.allowed && user !== null && !account.twoFactorSetup ? 403 : 200;
  return {
    account,
    allowed: verdict.allowed,
    /** The loader's answer for a refused page: `empty` (the page's content left out), with its status. */
    refused: <T extends object>(empty: T) => data({ ...account, ...empty }, { status }),
  };
}

/** Asks the gate for an admin page's action (`POST /admin/map-preview`): its JSON refusal, or undefined when allowed. */
export async function refusedAction(context: AppLoadContext, endpoint: Endpoint): Promise<Response | undefined> {
  const verdict = await askGate(context.deps, context.user, context.sessionToken, endpoint);
  return verdict.allowed ? undefined : Response.json({ error: verdict.error }, { status: verdict.status });
}
