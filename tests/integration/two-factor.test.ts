// Two-factor sign-in with an authenticator app (issue 28 item 3): enrolment, sign-in with a code
// or a recovery code and no session before it, replays refused, throttling, turning it off with
// the password, the per-role requirement and `npm run admin -- reset-2fa`. The codes are computed
// here as an app would (otpauth), the clock moved with fake Dates. SQLite here, PostgreSQL in
// ./postgres/two-factor.pg.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditPage } from "#content/audit.ts";
import { RECONFIRM_ERROR } from "#content/sessions.ts";
import { SETUP_REQUIRED } from "#content/two-factor.ts";
import { runAdminCli } from "#server/cli/admin.ts";
import { totpCode } from "#server/auth/two-factor/totp.ts";
import { signIn, TEST_ADMIN } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { tableRows } from "../helpers/table-rows.ts";

let server: TestServer | undefined;
beforeEach(() => {
  // Only Date: the server's timers (and the test's) run as usual.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T09:00:00Z") });
});
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

const PASSWORD = "a long enough password";
const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server!.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server!.url, ...headers },
    body: JSON.stringify(body),
  });

/** The password step: its answer, and the pending proof's cookie (no session). */
async function passwordStep(credentials = TEST_ADMIN) {
  const response = await post("/api/auth/login", credentials);
  const cookies = response.headers.getSetCookie();
  return {
    response,
    body: (await response.json()) as Record<string, unknown>,
    cookies,
    pending: cookies.find((c) => c.startsWith("sign_in_pending="))?.split(";")[0] ?? "",
  };
}

/** The code step with `pending`: its answer and the session cookie it set, if any. */
async function codeStep(pending: string, code: string) {
  const response = await post("/api/auth/login/totp", { code }, { Cookie: pending });
  const session = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))
    ?.split(";")[0];
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, session };
}

/** Turns two-factor on for the signed-in account `as`: the secret and the recovery codes. */
async function enrol(as: ReturnType<typeof adminFetch>) {
  const started = await as("/api/auth/totp", { method: "POST" });
  expect(started.status).toBe(200);
  const { secret, uri } = (await started.json()) as { secret: string; uri: string };
  expect(uri).toContain(`secret=${secret}`);
  const confirmed = await as("/api/auth/totp/confirm", {
    method: "POST",
    body: JSON.stringify({ code: totpCode(secret) }),
  });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

async function siteWithAdmin() {
  server = await startTestServer();
  return adminFetch(server, await signIn(server.url));
}

describe("enrolment", () => {
  it("shows a secret, turns on with a code from it, gives 10 recovery codes stored hashed, secret encrypted", async () => {
    const admin = await siteWithAdmin();
    expect(await (await admin("/api/auth/totp")).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const { secret, recoveryCodes } = await enrol(admin);
    expect(recoveryCodes).toHaveLength(10);
    const status = await (await admin("/api/auth/totp")).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, enabledAt: "2026-03-02T09:00:00.000Z" });

    const [user] = await tableRows(server!.dataDir, "users");
    expect(String(user!["totp_secret"])).toMatch(/^v1:/);
    expect(JSON.stringify(user)).not.toContain(secret);
    expect(user!["totp_pending_secret"]).toBeNull();
    const codes = await tableRows(server!.dataDir, "two_factor_recovery_codes");
    expect(codes).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(codes)).not.toContain(code.replaceAll("-", ""));

    // The secret is never sent again: a new enrolment is refused while it is on.
    const again = await admin("/api/auth/totp", { method: "POST" });
    expect(again.status).toBe(409);
  });

  it("a wrong code, bad input or no enrolment under way changes nothing", async () => {
    const admin = await siteWithAdmin();
    const noneYet = await admin("/api/auth/totp/confirm", { method: "POST", body: JSON.stringify({ code: "123456" }) });
    expect(noneYet.status).toBe(409);
    const { secret } = (await (await admin("/api/auth/totp", { method: "POST" })).json()) as { secret: string };
    const before = await tableRows(server!.dataDir, "users");
    const wrongCode = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, "0");
    for (const [body, status, error] of [
      [{ code: wrongCode }, 400, /not right/],
      [{ code: totpCode(secret, Date.now() - 120_000) }, 400, /not right/],
      [{}, 400, /code/],
      [{ code: "1".repeat(65) }, 400, /too long/],
      [{ code: totpCode(secret), extra: 1 }, 400, /extra/i],
    ] as const) {
      const response = await admin("/api/auth/totp/confirm", { method: "POST", body: JSON.stringify(body) });
      expect(response.status).toBe(status);
      expect((await response.json()).error).toMatch(error);
    }
    const notJson = await admin("/api/auth/totp/confirm", {
      method: "POST",
      body: "code=1",
      headers: { "Content-Type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
    expect(await tableRows(server!.dataDir, "users")).toEqual(before);
    expect(await tableRows(server!.dataDir, "two_factor_recovery_codes")).toEqual([]);
  });

  it("turning it on, and off, ends the account's other sessions, not this one", async () => {
    const admin = await siteWithAdmin();
    const other = adminFetch(server!, await signIn(server!.url));
    expect((await other("/api/auth/me")).status).toBe(200);
    const { secret } = await enrol(admin);
    expect((await other("/api/auth/me")).status).toBe(401);
    expect((await admin("/api/auth/me")).status).toBe(200);

    later(30);
    const { pending } = await passwordStep();
    const { session } = await codeStep(pending, totpCode(secret));
    const third = adminFetch(server!, session!);
    expect((await third("/api/auth/me")).status).toBe(200);
    const off = await admin("/api/auth/totp", {
      method: "DELETE",
      body: JSON.stringify({ password: TEST_ADMIN.password }),
    });
    expect(off.status).toBe(200);
    expect((await third("/api/auth/me")).status).toBe(401);
    expect((await admin("/api/auth/me")).status).toBe(200);
  });
});

describe("signing in with two-factor on", () => {
  it("the password alone starts no session; the code does; the same code never works twice", async () => {
    const admin = await siteWithAdmin();
    const { secret } = await enrol(admin);
    const confirmCode = totpCode(secret);

    const first = await passwordStep();
    expect(first.response.status).toBe(200);
    expect(first.body).toEqual({ secondFactor: "totp" });
    expect(first.cookies.some((c) => c.startsWith("session="))).toBe(false);
    const proof = first.cookies.find((c) => c.startsWith("sign_in_pending="))!;
    expect(proof).toMatch(/HttpOnly/i);
    expect(proof).toMatch(/SameSite=Lax/i);
    expect(proof).toMatch(/Path=\/api\/auth\/login/);
    // The proof is no session: nothing behind sign-in opens with it.
    expect((await fetch(`${server!.url}/api/auth/me`, { headers: { Cookie: first.pending } })).status).toBe(401);
    const sessionsBefore = (await tableRows(server!.dataDir, "sessions")).length;

    // The code that turned it on was seen: refused (a replay), as is a wrong one.
    expect(await codeStep(first.pending, confirmCode)).toMatchObject({ status: 401, session: undefined });
    expect((await tableRows(server!.dataDir, "sessions")).length).toBe(sessionsBefore);

    later(30);
    const next = totpCode(secret);
    const signedIn = await codeStep(first.pending, next);
    expect(signedIn).toMatchObject({ status: 200, body: { user: { email: TEST_ADMIN.email } } });
    expect((await adminFetch(server!, signedIn.session!)("/api/auth/me")).status).toBe(200);

    // The same code again, even after a new password step and within its window: refused.
    const second = await passwordStep();
    expect(await codeStep(second.pending, next)).toMatchObject({
      status: 401,
      body: { error: "That code is not right. Please try again." },
      session: undefined,
    });
  });

  it("no proof, an expired one, a forged one or one from before a password change: 401", async () => {
    const admin = await siteWithAdmin();
    const { secret } = await enrol(admin);
    later(30);
    expect(await codeStep("", totpCode(secret))).toMatchObject({ status: 401 });
    const { pending } = await passwordStep();
    const [name, value] = pending.split("=") as [string, string];
    const [id, expires, signature] = value.split(".");
    expect(await codeStep(`${name}=${id}.${Number(expires) + 60_000}.${signature}`, totpCode(secret))).toMatchObject({
      status: 401,
      body: { error: "Your sign-in has expired. Please enter your email and password again." },
    });
    later(5 * 60 + 1);
    expect(await codeStep(pending, totpCode(secret))).toMatchObject({ status: 401 });

    const fresh = await passwordStep();
    const changed = await admin("/api/accounts/password", {
      method: "POST",
      body: JSON.stringify({ currentPassword: TEST_ADMIN.password, newPassword: PASSWORD }),
    });
    expect(changed.status).toBe(200);
    later(30);
    expect(await codeStep(fresh.pending, totpCode(secret))).toMatchObject({ status: 401, session: undefined });
  });

  it("a recovery code signs in once, typed in any case with or without dashes", async () => {
    const admin = await siteWithAdmin();
    const { recoveryCodes } = await enrol(admin);
    const code = recoveryCodes[3]!;
    const { pending } = await passwordStep();
    const typed = code.toUpperCase().replaceAll("-", " ");
    expect(await codeStep(pending, typed)).toMatchObject({ status: 200 });
    expect(await codeStep(pending, code)).toMatchObject({ status: 401, session: undefined });
    expect(await (await admin("/api/auth/totp")).json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it("wrong codes are throttled like passwords: 10 per account, then 429 even for the right code", async () => {
    const admin = await siteWithAdmin();
    const { secret } = await enrol(admin);
    later(30);
    const { pending } = await passwordStep();
    const right = totpCode(secret);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 10; i++) expect((await codeStep(pending, i % 2 ? wrong : "no-such-recovery")).status).toBe(401);
    const response = await post("/api/auth/login/totp", { code: right }, { Cookie: pending });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await response.json()).error).toMatch(/Too many sign-in attempts/);
    later(15 * 60);
    expect((await codeStep(pending, totpCode(secret))).status).toBe(401); // the proof expired meanwhile
    const again = await passwordStep();
    expect((await codeStep(again.pending, totpCode(secret))).status).toBe(200);
  });

  it("each wrong code is in the audit trail naming the account; the right one is the sign-in", async () => {
    const admin = await siteWithAdmin();
    const { secret } = await enrol(admin);
    later(30);
    const codeEvents = async () =>
      ((await (await admin("/api/audit?action=sign-in.code-failed")).json()) as AuditPage).events;
    const { pending } = await passwordStep();
    const right = totpCode(secret);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, "0");
    for (const code of [wrong, wrong, "abcd-efgh-ijkl", wrong])
      expect((await codeStep(pending, code)).status).toBe(401);
    const failed = await codeEvents();
    expect(failed.map((event) => [event.actor, event.detail])).toEqual(
      ["authenticator app", "recovery code", "authenticator app", "authenticator app"].map((code) => [
        { id: 1, email: TEST_ADMIN.email },
        { code },
      ]),
    );
    // Filtered by the account's email, as the Audit page does.
    const byAccount = (await (
      await admin(`/api/audit?actor=${encodeURIComponent(TEST_ADMIN.email)}&action=sign-in.code-failed`)
    ).json()) as AuditPage;
    expect(byAccount.total).toBe(4);

    expect((await codeStep(pending, right)).status).toBe(200);
    const [latest] = ((await (await admin("/api/audit")).json()) as AuditPage).events;
    expect(latest).toMatchObject({ action: "sign-in", actor: { id: 1, email: TEST_ADMIN.email } });
    expect(await codeEvents()).toHaveLength(4);
  });

  it("the wrong code that locks the code step says so; the refusals while it is locked are not recorded", async () => {
    const admin = await siteWithAdmin();
    const { secret } = await enrol(admin);
    later(30);
    const { pending } = await passwordStep();
    const wrong = String((Number(totpCode(secret)) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 10; i++) expect((await codeStep(pending, wrong)).status).toBe(401);
    for (let i = 0; i < 30; i++) expect((await codeStep(pending, wrong)).status).toBe(429);
    const { events, total } = (await (await admin("/api/audit?action=sign-in.code-failed")).json()) as AuditPage;
    expect(total).toBe(10);
    expect(events[0]!.detail).toEqual({ code: "authenticator app", lockedMinutes: 15 });
    expect(events.slice(1).map((event) => event.detail)).toEqual(Array(9).fill({ code: "authenticator app" }));
  });

  it("turning it off asks for the password; a wrong one changes nothing; then the password alone signs in", async () => {
    const admin = await siteWithAdmin();
    await enrol(admin);
    const before = await tableRows(server!.dataDir, "users");
    for (const [body, status] of [
      [{ password: "not the password" }, 400],
      [{}, 400],
      [{ password: "" }, 400],
    ] as const) {
      const response = await admin("/api/auth/totp", { method: "DELETE", body: JSON.stringify(body) });
      expect(response.status).toBe(status);
    }
    expect(await tableRows(server!.dataDir, "users")).toEqual(before);
    expect(await tableRows(server!.dataDir, "two_factor_recovery_codes")).toHaveLength(10);
    const off = await admin("/api/auth/totp", {
      method: "DELETE",
      body: JSON.stringify({ password: TEST_ADMIN.password }),
    });
    expect(off.status).toBe(200);
    expect(await tableRows(server!.dataDir, "two_factor_recovery_codes")).toEqual([]);
    const { body, cookies } = await passwordStep();
    expect(body).toEqual({ user: { email: TEST_ADMIN.email } });
    expect(cookies.some((c) => c.startsWith("session="))).toBe(true);
    const twice = await admin("/api/auth/totp", {
      method: "DELETE",
      body: JSON.stringify({ password: TEST_ADMIN.password }),
    });
    expect(twice.status).toBe(409);
  });
});

describe("requiring two-factor sign-in per role", () => {
  it("an Administrator sets it; others may not; bad input changes nothing", async () => {
    const admin = await siteWithAdmin();
    expect(await (await admin("/api/auth/two-factor-policy")).json()).toEqual({
      required: { administrator: false, editor: false, writer: false },
    });
    for (const body of [
      {},
      { required: { administrator: true } },
      { required: { administrator: "yes", editor: false, writer: false } },
    ]) {
      const response = await admin("/api/auth/two-factor-policy", { method: "PUT", body: JSON.stringify(body) });
      expect(response.status).toBe(400);
    }
    expect(await tableRows(server!.dataDir, "two_factor_policy")).toEqual([]);
    await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "editor@example.lk", password: PASSWORD, role: "editor" }),
    });
    const editor = adminFetch(server!, await signIn(server!.url, { email: "editor@example.lk", password: PASSWORD }));
    const refused = await editor("/api/auth/two-factor-policy", {
      method: "PUT",
      body: JSON.stringify({ required: { administrator: false, editor: false, writer: false } }),
    });
    expect(refused.status).toBe(403);
  });

  it("a required account without it signs in, but may only set it up; then the same session goes on", async () => {
    const admin = await siteWithAdmin();
    await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "editor@example.lk", password: PASSWORD, role: "editor" }),
    });
    const set = await admin("/api/auth/two-factor-policy", {
      method: "PUT",
      body: JSON.stringify({ required: { administrator: false, editor: true, writer: true } }),
    });
    expect(await set.json()).toEqual({ required: { administrator: false, editor: true, writer: true } });
    // The Administrator's role is not required: they go on as before.
    expect((await admin("/api/messages")).status).toBe(200);

    const editor = adminFetch(server!, await signIn(server!.url, { email: "editor@example.lk", password: PASSWORD }));
    expect(await (await editor("/api/auth/me")).json()).toMatchObject({ user: { role: "editor" } });
    expect(await (await editor("/api/auth/totp")).json()).toMatchObject({ enabled: false, required: true });
    for (const [path, init] of [
      ["/api/messages", {}],
      ["/api/posts", {}],
      [
        "/api/accounts/password",
        { method: "POST", body: JSON.stringify({ currentPassword: PASSWORD, newPassword: "another password" }) },
      ],
    ] as const) {
      const response = await editor(path, init);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: SETUP_REQUIRED, twoFactorSetup: true });
    }
    // What visitors may read, it reads as a visitor.
    expect((await editor("/api/content/home")).status).toBe(200);

    await enrol(editor);
    expect((await editor("/api/messages")).status).toBe(200);
    expect((await editor("/api/posts")).status).toBe(200);
  });

  it("a required account whose password was given over ten minutes ago confirms it again, then sets it up", async () => {
    const admin = await siteWithAdmin();
    await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "editor@example.lk", password: PASSWORD, role: "editor" }),
    });
    await admin("/api/auth/two-factor-policy", {
      method: "PUT",
      body: JSON.stringify({ required: { administrator: false, editor: true, writer: false } }),
    });
    const editor = adminFetch(server!, await signIn(server!.url, { email: "editor@example.lk", password: PASSWORD }));
    // Back at the dialog the next day, say: setting up a key asks for the password first (#content/roles.ts RECONFIRM).
    later(11 * 60);
    for (const path of ["/api/auth/totp", "/api/auth/passkeys/options"]) {
      const refused = await editor(path, { method: "POST" });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: RECONFIRM_ERROR, reconfirm: true });
    }
    const usersBefore = await tableRows(server!.dataDir, "users");
    const wrong = await editor("/api/auth/confirm", { method: "POST", body: JSON.stringify({ password: "not it" }) });
    expect(wrong.status).toBe(401);
    expect(await tableRows(server!.dataDir, "users")).toEqual(usersBefore);
    expect((await editor("/api/auth/totp", { method: "POST" })).status).toBe(403);

    const confirmed = await editor("/api/auth/confirm", {
      method: "POST",
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(confirmed.status).toBe(200);
    // Confirming the password is all it unlocks: the rest still waits for two-factor.
    expect(await (await editor("/api/messages")).json()).toEqual({ error: SETUP_REQUIRED, twoFactorSetup: true });
    await enrol(editor);
    expect((await editor("/api/messages")).status).toBe(200);
  });
});

describe("npm run admin -- reset-2fa", () => {
  it("turns two-factor off for a locked-out account and signs it out; refuses a bad or unknown email", async () => {
    const admin = await siteWithAdmin();
    await enrol(admin);
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
    expect(await runAdminCli(["reset-2fa", "not-an-email"], { DATA_DIR: server!.dataDir }, io)).toBe(1);
    expect(await runAdminCli(["reset-2fa", "nobody@example.lk"], { DATA_DIR: server!.dataDir }, io)).toBe(1);
    expect(err).toEqual(['"not-an-email" is not a valid email address.', "There is no account nobody@example.lk."]);
    expect(await tableRows(server!.dataDir, "two_factor_recovery_codes")).toHaveLength(10);

    expect(await runAdminCli(["reset-2fa", TEST_ADMIN.email.toUpperCase()], { DATA_DIR: server!.dataDir }, io)).toBe(0);
    expect(out.at(-1)).toMatch(/^Turned off two-factor sign-in for owner@example\.lk and signed them out everywhere/);
    expect((await admin("/api/auth/me")).status).toBe(401);
    expect((await passwordStep()).body).toEqual({ user: { email: TEST_ADMIN.email } });
    expect(await runAdminCli(["reset-2fa", TEST_ADMIN.email], { DATA_DIR: server!.dataDir }, io)).toBe(0);
    expect(out.at(-1)).toBe("owner@example.lk does not use two-factor sign-in: nothing to reset.");
  });
});
