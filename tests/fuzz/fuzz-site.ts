import { expect } from "vitest";
import type { Role } from "#content/roles.ts";
import { sessionId } from "#server/auth/sessions.ts";
import { signIn, startApiServer, TEST_ADMIN, type TestServer } from "../helpers/api-server.ts";
import {
  addedRows,
  bodyHeaders,
  changesBetween,
  freshAddress,
  readStoredState,
  send,
  toJson,
  type HostileBody,
  type StoredState,
} from "./fuzz-kit.ts";

/**
 * The site the suites of the endpoints added since ./api-writes.test.ts fuzz (accounts, two-factor,
 * passkeys, sessions, media, audit, translations): the API server trusting one proxy, so that every
 * request comes from an address of its own (./fuzz-kit.ts freshAddress) and the per-address
 * throttles refuse no case for the ones before it; its accounts, signed in anew before the ten
 * minutes after which key changes ask for the password again; and the stored state, read with the
 * tables a backup leaves out that these endpoints write.
 */

export interface FuzzAccount {
  id: number;
  email: string;
  password: string;
  cookie: string;
  signedInAt: number;
}

/** Tables a backup leaves out that these endpoints write; a session's last use moves on its own. */
const NOT_BACKED_UP = {
  sessions: ["last_seen_at"],
  invitations: [],
  account_mails: [],
  passkey_challenges: [],
  audit_events: [],
} as const;

/** What a refusal may change: the passkey challenge its answer named is used up; a failed sign-in is in the audit trail. */
export interface Allowance {
  challenge?: string;
  /** A refused sign-in may add its one audit entry: a wrong password, or a wrong two-factor code (issue 39). */
  failedSignIn?: "sign-in.failed" | "sign-in.code-failed";
}

export class FuzzSite {
  private constructor(
    readonly server: TestServer,
    readonly owner: FuzzAccount,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<FuzzSite> {
    const server = await startApiServer({ TRUST_PROXY: "1", ...env });
    const id = (await server.deps.store.users.findByEmail(TEST_ADMIN.email))!.id;
    return new FuzzSite(server, { id, ...TEST_ADMIN, cookie: await signIn(server.url), signedInAt: Date.now() });
  }

  get url() {
    return this.server.url;
  }

  get deps() {
    return this.server.deps;
  }

  close() {
    return this.server.close();
  }

  /** A request as the admin's browser makes it (same origin), from an address of its own. */
  call(method: string, url: string, options: { cookie?: string; body?: HostileBody } = {}) {
    return send(`${this.server.url}${url}`, {
      method,
      headers: {
        Origin: this.server.url,
        "X-Forwarded-For": freshAddress(),
        ...(options.cookie !== undefined && { Cookie: options.cookie }),
        ...bodyHeaders(options.body),
      },
      ...(options.body && { body: options.body.body }),
    });
  }

  state(): Promise<StoredState> {
    return readStoredState(this.server, NOT_BACKED_UP);
  }

  /**
   * The account's session, signed in anew when its password is near the ten minutes after which key
   * changes ask for it again. Ask for it before reading the state a case compares: a sign-in adds a
   * session and an entry in the audit trail.
   */
  async cookieOf(account: FuzzAccount): Promise<string> {
    if (Date.now() - account.signedInAt > 8 * 60 * 1000) {
      account.cookie = await signIn(this.server.url, { email: account.email, password: account.password });
      account.signedInAt = Date.now();
    }
    return account.cookie;
  }

  /** Adds an account through the API (as the owner), signed in. */
  async addAccount(email: string, role: Role): Promise<FuzzAccount> {
    const password = `${email} password`;
    const added = await this.call("POST", "/api/accounts", {
      cookie: await this.cookieOf(this.owner),
      body: jsonBody({ email, password, role }),
    });
    if (added.status !== 201) throw new Error(`account not added: ${added.text}`);
    const { id } = (added.json as { account: { id: number } }).account;
    return { id, email, password, cookie: await signIn(this.server.url, { email, password }), signedInAt: Date.now() };
  }

  /** Nothing stored changed since `before`, but what `allow` lets a refusal change. */
  async expectUnchanged(before: StoredState, what: string, allow: Allowance = {}) {
    const after = await this.state();
    const changes = changesBetween(before, after);
    // A challenge counts once: the answer naming it uses it up, whatever the rest of the answer says.
    if (
      allow.challenge !== undefined &&
      toJson(changes["passkey_challenges"]) === toJson({ removed: [allow.challenge] })
    )
      delete changes["passkey_challenges"];
    if (allow.failedSignIn && changes["audit_events"]) {
      expect(actionsAdded(before, after), `${what}: audit trail`).toEqual([allow.failedSignIn]);
      expect(changes["audit_events"], `${what}: audit trail`).toEqual({ added: [expect.any(String)] });
      delete changes["audit_events"];
    }
    expect(changes, `${what}: stored state changed`).toEqual({});
  }
}

/** A body as the admin sends it: JSON of `value`. */
export const jsonBody = (value: unknown): HostileBody => ({ kind: "fields", body: toJson(value) });

/** The fields of a JSON body a case sent, or undefined when it sent no JSON object. */
export function sentFields(sent: HostileBody): Record<string, unknown> | undefined {
  if (sent.kind !== "fields") return undefined;
  const value: unknown = JSON.parse(sent.body);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The stored (hashed) id of the session a cookie holds. */
export const storedSession = (cookie: string) => sessionId(cookie.slice("session=".length));

/** The actions the audit trail recorded between two states. */
export const actionsAdded = (before: StoredState, after: StoredState) =>
  addedRows(before, after, "audit_events").map((row) => row["action"]);

/** The session cookies an answer sets. */
export const sessionSet = (answer: { headers: Headers }) =>
  answer.headers.getSetCookie().filter((cookie) => /^session=[^;]/.test(cookie));

/** The stored sessions of `userId` in `state` but the one `cookie` holds (those "end your other sessions" ends). */
export const otherSessions = (state: StoredState, userId: number, cookie: string) =>
  state.tables["sessions"]!.filter(
    (row) => Number(row["user_id"]) === userId && row["id"] !== storedSession(cookie),
  ).map((row) => String(row["id"]));
