import { createHash, randomBytes } from "node:crypto";
import type { Session, SessionStore } from "./types.ts";

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

export async function startSession(store: Sessions, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await store.sessions.create(sessionId(token), userId, expiresAt);
  return { token, expiresAt };
}

export async function findSession(store: Sessions, token: string | undefined): Promise<Session | undefined> {
  if (!token || token.length > 100) return undefined;
  return store.sessions.find(sessionId(token));
}

export async function endSession(store: Sessions, token: string | undefined): Promise<void> {
  if (token) await store.sessions.remove(sessionId(token));
}
