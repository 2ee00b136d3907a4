// The invite page's loader reads whom the link is for on the server, throttled as the API's
// GET /api/invitations/accept/:token is.
export { previewInvitation } from "#server/auth/invitations/preview.ts";
