import type { InvitationPreview } from "#content/invitations.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import type { InvitationStore } from "./types.ts";

/** A link's token as it comes in: anything longer than ours is no token of ours. */
export const plausibleToken = (token: string) => token.length > 0 && token.length <= 100;

/**
 * Whom a link is for, as the API (GET /api/invitations/accept/:token) and the invite page's loader
 * both read it: throttled per address like sign-in, a link that does not work counting as a wrong
 * password, so links cannot be guessed through either.
 */
export async function previewInvitation(
  deps: { store: { invitations: InvitationStore }; limits: { loginPerIp: RateLimiter } },
  clientIp: string,
  token: string,
): Promise<{ invitation: InvitationPreview } | { gone: true } | { retryAfterSeconds: number }> {
  const state = await deps.limits.loginPerIp.blocked(clientIp);
  if (state.blocked) return { retryAfterSeconds: state.retryAfterSeconds };
  const invitation = plausibleToken(token) ? await deps.store.invitations.findPending(token) : undefined;
  if (!invitation) {
    await deps.limits.loginPerIp.hit(clientIp);
    return { gone: true };
  }
  return { invitation: { email: invitation.email, role: invitation.role } };
}
