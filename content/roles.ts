/**
 * Who may do what (issue 28): the roles of an account and the one table of the API's endpoints
 * each of them may call. The server enforces it for every request to /api (server/http/permissions.ts,
 * one middleware); the admin reads the same table to show each role only what it may use. Shared
 * by browser and server.
 *
 * - Administrator: everything.
 * - Editor: every content tab's documents (with the AI settings document, which holds the chat's
 *   greeting and knowledge base: content; the AI providers and their keys are set in the server's
 *   environment only), every post, media, previews, messages, conversations, Insights; not
 *   accounts or backups.
 * - Writer: their own posts and team pages, always as drafts (server/posts/writer-rules.ts,
 *   server/pages/writer-rules.ts), the media library's
 *   list, uploads and the name and alt text of their own uploads, and previews; nothing else.
 */

export const ROLES = ["administrator", "editor", "writer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  administrator: "Administrator",
  editor: "Editor",
  writer: "Writer",
};

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/**
 * Who may call an endpoint: `"everyone"` (visitors too: the site's own forms, the chat, sign-in; the
 * route itself decides what a visitor gets), or the roles that may (a visitor gets 401, another role 403).
 */
export type Access = "everyone" | readonly Role[];

const ANY_ROLE: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ["administrator", "editor"];
const ADMINISTRATORS: readonly Role[] = ["administrator"];

/**
 * Every endpoint of the API, as `"METHOD /api/route-pattern"` (Hono's patterns, as the routers
 * register them), and who may call it. An endpoint missing here is refused to all but
 * Administrators, and tests/integration/role-matrix.test.ts fails until it is added.
 */
export const PERMISSIONS = {
  "POST /api/auth/login": "everyone",
  "POST /api/auth/logout": "everyone",
  "POST /api/auth/setup": "everyone",
  "GET /api/auth/me": ANY_ROLE,
  // Two-factor sign-in (server/auth/two-factor/routes.ts): each account's own; the second step of a
  // sign-in is a visitor's (the password step's proof is a cookie); the policy is the Administrators'.
  "GET /api/auth/totp": ANY_ROLE,
  "POST /api/auth/totp": ANY_ROLE,
  "POST /api/auth/totp/confirm": ANY_ROLE,
  "DELETE /api/auth/totp": ANY_ROLE,
  "POST /api/auth/login/totp": "everyone",
  "GET /api/auth/two-factor-policy": ADMINISTRATORS,
  // Passkeys (server/auth/passkeys/routes.ts): each account's own; signing in with one is a visitor's.
  "GET /api/auth/passkeys": ANY_ROLE,
  "POST /api/auth/passkeys/options": ANY_ROLE,
  "POST /api/auth/passkeys": ANY_ROLE,
  "PUT /api/auth/passkeys/:id": ANY_ROLE,
  "DELETE /api/auth/passkeys/:id": ANY_ROLE,
  "POST /api/auth/passkey-login/options": "everyone",
  "POST /api/auth/passkey-login": "everyone",
  "PUT /api/auth/two-factor-policy": ADMINISTRATORS,
  // Each account's own sessions, and confirming its own password again (server/auth/session-routes.ts).
  "GET /api/auth/sessions": ANY_ROLE,
  "DELETE /api/auth/sessions": ANY_ROLE,
  "DELETE /api/auth/sessions/:id": ANY_ROLE,
  "POST /api/auth/confirm": ANY_ROLE,

  // A document as the site shows it is public; its editing and history are not.
  "GET /api/content/:key": "everyone",
  "PUT /api/content/:key": STAFF,
  "GET /api/content/:key/revisions": STAFF,
  "GET /api/content/:key/revisions/:version{[0-9]+}": STAFF,
  "POST /api/content/:key/revisions/:version{[0-9]+}/restore": STAFF,
  "GET /api/ai-settings": STAFF,
  "PUT /api/ai-settings": STAFF,
  "GET /api/ai-settings/revisions": STAFF,
  "GET /api/ai-settings/revisions/:version{[0-9]+}": STAFF,
  "POST /api/ai-settings/revisions/:version{[0-9]+}/restore": STAFF,
  "GET /api/answers": STAFF,
  "PUT /api/answers": STAFF,
  "GET /api/answers/revisions": STAFF,
  "GET /api/answers/revisions/:version{[0-9]+}": STAFF,
  "POST /api/answers/revisions/:version{[0-9]+}/restore": STAFF,

  // Writers: only the posts they created, only as drafts (server/posts/writer-rules.ts).
  "GET /api/posts": ANY_ROLE,
  "POST /api/posts": ANY_ROLE,
  "GET /api/posts/:id": ANY_ROLE,
  "PUT /api/posts/:id": ANY_ROLE,
  "DELETE /api/posts/:id": ANY_ROLE,
  "GET /api/posts/:id/revisions": ANY_ROLE,
  "GET /api/posts/:id/revisions/:version{[0-9]+}": ANY_ROLE,
  "POST /api/posts/:id/revisions/:version{[0-9]+}/restore": ANY_ROLE,
  "PUT /api/previews/:token": ANY_ROLE,
  // The team's pages (issue 42): as posts, a Writer drafts their own (server/pages/writer-rules.ts);
  // deleting one and choosing its variant B are an Editor's.
  "GET /api/pages": ANY_ROLE,
  "POST /api/pages": ANY_ROLE,
  "GET /api/pages/:id": ANY_ROLE,
  "PUT /api/pages/:id": ANY_ROLE,
  "DELETE /api/pages/:id": STAFF,
  "GET /api/pages/:id/revisions": ANY_ROLE,
  "GET /api/pages/:id/revisions/:version{[0-9]+}": ANY_ROLE,
  "POST /api/pages/:id/revisions/:version{[0-9]+}/restore": ANY_ROLE,
  "GET /api/pages/:id/results": ANY_ROLE,
  "POST /api/pages/:id/use-b": STAFF,
  // The media library: every role lists, picks and uploads (and a Writer renames and describes their
  // own uploads: server/media/routes.ts); replacing and deleting change other people's pages: Staff.
  "GET /api/media": ANY_ROLE,
  "POST /api/media": ANY_ROLE,
  "PUT /api/media/:id": ANY_ROLE,
  "PUT /api/media/:id/file": STAFF,
  "DELETE /api/media/:id": STAFF,
  "POST /api/media/delete": STAFF,
  "DELETE /api/media": STAFF,

  // The live events: visitors get content changes, signed-in accounts the admin's too.
  "GET /api/events": "everyone",
  "GET /api/admin/status": ANY_ROLE,

  "POST /api/chat": "everyone",
  "POST /api/chat/lead": "everyone",
  "GET /api/chat/settings": "everyone",
  "GET /api/ai/status": STAFF,
  "POST /api/ai/translate": STAFF,
  "POST /api/ai/generate": STAFF,

  "GET /api/messages": STAFF,
  "GET /api/messages/export.csv": STAFF,
  "GET /api/messages/:id{[0-9]+}": STAFF,
  "POST /api/messages/:id{[0-9]+}/read": STAFF,
  "POST /api/messages/:id{[0-9]+}/unread": STAFF,
  "DELETE /api/messages/:id{[0-9]+}": STAFF,
  "POST /api/messages/:id{[0-9]+}/restore": STAFF,
  "GET /api/conversations": STAFF,
  "GET /api/conversations/export.csv": STAFF,
  "GET /api/conversations/:id": STAFF,
  "DELETE /api/conversations/:id": STAFF,
  "GET /api/analytics": STAFF,
  "POST /api/analytics/view": "everyone",

  "GET /api/accounts": ADMINISTRATORS,
  "POST /api/accounts": ADMINISTRATORS,
  "PUT /api/accounts/:id{[0-9]+}": ADMINISTRATORS,
  "DELETE /api/accounts/:id{[0-9]+}": ADMINISTRATORS,
  // Each account changes its own password.
  "POST /api/accounts/password": ANY_ROLE,
  // Invitations (server/auth/invitations/routes.ts): Administrators invite; the invitee, a visitor, accepts.
  "GET /api/invitations": ADMINISTRATORS,
  "POST /api/invitations": ADMINISTRATORS,
  "DELETE /api/invitations/:id{[0-9]+}": ADMINISTRATORS,
  "GET /api/invitations/accept/:token": "everyone",
  "POST /api/invitations/accept/:token": "everyone",
  "GET /api/backup": ADMINISTRATORS,
  "GET /api/audit": ADMINISTRATORS,
  "GET /api/audit/export.csv": ADMINISTRATORS,

  // The admin's pages (app/routes/admin/*): what each page's loader reads, asked of the same gate
  // (app/routes/admin/gate.server.ts). A page refused shows the sign-in form or the header alone.
  "GET /admin": ANY_ROLE,
  "GET /admin/insights": STAFF,
  "GET /admin/media": ANY_ROLE,
  "GET /admin/audit": ADMINISTRATORS,
  "POST /admin/map-preview": STAFF,
  "GET /admin/setup": "everyone",
  "GET /admin/invite/:token": "everyone",
  // A public page asked for with `?preview=<token>` shows that stored draft (server/previews/).
  "GET /*?preview": ANY_ROLE,
} as const satisfies Record<string, Access>;

export type Endpoint = keyof typeof PERMISSIONS;

/** Whether `endpoint` is one of the API's (`/api/…`), not one of the admin's pages. */
export const isApiEndpoint = (endpoint: string) => endpoint.split(" ")[1]?.startsWith("/api/") === true;

/**
 * What an account that must set up two-factor sign-in and has not (its one-sign-in grace) may still
 * call: the set-up itself (server/auth/two-factor/). Every other endpoint and page is refused to it
 * (one open to visitors answers as to a visitor).
 */
export const TWO_FACTOR_SETUP: ReadonlySet<Endpoint> = new Set<Endpoint>([
  "GET /api/auth/me",
  "POST /api/auth/logout",
  // Setting up either is a key change that asks for the password again once it is ten minutes old
  // (RECONFIRM below): a session back at the dialog later must be able to give it.
  "POST /api/auth/confirm",
  "GET /api/auth/totp",
  "POST /api/auth/totp",
  "POST /api/auth/totp/confirm",
  // A passkey is two factors on its own: adding one satisfies the policy too (server/auth/passkeys/).
  "GET /api/auth/passkeys",
  "POST /api/auth/passkeys/options",
  "POST /api/auth/passkeys",
]);

/**
 * The sensitive endpoints (issue 28 item 7): a session whose password was last confirmed more than
 * RECONFIRM_AFTER_MS ago (#content/sessions.ts) is answered 403 `{error, reconfirm: true}` until it
 * confirms it again (POST /api/auth/confirm; server/auth/reconfirm.ts). The admin asks for the
 * password in one place and retries (app/lib/api.ts).
 */
export const RECONFIRM: ReadonlySet<Endpoint> = new Set<Endpoint>([
  "GET /api/backup",
  "POST /api/accounts",
  "POST /api/invitations",
  "PUT /api/accounts/:id{[0-9]+}",
  "DELETE /api/accounts/:id{[0-9]+}",
  "PUT /api/auth/two-factor-policy",
  // A passkey or an authenticator app set up by a stolen session would outlive it: both are key changes.
  "POST /api/auth/totp",
  "POST /api/auth/passkeys/options",
  "DELETE /api/auth/passkeys/:id",
]);

/** Who may call `endpoint` ("METHOD /api/pattern"): an endpoint not in the table is for Administrators only. */
export function accessTo(endpoint: string): Access {
  return (PERMISSIONS as Record<string, Access>)[endpoint] ?? ADMINISTRATORS;
}

/** Whether `role` may call `endpoint` (an endpoint open to everyone: yes). */
export function may(role: Role, endpoint: Endpoint): boolean {
  const access = accessTo(endpoint);
  return access === "everyone" || access.includes(role);
}

/** The kinds of record a role can be held to its own of (#content/access.ts `ownership`). */
export type OwnedKind = "post" | "page" | "media";

/**
 * The kinds of record each role may touch only where it created them, told by user id: a Writer
 * reads and drafts their own posts (server/posts/writer-rules.ts) and names and describes their own
 * uploads (server/media/routes.ts). The endpoints themselves are in the table above.
 */
export const OWN_RECORDS_ONLY: Record<Role, readonly OwnedKind[]> = {
  administrator: [],
  editor: [],
  writer: ["post", "page", "media"],
};

/**
 * Whether `role` publishes: sets a post's status, schedule and featured mark. A Writer's posts are
 * always saved as drafts (server/posts/writer-rules.ts), so the admin hides those controls from them.
 */
export const publishes = (role: Role) => role !== "writer";

/** The refusal a signed-in account gets for an endpoint its role may not call (403). */
export const roleRefusal = (role: Role) => `Your role (${ROLE_LABELS[role]}) cannot do this.`;
