import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Env } from "#server/env.ts";
import type { AppBindings } from "#server/http/context.ts";
import { servedOverHttps } from "#server/lib/site-origin.ts";
import type { TwoFactorStore } from "./types.ts";

/**
 * Between the password and the code of a sign-in, the browser holds a short-lived proof that the
 * password step passed: not a session (it opens nothing but POST /api/auth/login/totp), signed with
 * the database's two-factor key (./crypto.ts), bound to the account's password hash (a changed
 * password ends it) and good for five minutes. HttpOnly, SameSite=Lax, sent to the sign-in path only.
 */
export const PENDING_COOKIE = "sign_in_pending";
export const PENDING_TTL_MS = 5 * 60 * 1000;
const PENDING_PATH = "/api/auth/login";

type PendingDeps = { env: Pick<Env, "PUBLIC_URL">; store: { twoFactor: TwoFactorStore } };
type Account = { id: number; passwordHash: string };

const signed = (userId: number, expires: number, passwordHash: string) => `${userId}.${expires}.${passwordHash}`;

/** After a right password: for an account with two-factor on, sets the proof and says so (no session is started). */
export async function askSecondFactor<D extends PendingDeps>(
  c: Context<AppBindings<D>>,
  user: Account,
): Promise<boolean> {
  const { store, env } = c.var.deps;
  if (!(await store.twoFactor.requirement(user.id)).enabled) return false;
  const expires = Date.now() + PENDING_TTL_MS;
  const signature = (await store.twoFactor.keys()).sign(signed(user.id, expires, user.passwordHash));
  setCookie(c, PENDING_COOKIE, `${user.id}.${expires}.${signature}`, {
    httpOnly: true,
    sameSite: "Lax",
    secure: servedOverHttps(env),
    path: PENDING_PATH,
    expires: new Date(expires),
  });
  return true;
}

/**
 * The account whose password step this request's proof shows passed, if it is genuine, unexpired
 * and still of the account's current password; `find` reads the account.
 */
export async function pendingAccount<D extends PendingDeps, A extends Account>(
  c: Context<AppBindings<D>>,
  find: (id: number) => Promise<A | undefined>,
): Promise<A | undefined> {
  // Exactly the three parts the server wrote: a proof with anything added is not that proof.
  const parts = (getCookie(c, PENDING_COOKIE) ?? "").split(".");
  if (parts.length !== 3) return undefined;
  const [id, expires, signature] = parts;
  const userId = Number(id);
  const until = Number(expires);
  if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(until) || !signature || until <= Date.now())
    return undefined;
  const user = await find(userId);
  if (!user) return undefined;
  const keys = await c.var.deps.store.twoFactor.keys();
  return keys.verify(signed(userId, until, user.passwordHash), signature) ? user : undefined;
}

export const clearPending = (c: Context) => deleteCookie(c, PENDING_COOKIE, { path: PENDING_PATH });
