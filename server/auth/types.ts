import type { Generated } from "kysely";
import type { Role } from "#content/roles.ts";

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
  /** Returns undefined when the email is taken; an account made without a role is an Administrator's. */
  create(email: string, passwordHash: string, role?: Role): Promise<User | undefined>;
  setPassword(userId: number, passwordHash: string): Promise<void>;
  remove(userId: number): Promise<void>;
  findById(userId: number): Promise<(User & { passwordHash: string }) | undefined>;
  /** Removes the user and their sessions unless they are the last Administrator, in one transaction. */
  removeUnlessLast(userId: number): Promise<"removed" | "last" | "missing">;
  /** Gives the user `role` unless that would leave no Administrator, in one transaction. */
  setRoleUnlessLast(
    userId: number,
    role: Role,
  ): Promise<{ result: "changed" | "unchanged"; user: User } | "last" | "missing">;
}

export interface Session {
  id: string;
  user: User;
  expiresAt: string;
}

export interface SessionStore {
  create(id: string, userId: number, expiresAt: Date): Promise<void>;
  /** The live session with its user, or undefined when unknown or expired. */
  find(id: string, now?: Date): Promise<Session | undefined>;
  remove(id: string): Promise<void>;
  removeForUser(userId: number): Promise<void>;
  /** Ends every session of the user except `keepId` (the one changing the password). */
  removeOthersForUser(userId: number, keepId: string): Promise<void>;
  removeExpired(now?: Date): Promise<number>;
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
  };
  sessions: {
    id: string;
    user_id: number;
    created_at: string;
    expires_at: string;
  };
}
