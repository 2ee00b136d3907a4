import { SITE_NAME } from "#content/constants.ts";
import { INVITATION_DAYS, invitationPath, withArticle } from "#content/invitations.ts";
import type { Role } from "#content/roles.ts";
import type { AccountMailComposer, OutgoingMail } from "#server/contact/types.ts";
import type { InvitationStore } from "./types.ts";

export const INVITATION_SUBJECT = `You're invited to edit ${SITE_NAME}`;

/** The invitation e-mail: plain text, who invited, the role, the link and when it stops working. */
export function invitationMail(invitation: {
  email: string;
  role: Role;
  invitedByEmail: string | null;
  link: string;
}): OutgoingMail {
  const who = invitation.invitedByEmail ?? "An administrator";
  return {
    to: invitation.email,
    subject: INVITATION_SUBJECT,
    text: [
      "Hello,",
      "",
      `${who} invited you to edit the website of ${SITE_NAME} as ${withArticle(invitation.role)}.`,
      "",
      "Choose your password and sign in here:",
      invitation.link,
      "",
      `The link works once and expires in ${INVITATION_DAYS} days. If you did not expect this invitation, you can ignore this e-mail.`,
    ].join("\n"),
  };
}

/**
 * Writes a queued invitation e-mail when the outbox sends it (server/contact/outbox.ts): from the
 * invitation as it is then, so one revoked, replaced, used or expired meanwhile is not sent.
 */
export function composeInvitationMail(store: { invitations: InvitationStore }): AccountMailComposer {
  return async (mail) => {
    const invitation = await store.invitations.getPending(mail.refId);
    const token = invitation && (await store.invitations.unseal(invitation.sealedToken));
    if (!invitation || !token) return undefined;
    return invitationMail({ ...invitation, link: `${mail.origin}${invitationPath(token)}` });
  };
}
