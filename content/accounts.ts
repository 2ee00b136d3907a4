/**
 * The admin's accounts as the accounts API (server/auth/account-routes.ts)
 * answers them and the admin's accounts dialog reads them. Shared by browser and
 * server.
 */

import type { Role } from "./roles.ts";

export interface AdminAccount {
  id: number;
  email: string;
  createdAt: string;
  /** What the account may do (./roles.ts). */
  role: Role;
  /** The signed-in administrator's own account. */
  current: boolean;
}

/** GET /api/accounts. */
export interface AccountList {
  accounts: AdminAccount[];
}

/** POST /api/accounts (201). */
export interface AccountAdded {
  account: AdminAccount;
}

/**
 * PUT /api/accounts/<id> {role}: the account with its new role, and how many of its pending
 * invitations were revoked because the role may not invite (./invitations.ts).
 */
export interface AccountChanged {
  account: AdminAccount;
  invitationsRevoked: number;
}

/** GET /api/auth/me: the signed-in account. */
export interface SignedInAccount {
  user: { email: string; role: Role };
}

/** DELETE /api/accounts/<id>; `self`: the signed-in administrator removed their own account (and is signed out). */
export interface AccountRemoved {
  ok: true;
  removed: number;
  /** The removed account's email (the audit trail names it by this once it is gone). */
  email: string;
  self: boolean;
  /** How many pending invitations the account had sent: revoked with it. */
  invitationsRevoked: number;
}
