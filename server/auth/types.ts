import type { Generated } from "kysely";
import type { Role } from "#content/roles.ts";

/** An invitation revoked because its sender lost the right to send it (./invitations/store.ts). */
export interface RevokedInvitation {
  id: number;
  email: string;
  role: Role;
}

/** An account of the admin, with its role (#content/roles.ts). */
export interface User {
  id: number;
  email: string;
  createdAt: string;
  role: Role;
}

export interface UserStore {
  count(): Promise<number>;
  list(): Promise<User[]>;
  findByEmail(email: string): Promise<(User & { passwordHash: string }) | undefined>;
  /**
   * Returns undefined when the email is taken; an account made without a role is an Administrator's.
   * Closes the open invitation to the email (./invitations/), in the same transaction.
   */
  create(email: string, passwordHash: string, role?: Role): Promise<User | undefined>;
  setPassword(userId: number, passwordHash: string): Promise<void>;
  remove(userId: number): Promise<void>;
  findById(userId: number): Promise<(User & { passwordHash: string }) | undefined>;
  /**
   * Removes the user and their sessions unless they are the last Administrator, and revokes the
   * invitations they sent, in one transaction.
   */
  removeUnlessLast(
    userId: number,
  ): Promise<{ result: "removed"; revokedInvitations: RevokedInvitation[] } | "last" | "missing">;
  /**
   * Gives the user `role` unless that would leave no Administrator and, when the role may not
   * invite, revokes the invitations they sent, in one transaction.
   */
  setRoleUnlessLast(
    userId: number,
    role: Role,
  ): Promise<
    { result: "changed" | "unchanged"; user: User; revokedInvitations: RevokedInvitation[] } | "last" | "missing"
  >;
}

export interface Session {
  id: string;
  user: User;
  expiresAt: string;
  createdAt: string;
  /** The User-Agent it signed in with (0019-sessions-audit; none for sessions from before). */
  userAgent: string | null;
  /** When it was last used, to the minute (server/auth/middleware.ts); its start until then. */
  lastSeenAt: string;
  /** When its password was last confirmed (sign-in, POST /api/auth/confirm); none for sessions from before. */
  confirmedAt: string | null;
}

/**
 * A live session as each request reads it: with whether its account must still set two-factor up
 * (its role requires it and it has no authenticator app: server/auth/two-factor/enforcement.ts),
 * read in the same query as its user, so a signed-in request costs one lookup.
 */
export interface FoundSession extends Session {
  twoFactorMissing: boolean;
}

export interface SessionStore {
  /** A new session, its password confirmed now (it was just given). */
  create(id: string, userId: number, expiresAt: Date, userAgent?: string | null): Promise<void>;
  /** The live session with its user, or undefined when unknown or expired. */
  find(id: string, now?: Date): Promise<FoundSession | undefined>;
  remove(id: string): Promise<void>;
  removeForUser(userId: number): Promise<void>;
  /** Ends every session of the user except `keepId` (the one changing the password). */
  removeOthersForUser(userId: number, keepId: string): Promise<void>;
  removeExpired(now?: Date): Promise<number>;
  /** The user's live sessions, the most recently used first. */
  listForUser(userId: number, now?: Date): Promise<Omit<Session, "user">[]>;
  /** Notes the session was used at `at` (the caller writes at most once a minute). */
  touch(id: string, at: Date): Promise<void>;
  /** Notes the password was confirmed for the session at `at`. */
  confirm(id: string, at: Date): Promise<void>;
}

/** Accounts and their sessions (0001-initial; roles: 0017-user-roles); a session is stored by its token's hash. */
export interface AuthTables {
  users: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    created_at: string;
    /** A Role; "administrator" for the accounts made before roles. */
    role: Generated<string>;
    /** Two-factor sign-in (0018-two-factor; server/auth/two-factor/): the confirmed TOTP secret, encrypted. */
    totp_secret: Generated<string | null>;
    /** A secret shown for enrolment and not confirmed yet, encrypted. */
    totp_pending_secret: Generated<string | null>;
    totp_enabled_at: Generated<string | null>;
    /** The time step of the code last accepted: that code, and older ones, are refused. */
    totp_last_step: Generated<number | null>;
  };
  sessions: {
    id: string;
    user_id: number;
    created_at: string;
    expires_at: string;
    user_agent: string | null;
    last_seen_at: string | null;
    confirmed_at: string | null;
  };
}
