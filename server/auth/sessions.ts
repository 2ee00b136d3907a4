import { createHash, randomBytes } from "node:crypto";
import type { FoundSession, SessionStore } from "./types.ts";

/** The stores a session needs (the app's whole store fits). */
type Sessions = { sessions: SessionStore };

export const SESSION_COOKIE = "session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const SESSION_IN_COOKIES = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([^;]*)`);

/**
 * The session token in a raw Cookie header, for code in front of the app
 * (the page cache, the early busy answer) that has no parsed cookies.
 */
export function sessionTokenIn(cookieHeader: string | undefined): string | undefined {
  return (cookieHeader && SESSION_IN_COOKIES.exec(cookieHeader)?.[1]) || undefined;
}

/** Sessions are stored by the SHA-256 of their token, so a leaked database holds no usable cookie. */
export function sessionId(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * The id "Your sessions" shows for a stored session: a hash of its stored id, so that the list (and
 * a page that leaks it) gives neither the cookie nor the row's key, yet needs no column of its own.
 */
export function publicSessionId(storedId: string): string {
  return createHash("sha256").update(`public:${storedId}`).digest("base64url").slice(0, 22);
}

/** A session is marked as used at most this often: no write per request. */
export const LAST_SEEN_EVERY_MS = 60 * 1000;

/** Starts a session for `userId` signing in with `userAgent` (its password confirmed now). */
export async function startSession(
  store: Sessions,
  userId: number,
  userAgent?: string | null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await store.sessions.create(sessionId(token), userId, expiresAt, userAgent);
  return { token, expiresAt };
}

export async function findSession(store: Sessions, token: string | undefined): Promise<FoundSession | undefined> {
  if (!token || token.length > 100) return undefined;
  return store.sessions.find(sessionId(token));
}

export async function endSession(store: Sessions, token: string | undefined): Promise<void> {
  if (token) await store.sessions.remove(sessionId(token));
}
