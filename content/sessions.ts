/**
 * "Your sessions" (issue 28 item 5): the signed-in account's sessions as GET /api/auth/sessions
 * (server/auth/session-routes.ts) answers them. Shared by browser and server.
 */

export interface AccountSession {
  /** An opaque id for signing it out: never the stored token hash (server/auth/sessions.ts). */
  id: string;
  /** "Chrome", "Firefox"… from the user agent (server/auth/user-agent.ts), or "Unknown browser". */
  browser: string;
  /** "Android", "Windows"…, or "Unknown system". */
  system: string;
  createdAt: string;
  /** Updated at most once a minute while the session is used. */
  lastSeenAt: string;
  /** The session of this request. */
  current: boolean;
}

/** GET /api/auth/sessions: the newest first, the current one among them. */
export interface SessionList {
  sessions: AccountSession[];
}

/** The words of the 403 a sensitive action answers when the password was last confirmed too long ago. */
export const RECONFIRM_ERROR = "Confirm your password to continue.";

/** How long a password confirmation (at sign-in or POST /api/auth/confirm) lets sensitive actions through. */
export const RECONFIRM_AFTER_MS = 10 * 60 * 1000;
