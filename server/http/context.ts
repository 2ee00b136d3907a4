import type { AuditAction, AuditTarget } from "#content/audit.ts";
import type { Role } from "#content/roles.ts";

/** The account a request is signed in as (set by the session middleware, server/auth/middleware.ts). */
export interface SignedInUser {
  id: number;
  email: string;
  /** Read from the users table with the session on every request (#content/roles.ts). */
  role: Role;
  /** Its role must use two-factor sign-in and it has not set it up: it may do nothing else (server/auth/two-factor/). */
  twoFactorSetupRequired?: boolean;
}

/**
 * The Hono bindings of the app: what a handler finds on `c.var`. `Deps` is
 * the part of the app's services that a feature declares it uses (its own
 * `…Deps` type, beside its routes), not the whole of them: the app's deps are
 * assembled in server/assembly/deps.ts, which imports every feature, and
 * server/assembly/create-app.ts checks that they give each router what it
 * declares. So this module, like the rest of server/http/, imports no feature.
 */
export interface AppBindings<Deps = unknown> {
  Variables: {
    deps: Deps;
    user: SignedInUser | null;
    sessionToken: string | undefined;
    clientIp: string;
    secureHeadersNonce?: string;
    /**
     * What a route adds to the audit trail's entry for this request (server/audit/recorder.ts) where
     * the path is not enough. With `action`, it is recorded whatever the answer (a failed sign-in).
     */
    audit?: AuditNote;
  };
}

/** A route's word to the audit trail (see `audit` above). */
export interface AuditNote {
  action?: AuditAction;
  /** Who did it, when the session does not say (a sign-in); an email alone is looked up by the recorder. */
  actor?: { id: number | null; email: string | null };
  target?: AuditTarget;
  detail?: Record<string, unknown>;
  /**
   * Further entries the action brought about, each recorded after it with the same actor when it
   * is (the invitations an account's removal revoked).
   */
  consequences?: { action: AuditAction; target?: AuditTarget; detail?: Record<string, unknown> }[];
}
