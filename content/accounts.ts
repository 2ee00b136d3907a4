/**
 * The administrators' accounts as the accounts API (server/auth/account-routes.ts)
 * answers them and the admin's Accounts tab reads them. Shared by browser and
 * server.
 */

export interface AdminAccount {
  id: number;
  email: string;
  createdAt: string;
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

/** DELETE /api/accounts/<id>; `self`: the signed-in administrator removed their own account (and is signed out). */
export interface AccountRemoved {
  ok: true;
  removed: number;
  self: boolean;
}
