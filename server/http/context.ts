import type { Role } from "#content/roles.ts";

/** The account a request is signed in as (set by the session middleware, server/auth/middleware.ts). */
export interface SignedInUser {
  id: number;
  email: string;
  /** Read from the users table with the session on every request (#content/roles.ts). */
  role: Role;
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
  };
}
