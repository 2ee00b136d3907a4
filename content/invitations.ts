/**
 * Invitations (issue 28 item 2): an Administrator invites someone by e-mail with a role; the link
 * works once, for 7 days, and the invitee sets their own password. The wire types of the
 * invitations API (server/auth/invitations/routes.ts), its input schemas and its words, shared by
 * the admin's accounts dialog, the public invite page and the server.
 */
import { z } from "./zod.ts";
import { may, ROLE_LABELS, ROLES, type Role } from "./roles.ts";

export const INVITATION_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;
/** Days a used, revoked or expired invitation is kept, then deleted (server/auth/housekeeping.ts); pending ones stay. */
export const INVITATION_KEEP_DAYS = 30;

/** The one answer for a link that is unknown, expired, revoked or used: no probing which. */
export const INVITATION_GONE = "This invitation has expired or was already used.";

/**
 * Whether an account with `role` may send invitations (the permission table's word for
 * POST /api/invitations). An invitation is only as good as its sender's authority when it is
 * accepted: one whose sender is gone or may no longer invite does not work, and removing or
 * demoting the sender revokes it (server/auth/invitations/store.ts).
 */
export const mayInvite = (role: Role) => may(role, "POST /api/invitations");

/** Where the invitee sets their password: the link of the e-mail and of "Copy link". */
export const invitationPath = (token: string) => `/admin/invite/${token}`;

/** "an Editor", "an Administrator", "a Writer": the role as a sentence says it. */
export const withArticle = (role: Role) => `${/^[AEIOU]/.test(ROLE_LABELS[role]) ? "an" : "a"} ${ROLE_LABELS[role]}`;

/** POST /api/invitations. */
export const invitationInputSchema = z.strictObject({
  email: z.email("Enter a valid email address.").max(320, "Use at most 320 characters for the email address."),
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}.` }),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** POST /api/invitations/accept/:token: the invitee's password (the page asks for it twice). */
export const acceptInvitationSchema = z.strictObject({
  password: z.string().min(8, "Use at least 8 characters.").max(1_000, "Use at most 1,000 characters."),
});

/** An invitation not yet used, revoked or expired, as GET /api/invitations lists it. */
export interface PendingInvitation {
  id: number;
  email: string;
  role: Role;
  /** The inviting Administrator's email (an invitation whose sender is gone is no longer pending). */
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  /** The link to copy; null when this database cannot read it back (an invitation restored from elsewhere). */
  link: string | null;
}

/** GET /api/invitations: the pending ones, newest first. */
export interface InvitationList {
  invitations: PendingInvitation[];
}

/** POST /api/invitations (201): `mailed` is false when the site has no mail set up (copy the link). */
export interface InvitationCreated {
  invitation: { id: number; email: string; role: Role; expiresAt: string; link: string; mailed: boolean };
}

/** GET /api/invitations/accept/:token: who the invitation is for. */
export interface InvitationPreview {
  email: string;
  role: Role;
}

/** POST /api/invitations/accept/:token (201): the new account, signed in. */
export interface InvitationAccepted {
  user: { email: string; role: Role };
}
