import type { InvitationAccepted, InvitationCreated, InvitationList } from "#content/invitations.ts";
import type { Role } from "#content/roles.ts";
import { api } from "#app/lib/api.ts";

/** The admin's and the invite page's calls to invitations (docs/api.md; server/auth/invitations/routes.ts); whom a link is for, the page's loader reads (app/routes/admin/invite.server.ts). */

export const listInvitations = async () => (await api<InvitationList>("/api/invitations")).invitations;
export const createInvitation = async (email: string, role: Role) =>
  (await api<InvitationCreated>("/api/invitations", { method: "POST", json: { email, role } })).invitation;
export const revokeInvitation = (id: number) => api<unknown>(`/api/invitations/${id}`, { method: "DELETE" });

/** Makes the invitee's account with this password and signs it in. */
export const acceptInvitation = (token: string, password: string) =>
  api<InvitationAccepted>(`/api/invitations/accept/${encodeURIComponent(token)}`, {
    method: "POST",
    json: { password },
  });
