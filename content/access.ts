/**
 * The one gate (issue 39): whether an account may call an endpoint of the API or open an admin
 * page, decided from the permission table (./roles.ts) in one order for both: the role, then the
 * two-factor grace, then a recent password. The server asks it for every /api request
 * (server/auth/gate.ts) and every admin page's loader (app/routes/admin/gate.server.ts); the admin
 * reads the same table to show each role only what it may use. Shared by browser and server.
 */
import {
  accessTo,
  OWN_RECORDS_ONLY,
  RECONFIRM,
  roleRefusal,
  TWO_FACTOR_SETUP,
  type Endpoint,
  type OwnedKind,
  type Role,
} from "./roles.ts";
import { RECONFIRM_ERROR } from "./sessions.ts";
import { SETUP_REQUIRED } from "./two-factor.ts";

export const SIGN_IN_FIRST = "Please sign in to the admin panel.";

/** The account asking, as its session says. */
export interface Asker {
  role: Role;
  /** Its role must use two-factor sign-in and it has not set it up (server/auth/two-factor/). */
  twoFactorSetupRequired?: boolean;
}

export type Verdict =
  /** `asVisitor`: an endpoint open to everyone, answered to an account in its two-factor grace as to a visitor. */
  | { allowed: true; asVisitor: boolean }
  | { allowed: false; status: 401 | 403; error: string; twoFactorSetup?: true; reconfirm?: true };

/** Whether the gate asks `endpoint` for a password confirmed in the last ten minutes (./sessions.ts). */
export const asksForRecentPassword = (endpoint: string) => RECONFIRM.has(endpoint as Endpoint);

/**
 * The gate's answer for `asker` (null: a visitor) at `endpoint` ("METHOD /path" as the table names
 * it). `recentlyConfirmed` says whether the session's password was confirmed recently enough; it is
 * read only for the endpoints that ask (asksForRecentPassword).
 */
export function decide(endpoint: string, asker: Asker | null, recentlyConfirmed = true): Verdict {
  const access = accessTo(endpoint);
  const inGrace = asker?.twoFactorSetupRequired === true && !TWO_FACTOR_SETUP.has(endpoint as Endpoint);
  if (access === "everyone") return { allowed: true, asVisitor: inGrace };
  if (!asker) return { allowed: false, status: 401, error: SIGN_IN_FIRST };
  if (!access.includes(asker.role)) return { allowed: false, status: 403, error: roleRefusal(asker.role) };
  if (inGrace) return { allowed: false, status: 403, error: SETUP_REQUIRED, twoFactorSetup: true };
  if (asksForRecentPassword(endpoint) && !recentlyConfirmed)
    return { allowed: false, status: 403, error: RECONFIRM_ERROR, reconfirm: true };
  return { allowed: true, asVisitor: false };
}

/** Whether `asker` is held to the records of `kind` it created (#content/roles.ts OWN_RECORDS_ONLY). */
export const heldToOwn = (asker: Asker | null, kind: OwnedKind): asker is Asker =>
  asker !== null && OWN_RECORDS_ONLY[asker.role].includes(kind);

/**
 * Whether `asker` may reach a record of `kind` that `creator` (a user id; null: nobody now, such as
 * a built-in post; undefined: no such record, or one deleted) created, for a role held to its own
 * (#content/roles.ts OWN_RECORDS_ONLY): `"missing"` (answered as not found, so a record's
 * existence is never told), `"not-yours"`, or undefined when it may. Decided by user id alone.
 */
export function ownership(
  asker: (Asker & { id: number }) | null,
  kind: OwnedKind,
  creator: number | null | undefined,
): "missing" | "not-yours" | undefined {
  if (!heldToOwn(asker, kind)) return undefined;
  if (creator === undefined) return "missing";
  return creator === asker.id ? undefined : "not-yours";
}
