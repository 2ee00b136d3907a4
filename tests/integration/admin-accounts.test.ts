import { afterEach, describe, expect, it } from "vitest";
import { runAdminCli } from "#server/cli/admin.ts";
import { signIn, TEST_ADMIN } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SECOND = { email: "partner@example.lk", password: "second admin pass" };
const me = (cookie: string) => fetch(`${server!.url}/api/auth/me`, { headers: { Cookie: cookie } });
const userRows = () => server!.deps.store.backup.dump().then((d) => d.tables["users"]);

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe("admin accounts API", () => {
  it("adds an administrator who can sign in; refuses a duplicate or a short password", async () => {
    server = await startTestServer();
    const api = adminFetch(server, await signIn(server.url));
    const created = await api("/api/accounts", { method: "POST", body: JSON.stringify(SECOND) });
    expect(created.status).toBe(201);
    expect((await created.json()).account).toMatchObject({ email: SECOND.email, current: false });
    await signIn(server.url, SECOND);

    const before = await userRows();
    const duplicate = await api("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ ...SECOND, email: "Partner@Example.lk" }),
    });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error).toBe("An administrator with this email already exists.");
    const short = await api("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "x@example.lk", password: "short" }),
    });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe("password: Use at least 8 characters.");
    const absurd = await api("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "not an email", password: "x".repeat(5000) }),
    });
    expect(absurd.status).toBe(400);
    const extra = await api("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ ...SECOND, email: "y@example.lk", admin: true }),
    });
    expect(extra.status).toBe(400);
    expect(await userRows()).toEqual(before);

    const list = await (await api("/api/accounts")).json();
    expect(list.accounts.map((a: { email: string; current: boolean }) => [a.email, a.current])).toEqual([
      [TEST_ADMIN.email, true],
      [SECOND.email, false],
    ]);
  });

  it("removing an administrator ends their session at once; the last one stays", async () => {
    server = await startTestServer();
    const ownerCookie = await signIn(server.url);
    const api = adminFetch(server, ownerCookie);
    const { account } = await (await api("/api/accounts", { method: "POST", body: JSON.stringify(SECOND) })).json();
    const partnerCookie = await signIn(server.url, SECOND);
    expect((await me(partnerCookie)).status).toBe(200);

    const removed = await api(`/api/accounts/${account.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await me(partnerCookie)).status).toBe(401);
    const partnerApi = adminFetch(server, partnerCookie);
    expect((await partnerApi("/api/messages")).status).toBe(401);

    const first = (await (await api("/api/accounts")).json()).accounts[0];
    const before = await userRows();
    const last = await api(`/api/accounts/${first.id}`, { method: "DELETE" });
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual({ error: "You cannot remove the last administrator. Add another one first." });
    expect((await me(ownerCookie)).status).toBe(200);
    expect((await api("/api/accounts/4242", { method: "DELETE" })).status).toBe(404);
    expect(
      (await api(`/api/accounts/${first.id}`, { method: "DELETE", headers: { Origin: "https://evil.example" } }))
        .status,
    ).toBe(403);
    expect((await fetch(`${server.url}/api/accounts/${first.id}`, { method: "DELETE" })).status).toBe(401);
    expect(await userRows()).toEqual(before);
  });

  it("changing the password needs the current one and signs out every other session", async () => {
    server = await startTestServer();
    const here = await signIn(server.url);
    const elsewhere = await signIn(server.url);
    const api = adminFetch(server, here);

    const before = await userRows();
    const wrong = await api("/api/accounts/password", {
      method: "POST",
      body: JSON.stringify({ currentPassword: "not my password", newPassword: "a brand new password" }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "Your current password is not correct." });
    const missing = await api("/api/accounts/password", {
      method: "POST",
      body: JSON.stringify({ newPassword: "a brand new password" }),
    });
    expect(missing.status).toBe(400);
    const short = await api("/api/accounts/password", {
      method: "POST",
      body: JSON.stringify({ currentPassword: TEST_ADMIN.password, newPassword: "short" }),
    });
    expect(short.status).toBe(400);
    expect(await userRows()).toEqual(before);
    expect((await me(elsewhere)).status).toBe(200);

    const changed = await api("/api/accounts/password", {
      method: "POST",
      body: JSON.stringify({ currentPassword: TEST_ADMIN.password, newPassword: "a brand new password" }),
    });
    expect(changed.status).toBe(200);
    expect((await me(here)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
    await expect(signIn(server.url)).rejects.toThrow(/401/);
    await signIn(server.url, { email: TEST_ADMIN.email, password: "a brand new password" });
  });
});

describe("npm run admin", () => {
  it("creates, lists and resets passwords in DATA_DIR, ending sessions of the running server", async () => {
    server = await startTestServer();
    const env = { DATA_DIR: server.dataDir };

    const create = captureIo();
    expect(await runAdminCli(["create", SECOND.email, SECOND.password], env, create.io)).toBe(0);
    expect(create.out).toEqual([`Created administrator ${SECOND.email}.`]);
    const partnerCookie = await signIn(server.url, SECOND);

    const again = captureIo();
    expect(await runAdminCli(["create", SECOND.email, "whatever123"], env, again.io)).toBe(1);
    expect(again.err[0]).toMatch(/already exists/);

    const list = captureIo();
    expect(await runAdminCli(["list"], env, list.io)).toBe(0);
    expect(list.out.map((l) => l.split("\t")[0])).toEqual([TEST_ADMIN.email, SECOND.email]);

    const reset = captureIo();
    expect(await runAdminCli(["reset-password", SECOND.email, "locked out no more"], env, reset.io)).toBe(0);
    expect(reset.out).toEqual([`Changed the password of ${SECOND.email} and signed them out everywhere.`]);
    expect((await me(partnerCookie)).status).toBe(401);
    await signIn(server.url, { email: SECOND.email, password: "locked out no more" });

    const before = await userRows();
    const bad = captureIo();
    expect(await runAdminCli(["reset-password", "nobody@example.lk", "whatever123"], env, bad.io)).toBe(1);
    expect(bad.err[0]).toBe("There is no administrator nobody@example.lk. Use create to add one.");
    expect(await runAdminCli(["create", "not-an-email", "whatever123"], env, bad.io)).toBe(1);
    expect(await runAdminCli(["create", "new@example.lk", "short"], env, bad.io)).toBe(1);
    expect(await runAdminCli(["destroy"], env, bad.io)).toBe(2);
    expect(bad.err.slice(1, 3)).toEqual([
      '"not-an-email" is not a valid email address.',
      "The password is too short: Use at least 8 characters.",
    ]);
    expect(await userRows()).toEqual(before);
  });
});
