// Passkeys (issue 28 item 4): registration and sign-in through the real server, checked by
// @simplewebauthn/server against a software authenticator (../helpers/software-authenticator.ts)
// that signs what a browser and authenticator would; wrong origin, wrong or replayed challenge,
// counter regression, someone else's passkey, bad input; the two-factor policy. SQLite here,
// PostgreSQL in ./postgres/passkeys.pg.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { signIn, TEST_ADMIN } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { SoftwareAuthenticator } from "../helpers/software-authenticator.ts";
import { tableRows } from "../helpers/table-rows.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const CHROME_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const PASSWORD = "a long enough password";

type Fetcher = ReturnType<typeof adminFetch>;
const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
const rpId = () => new URL(server!.url).hostname;
const passkeyRows = () => tableRows(server!.dataDir, "passkeys");

async function siteWithAdmin() {
  server = await startTestServer();
  return adminFetch(server, await signIn(server.url));
}

/** Registration options for the account `as` (the challenge and what the browser is told). */
async function registrationOptions(as: Fetcher) {
  const response = await as("/api/auth/passkeys/options", { method: "POST" });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    challenge: string;
    rp: { id: string; name: string };
    user: { id: string; name: string };
    excludeCredentials: { id: string }[];
    authenticatorSelection: { residentKey: string; userVerification: string };
  };
}

/** Adds a passkey made by `authenticator` to the account `as`; the answer. */
async function addPasskey(
  as: Fetcher,
  authenticator: SoftwareAuthenticator,
  body: { name?: string } = {},
  wrong: { origin?: string; challenge?: string } = {},
) {
  const options = await registrationOptions(as);
  const response = authenticator.register({
    origin: wrong.origin ?? server!.url,
    rpId: options.rp.id,
    challenge: wrong.challenge ?? options.challenge,
    userHandle: options.user.id,
  });
  return as("/api/auth/passkeys", {
    method: "POST",
    body: JSON.stringify({ response, ...body }),
    headers: { "User-Agent": CHROME_ON_LINUX },
  });
}

const visitorPost = (path: string, body?: unknown) =>
  fetch(`${server!.url}${path}`, {
    method: "POST",
    headers: { Origin: server!.url, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function loginOptions() {
  const response = await visitorPost("/api/auth/passkey-login/options");
  expect(response.status).toBe(200);
  return (await response.json()) as {
    challenge: string;
    rpId: string;
    userVerification: string;
    allowCredentials?: unknown[];
  };
}

/** Signs in with `authenticator`'s passkey: the status, the answer and the session cookie, if any. */
async function passkeySignIn(
  authenticator: SoftwareAuthenticator,
  wrong: { origin?: string; challenge?: string; counter?: number; rpId?: string } = {},
) {
  const options = await loginOptions();
  const response = authenticator.authenticate({
    origin: wrong.origin ?? server!.url,
    rpId: wrong.rpId ?? options.rpId,
    challenge: wrong.challenge ?? options.challenge,
    ...(wrong.counter !== undefined && { counter: wrong.counter }),
  });
  return sendAssertion(response);
}

async function sendAssertion(response: unknown) {
  const answer = await visitorPost("/api/auth/passkey-login", { response });
  const session = answer.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))
    ?.split(";")[0];
  return { status: answer.status, body: await json(answer), session };
}

const me = async (cookie: string) =>
  (await fetch(`${server!.url}/api/auth/me`, { headers: { Cookie: cookie } })).status;

describe("adding a passkey", () => {
  it("gives options for this site and account, stores the verified passkey named from the browser", async () => {
    const admin = await siteWithAdmin();
    const options = await registrationOptions(admin);
    expect(options.rp).toEqual({ id: rpId(), name: expect.any(String) });
    expect(options.user.name).toBe(TEST_ADMIN.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "preferred" });

    const authenticator = new SoftwareAuthenticator();
    const added = await addPasskey(admin, authenticator);
    expect(added.status).toBe(201);
    expect(await json(added)).toEqual({
      passkey: { id: authenticator.id, name: "Chrome on Linux", createdAt: expect.any(String), lastUsedAt: null },
    });
    const [row] = await passkeyRows();
    expect(row).toMatchObject({ id: authenticator.id, counter: expect.anything(), transports: '["internal"]' });
    expect(Number(row!.counter)).toBe(0);
    expect(typeof row!.public_key).toBe("string");

    const list = await json(await admin("/api/auth/passkeys"));
    expect(list).toEqual({ passkeys: [expect.objectContaining({ id: authenticator.id, name: "Chrome on Linux" })] });
    // The same authenticator is not offered again.
    expect((await registrationOptions(admin)).excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.id }),
    ]);
  });

  it("takes a given name, and ends the account's other sessions (not this one)", async () => {
    const admin = await siteWithAdmin();
    const other = await signIn(server!.url);
    expect(await me(other)).toBe(200);
    const added = await addPasskey(admin, new SoftwareAuthenticator(), { name: "  Office laptop " });
    expect(added.status).toBe(201);
    expect(((await json(added)).passkey as { name: string }).name).toBe("Office laptop");
    expect(await me(other)).toBe(401);
    expect((await admin("/api/auth/me")).status).toBe(200);
  });

  it("refuses an answer from another origin, for another challenge, or a challenge used already", async () => {
    const admin = await siteWithAdmin();
    const wrongOrigin = await addPasskey(admin, new SoftwareAuthenticator(), {}, { origin: "https://evil.example" });
    expect(wrongOrigin.status).toBe(400);
    expect(await json(wrongOrigin)).toEqual({ error: "The passkey could not be checked. Please try again." });
    const wrongChallenge = await addPasskey(admin, new SoftwareAuthenticator(), {}, { challenge: "bm90LWdpdmVu" });
    expect(wrongChallenge.status).toBe(400);

    // One challenge, two answers: the second is refused.
    const options = await registrationOptions(admin);
    const send = (authenticator: SoftwareAuthenticator) =>
      admin("/api/auth/passkeys", {
        method: "POST",
        body: JSON.stringify({
          response: authenticator.register({ origin: server!.url, rpId: rpId(), challenge: options.challenge }),
        }),
      });
    expect((await send(new SoftwareAuthenticator())).status).toBe(201);
    expect((await send(new SoftwareAuthenticator())).status).toBe(400);
    expect(await passkeyRows()).toHaveLength(1);
  });

  it("refuses another account's challenge and a passkey that did not verify its user", async () => {
    const admin = await siteWithAdmin();
    await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "writer@example.lk", password: PASSWORD, role: "writer" }),
    });
    const writer = adminFetch(server!, await signIn(server!.url, { email: "writer@example.lk", password: PASSWORD }));
    const adminsOptions = await registrationOptions(admin);
    const stolen = await writer("/api/auth/passkeys", {
      method: "POST",
      body: JSON.stringify({
        response: new SoftwareAuthenticator().register({
          origin: server!.url,
          rpId: rpId(),
          challenge: adminsOptions.challenge,
        }),
      }),
    });
    expect(stolen.status).toBe(400);

    const options = await registrationOptions(admin);
    const unverified = await admin("/api/auth/passkeys", {
      method: "POST",
      body: JSON.stringify({
        response: new SoftwareAuthenticator().register({
          origin: server!.url,
          rpId: rpId(),
          challenge: options.challenge,
          userVerified: false,
        }),
      }),
    });
    expect(unverified.status).toBe(400);
    expect(await passkeyRows()).toEqual([]);
  });

  it("refuses bad input clearly and stores nothing", async () => {
    const admin = await siteWithAdmin();
    const authenticator = new SoftwareAuthenticator();
    const options = await registrationOptions(admin);
    const response = authenticator.register({ origin: server!.url, rpId: rpId(), challenge: options.challenge });
    const cases: [unknown, RegExp][] = [
      [{}, /response/],
      [{ response: "yes" }, /response/],
      [{ response: { ...response, id: "not base64url!" } }, /id/],
      [{ response, name: "x".repeat(61) }, /60 characters/],
      [{ response, name: "   " }, /name/],
      [{ response, name: "tab\there" }, /letters/],
      [{ response, extra: 1 }, /Unknown field/],
    ];
    for (const [body, error] of cases) {
      const refused = await admin("/api/auth/passkeys", { method: "POST", body: JSON.stringify(body) });
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(String((await json(refused)).error)).toMatch(error);
    }
    expect(await passkeyRows()).toEqual([]);
    // The challenge was not used up by those: the good answer still works.
    const good = await admin("/api/auth/passkeys", { method: "POST", body: JSON.stringify({ response }) });
    expect(good.status).toBe(201);
  });

  it("is for signed-in accounts only", async () => {
    server = await startTestServer();
    for (const [method, path] of [
      ["GET", "/api/auth/passkeys"],
      ["POST", "/api/auth/passkeys/options"],
      ["POST", "/api/auth/passkeys"],
      ["PUT", "/api/auth/passkeys/abc"],
      ["DELETE", "/api/auth/passkeys/abc"],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { Origin: server.url, "Content-Type": "application/json" },
        ...(method === "GET" ? {} : { body: JSON.stringify({ name: "x" }) }),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe("signing in with a passkey", () => {
  it("gives discoverable options and signs in with no password or code, noting the use", async () => {
    const admin = await siteWithAdmin();
    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskey(admin, authenticator)).status).toBe(201);

    const options = await loginOptions();
    expect(options.rpId).toBe(rpId());
    expect(options.userVerification).toBe("preferred");
    expect(options.allowCredentials ?? []).toEqual([]);

    const signedIn = await passkeySignIn(authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ user: { email: TEST_ADMIN.email } });
    expect(await me(signedIn.session!)).toBe(200);
    const [row] = await passkeyRows();
    expect(Number(row!.counter)).toBe(1);
    expect(row!.last_used_at).toEqual(expect.any(String));
  });

  it("refuses another origin, another rpId, another challenge and a replayed answer, with no session", async () => {
    const admin = await siteWithAdmin();
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(admin, authenticator);
    for (const wrong of [
      { origin: "https://evil.example" },
      { rpId: "evil.example" },
      { challenge: "c29tZS1vdGhlci1jaGFsbGVuZ2U" },
    ]) {
      const refused = await passkeySignIn(authenticator, wrong);
      expect(refused.status, JSON.stringify(wrong)).toBe(401);
      expect(refused.session).toBeUndefined();
    }
    const options = await loginOptions();
    const answer = authenticator.authenticate({ origin: server!.url, rpId: rpId(), challenge: options.challenge });
    expect((await sendAssertion(answer)).status).toBe(200);
    const replay = await sendAssertion(answer);
    expect(replay.status).toBe(401);
    expect(replay.session).toBeUndefined();
  });

  it("refuses a counter that went backwards (a cloned authenticator)", async () => {
    const admin = await siteWithAdmin();
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(admin, authenticator);
    expect((await passkeySignIn(authenticator, { counter: 5 })).status).toBe(200);
    const cloned = await passkeySignIn(authenticator, { counter: 5 });
    expect(cloned.status).toBe(401);
    expect((await passkeySignIn(authenticator, { counter: 3 })).status).toBe(401);
    expect(Number((await passkeyRows())[0]!.counter)).toBe(5);
    expect((await passkeySignIn(authenticator, { counter: 6 })).status).toBe(200);
  });

  it("refuses a passkey it does not know, bad input, and throttles per address", async () => {
    server = await startTestServer();
    const unknown = await passkeySignIn(new SoftwareAuthenticator());
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toMatch(/not known here/);
    for (const body of [{}, { response: null }, { response: { id: "x" } }]) {
      expect((await visitorPost("/api/auth/passkey-login", body)).status).toBe(400);
    }
    // 50 failures per address in 15 minutes (the sign-in's limit), then a wait.
    const stranger = new SoftwareAuthenticator();
    const { challenge } = await loginOptions();
    const answer = stranger.authenticate({ origin: server.url, rpId: rpId(), challenge });
    for (let i = 1; i < 50; i++) await sendAssertion(answer);
    const limited = await sendAssertion(answer);
    expect(limited.status).toBe(429);
    expect((await visitorPost("/api/auth/passkey-login/options")).status).toBe(429);
  });
});

describe("the account's passkeys", () => {
  it("renames and removes its own; another account's is not found and stays", async () => {
    const admin = await siteWithAdmin();
    const mine = new SoftwareAuthenticator();
    await addPasskey(admin, mine);
    await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "editor@example.lk", password: PASSWORD, role: "editor" }),
    });
    const editor = adminFetch(server!, await signIn(server!.url, { email: "editor@example.lk", password: PASSWORD }));
    const editors = new SoftwareAuthenticator();
    await addPasskey(editor, editors);

    const path = `/api/auth/passkeys/${editors.id}`;
    const rename = await admin(path, { method: "PUT", body: JSON.stringify({ name: "Mine now" }) });
    expect(rename.status).toBe(404);
    const remove = await admin(path, { method: "DELETE" });
    expect(remove.status).toBe(404);
    expect(await json(remove)).toEqual({ error: "That passkey is not among yours. It may have been removed already." });
    expect((await passkeyRows()).map((row) => row.name).sort()).toEqual(["Chrome on Linux", "Chrome on Linux"]);
    expect(await json(await admin("/api/auth/passkeys"))).toEqual({
      passkeys: [expect.objectContaining({ id: mine.id })],
    });

    const renamed = await admin(`/api/auth/passkeys/${mine.id}`, {
      method: "PUT",
      body: JSON.stringify({ name: "Work phone" }),
    });
    expect(renamed.status).toBe(200);
    expect(((await json(renamed)).passkey as { name: string }).name).toBe("Work phone");
    const badName = await admin(`/api/auth/passkeys/${mine.id}`, { method: "PUT", body: JSON.stringify({ name: "" }) });
    expect(badName.status).toBe(400);
    expect((await passkeyRows()).find((row) => row.id === mine.id)!.name).toBe("Work phone");

    const other = await signIn(server!.url);
    const removed = await admin(`/api/auth/passkeys/${mine.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await me(other)).toBe(401);
    expect(await json(await admin("/api/auth/passkeys"))).toEqual({ passkeys: [] });
    expect((await passkeySignIn(mine)).status).toBe(401);
  });
});

describe("the two-factor policy", () => {
  it("counts a passkey as two factors: the session goes on, and the password alone no longer signs in", async () => {
    const admin = await siteWithAdmin();
    await admin("/api/auth/two-factor-policy", {
      method: "PUT",
      body: JSON.stringify({ required: { administrator: true, editor: false, writer: false } }),
    });
    // Without a second factor, only setting one up is allowed: a passkey is one.
    expect((await admin("/api/accounts")).status).toBe(403);
    expect((await admin("/api/auth/passkeys")).status).toBe(200);
    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskey(admin, authenticator)).status).toBe(201);
    expect((await admin("/api/accounts")).status).toBe(200);

    const password = await visitorPost("/api/auth/login", TEST_ADMIN);
    expect(password.status).toBe(200);
    expect(await json(password)).toEqual({ secondFactor: "passkey" });
    expect(password.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    expect((await passkeySignIn(authenticator)).status).toBe(200);
  });
});
