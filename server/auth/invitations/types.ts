import type { Generated } from "kysely";
import type { Role } from "#content/roles.ts";
import type { ContactTables } from "#server/contact/types.ts";
import type { AuthTables, User } from "../types.ts";

/** An invitation as the store reads it (its token only as the hash and the sealed copy). */
export interface Invitation {
  id: number;
  email: string;
  role: Role;
  invitedBy: number | null;
  /** The inviting account's email, while it exists. */
  invitedByEmail: string | null;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
  /** The token, sealed with this database's key (for "Copy link"); see ./store.ts. */
  sealedToken: string;
}

/** An invitation revoked because its sender lost the right to send it (declared with the accounts that revoke it). */
export type { RevokedInvitation } from "../types.ts";

export interface NewInvitation {
  email: string;
  role: Role;
  invitedBy: number;
  token: string;
  expiresAt: Date;
  /** Queue the invitation e-mail (the site has mail set up), its links starting from this origin. */
  mailFrom?: { origin: string };
}

export interface InvitationStore {
  /**
   * Stores an invitation, replacing a pending one to the same email (its link stops working), and
   * queues its e-mail in the same transaction; "taken" when an account has the email.
   */
  create(invitation: NewInvitation, now?: Date): Promise<Invitation | "taken">;
  /** Invitations neither used, revoked nor expired whose sender may still invite, newest first. */
  listPending(now?: Date): Promise<Invitation[]>;
  /** The pending invitation of this token, or undefined (unknown, expired, revoked, used or its sender's authority gone alike). */
  findPending(token: string, now?: Date): Promise<Invitation | undefined>;
  /** A pending invitation by id (the mail's composer reads it when it sends). */
  getPending(id: number, now?: Date): Promise<Invitation | undefined>;
  /** Revokes a pending invitation and drops its queued e-mail; false when there was none pending. */
  revoke(id: number, now?: Date): Promise<boolean>;
  /**
   * Uses the invitation of this token: marks it accepted and creates its account with the role and
   * this password hash, in one transaction, once ("gone" for the second of two at once, as for an
   * unknown, expired or revoked one, or one whose sender is gone or may no longer invite); "taken"
   * when an account got the email meanwhile.
   */
  accept(token: string, passwordHash: string, now?: Date): Promise<User | "gone" | "taken">;
  /** The link's token read back from its sealed copy; undefined when this database cannot (another's key). */
  unseal(sealed: string): Promise<string | undefined>;
  /**
   * Deletes the invitations used, revoked or expired before `before` (pending ones never), with
   * their e-mails' records; returns how many went.
   */
  removeEndedBefore(before: Date): Promise<number>;
}

/** Invitations (0021-invitations): the token is kept as its SHA-256 (lookups) and sealed (copying the link). */
export interface InvitationTables extends Pick<AuthTables, "users">, Pick<ContactTables, "account_mails"> {
  invitations: {
    id: Generated<number>;
    email: string;
    role: string;
    token_hash: string;
    sealed_token: string;
    invited_by: number | null;
    created_at: string;
    expires_at: string;
    accepted_at: string | null;
    revoked_at: string | null;
  };
  secrets: { name: string; value: string };
}
