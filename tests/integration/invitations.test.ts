// Invitations (issue 28 item 2): an Administrator invites by e-mail with a role; the e-mail goes
// through the outbox (retried like contact mail) or, with no mail set up, the link is only shown;
// the link works once for 7 days and its invitee sets a password and is signed in with the role.
// SQLite here, PostgreSQL in ./postgres/invitations.pg.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import {
  INVITATION_GONE,
  INVITATION_KEEP_DAYS,
  type InvitationCreated,
  type InvitationList,
  type InvitationPreview,
} from "#content/invitations.ts";
import type { AuditPage } from "#content/audit.ts";
import type { Role } from "#content/roles.ts";
import { removeOldInvitations } from "#server/auth/housekeeping.ts";
import { signIn, TEST_ADMIN } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp.ts";
import { migrateBackBefore } from "../helpers/migrate-back.ts";
import { insertRows, runSql, tableRows } from "../helpers/table-rows.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const PASSWORD = "a long enough password";
const INBOX = "inbox@lankagrowth.example";

type Admin = ReturnType<typeof adminFetch>;

/** A site signed in as its Administrator; with `smtp`, mail set up to go through that server. */
async function site(smtp?: FakeSmtp) {
  const server = await startTestServer({
    env: smtp ? { SMTP_URL: smtp.url, CONTACT_TO: INBOX } : {},
    outbox: { intervalMs: 50, retrySchedule: [50, 50] },
  });
  cleanups.push(() => server.close());
  return { server, admin: adminFetch(server, await signIn(server.url)) };
}

async function fakeSmtp() {
  const smtp = await startFakeSmtp();
  cleanups.push(() => smtp.close());
  return smtp;
}

async function invite(admin: Admin, email: string, role: Role = "editor") {
  const response = await admin("/api/invitations", { method: "POST", body: JSON.stringify({ email, role }) });
  expect(response.status).toBe(201);
  return ((await response.json()) as InvitationCreated).invitation;
}

/** The path of a link: it is answered with the test server's own origin. */
const pathOf = (link: string) => new URL(link).pathname;
const tokenOf = (link: string) => pathOf(link).split("/").pop()!;

/** Accepts as a visitor (no cookie) with this password; the answer and its session cookie. */
async function accept(server: TestServer, link: string, password = PASSWORD) {
  const response = await fetch(`${server.url}/api/invitations/accept/${tokenOf(link)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))
    ?.split(";")[0];
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookie };
}

const preview = (server: TestServer, link: string) =>
  fetch(`${server.url}/api/invitations/accept/${tokenOf(link)}`, { headers: { Origin: server.url } });

const pending = async (admin: Admin) =>
  ((await (await admin("/api/invitations")).json()) as InvitationList).invitations;

/** Every stored row the invitations touch: nothing of it may change on a refused request. */
const stored = async (server: TestServer) => ({
  invitations: await tableRows(server.dataDir, "invitations"),
  mails: await tableRows(server.dataDir, "account_mails"),
  users: await tableRows(server.dataDir, "users"),
});

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("inviting", () => {
  it("e-mails the invitation through the outbox: who invited, the role, the link, 7 days", async () => {
    const smtp = await fakeSmtp();
    const { server, admin } = await site(smtp);
    const before = Date.now();
    const invitation = await invite(admin, "Nadeesha@Example.lk", "editor");
    expect(invitation).toMatchObject({ email: "nadeesha@example.lk", role: "editor", mailed: true });
    expect(pathOf(invitation.link)).toMatch(/^\/admin\/invite\/[\w-]{43}$/);
    const days = (Date.parse(invitation.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["nadeesha@example.lk"]);
    expect(mail!.from).toBe(INBOX);
    expect(mail!.headers["from"]).toBe(`Lanka Growth Partners <${INBOX}>`);
    expect(mail!.subject).toBe("You're invited to edit Lanka Growth Partners");
    expect(mail!.text).toBe(
      [
        "Hello,",
        "",
        `${TEST_ADMIN.email} invited you to edit the website of Lanka Growth Partners as an Editor.`,
        "",
        "Choose your password and sign in here:",
        invitation.link,
        "",
        "The link works once and expires in 7 days. If you did not expect this invitation, you can ignore this e-mail.",
      ].join("\n"),
    );
    const [row] = await until(
      () => tableRows(server.dataDir, "account_mails"),
      (rows) => rows[0]?.["status"] === "sent",
    );
    expect(row).toMatchObject({ kind: "invitation", ref_id: invitation.id, attempts: 1 });

    // Stored as a hash (and sealed): no row holds the link's token.
    const token = tokenOf(invitation.link);
    const everything = JSON.stringify(await stored(server));
    expect(everything).not.toContain(token);
    expect(await pending(admin)).toEqual([
      {
        id: invitation.id,
        email: "nadeesha@example.lk",
        role: "editor",
        invitedBy: TEST_ADMIN.email,
        createdAt: expect.any(String),
        expiresAt: invitation.expiresAt,
        link: invitation.link,
      },
    ]);
  });

  it("retries an invitation e-mail the mail server refuses, as it retries contact mail", async () => {
    const smtp = await fakeSmtp();
    smtp.refuse(1);
    const { server, admin } = await site(smtp);
    const invitation = await invite(admin, "writer@example.lk", "writer");
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).toContain("as a Writer.");
    expect(mail!.text).toContain(invitation.link);
    const [row] = await until(
      () => tableRows(server.dataDir, "account_mails"),
      (rows) => rows[0]?.["status"] === "sent",
    );
    expect(row).toMatchObject({ attempts: 2, last_error: null });
  });

  it("with no mail set up, answers the link to copy and queues nothing", async () => {
    const { server, admin } = await site();
    const invitation = await invite(admin, "nomail@example.lk", "writer");
    expect(invitation.mailed).toBe(false);
    expect(await tableRows(server.dataDir, "account_mails")).toEqual([]);
    expect((await pending(admin)).map((p) => [p.email, p.link])).toEqual([["nomail@example.lk", invitation.link]]);
  });

  it("refuses an account's email (409) and replaces a second invitation to the same email", async () => {
    const smtp = await fakeSmtp();
    const { server, admin } = await site(smtp);
    const before = await stored(server);
    const taken = await admin("/api/invitations", {
      method: "POST",
      body: JSON.stringify({ email: TEST_ADMIN.email.toUpperCase(), role: "editor" }),
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toBe("An account with this email already exists.");
    expect(await stored(server)).toEqual(before);

    const first = await invite(admin, "twice@example.lk", "writer");
    await smtp.waitFor(1);
    const second = await invite(admin, "twice@example.lk", "editor");
    await smtp.waitFor(2);
    expect(smtp.mails[1]!.text).toContain(second.link);
    expect((await pending(admin)).map((p) => [p.id, p.role])).toEqual([[second.id, "editor"]]);
    expect((await preview(server, first.link)).status).toBe(410);
    expect((await accept(server, first.link)).status).toBe(410);
    const accepted = await accept(server, second.link);
    expect(accepted.body).toEqual({ user: { email: "twice@example.lk", role: "editor" } });
  });

  it("refuses bad input with a clear 400 and stores nothing", async () => {
    const { server, admin } = await site();
    const before = await stored(server);
    for (const [body, error] of [
      [{ email: "not an address", role: "editor" }, "email: Enter a valid email address."],
      [{ email: "x@example.lk", role: "owner" }, "role: role must be one of administrator, editor, writer."],
      [{ email: "x@example.lk" }, "role: role must be one of administrator, editor, writer."],
      [{ email: "x@example.lk", role: "editor", password: "sneaky password" }, expect.stringContaining("password")],
    ] as const) {
      const response = await admin("/api/invitations", { method: "POST", body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toEqual(error);
    }
    const notJson = await admin("/api/invitations", {
      method: "POST",
      body: "email=x@example.lk",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    expect(await stored(server)).toEqual(before);
  });

  it("only Administrators invite, list and revoke", async () => {
    const { server, admin } = await site();
    const invitation = await invite(admin, "someone@example.lk");
    for (const role of ["editor", "writer"] as const) {
      const email = `${role}@example.lk`;
      expect(
        (await admin("/api/accounts", { method: "POST", body: JSON.stringify({ email, password: PASSWORD, role }) }))
          .status,
      ).toBe(201);
      const as = adminFetch(server, await signIn(server.url, { email, password: PASSWORD }));
      const before = await stored(server);
      for (const [path, init] of [
        ["/api/invitations", { method: "POST", body: JSON.stringify({ email: "friend@example.lk", role: "writer" }) }],
        ["/api/invitations", {}],
        [`/api/invitations/${invitation.id}`, { method: "DELETE" }],
      ] as const) {
        const response = await as(path, init);
        expect(response.status).toBe(403);
        expect((await response.json()).error).toBe(
          `Your role (${role === "editor" ? "Editor" : "Writer"}) cannot do this.`,
        );
      }
      expect(await stored(server)).toEqual(before);
    }
    const visitor = await fetch(`${server.url}/api/invitations`, { headers: { Origin: server.url } });
    expect(visitor.status).toBe(401);
  });
});

describe("accepting", () => {
  it("shows whom it is for, sets the password and role, signs in; then the link is used", async () => {
    const { server, admin } = await site();
    const invitation = await invite(admin, "editor@example.lk", "editor");
    const shown = await preview(server, invitation.link);
    expect(shown.status).toBe(200);
    expect((await shown.json()) as InvitationPreview).toEqual({ email: "editor@example.lk", role: "editor" });

    const accepted = await accept(server, invitation.link);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({ user: { email: "editor@example.lk", role: "editor" } });
    expect(accepted.cookie).toBeDefined();
    const editor = adminFetch(server, accepted.cookie!);
    expect((await (await editor("/api/auth/me")).json()).user).toEqual({ email: "editor@example.lk", role: "editor" });
    expect((await editor("/api/messages")).status).toBe(200);
    expect((await editor("/api/accounts")).status).toBe(403);
    // The password set is the account's.
    await signIn(server.url, { email: "editor@example.lk", password: PASSWORD });

    const [row] = await tableRows(server.dataDir, "invitations");
    expect(row!["accepted_at"]).toEqual(expect.any(String));
    expect(await pending(admin)).toEqual([]);
    const before = await stored(server);
    const again = await accept(server, invitation.link, "another long password");
    expect(again).toEqual({ status: 410, body: { error: INVITATION_GONE }, cookie: undefined });
    expect((await preview(server, invitation.link)).status).toBe(410);
    expect(await stored(server)).toEqual(before);
  });

  it("two accepts at once make one account", async () => {
    const { server, admin } = await site();
    const invitation = await invite(admin, "racer@example.lk", "writer");
    const results = await Promise.all([
      accept(server, invitation.link, "first long password"),
      accept(server, invitation.link, "second long password"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 410]);
    const users = (await tableRows(server.dataDir, "users")).filter((u) => u["email"] === "racer@example.lk");
    expect(users).toHaveLength(1);
    expect(users[0]!["role"]).toBe("writer");
    const winner = results.find((r) => r.status === 201)!;
    expect(winner.cookie).toBeDefined();
  });

  it("an expired link, a revoked one and an unknown one all answer the same 410", async () => {
    const { server, admin } = await site();
    const expired = await invite(admin, "late@example.lk");
    await runSql(
      server.dataDir,
      `update invitations set expires_at = '2020-01-01T00:00:00.000Z' where email = 'late@example.lk'`,
    );
    const revoked = await invite(admin, "revoked@example.lk");
    const revoke = await admin(`/api/invitations/${revoked.id}`, { method: "DELETE" });
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toEqual({ ok: true, revoked: revoked.id });
    const again = await admin(`/api/invitations/${revoked.id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect((await admin(`/api/invitations/${expired.id}`, { method: "DELETE" })).status).toBe(404);
    expect(await pending(admin)).toEqual([]);

    const before = await stored(server);
    const unknown = `${server.url}/admin/invite/${"x".repeat(43)}`;
    for (const link of [expired.link, revoked.link, unknown]) {
      const shown = await preview(server, link);
      expect(shown.status).toBe(410);
      expect(await shown.json()).toEqual({ error: INVITATION_GONE });
      expect(await accept(server, link)).toEqual({ status: 410, body: { error: INVITATION_GONE }, cookie: undefined });
    }
    expect(await stored(server)).toEqual(before);
    // An expired address may be invited again: the new invitation replaces the old.
    const renewed = await invite(admin, "late@example.lk");
    expect((await accept(server, renewed.link)).status).toBe(201);
  });

  it("a revoked invitation's e-mail is not sent", async () => {
    const smtp = await fakeSmtp();
    const { server, admin } = await site(smtp);
    // The worker is stopped: the e-mail waits in the outbox while the invitation is revoked.
    await server.deps.outbox.stop();
    const invitation = await invite(admin, "never@example.lk");
    expect(await tableRows(server.dataDir, "account_mails")).toHaveLength(1);
    expect((await admin(`/api/invitations/${invitation.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await tableRows(server.dataDir, "account_mails")).toEqual([]);
    await server.deps.outbox.tick();
    expect(smtp.mails).toEqual([]);
  });

  it("refuses a short password with a 400 and keeps the invitation", async () => {
    const { server, admin } = await site();
    const invitation = await invite(admin, "short@example.lk");
    const before = await stored(server);
    const short = await accept(server, invitation.link, "short");
    expect(short).toEqual({ status: 400, body: { error: "password: Use at least 8 characters." }, cookie: undefined });
    const extra = await fetch(`${server.url}/api/invitations/accept/${tokenOf(invitation.link)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ password: PASSWORD, role: "administrator" }),
    });
    expect(extra.status).toBe(400);
    expect(await stored(server)).toEqual(before);
    expect((await accept(server, invitation.link)).body).toEqual({
      user: { email: "short@example.lk", role: "editor" },
    });
  });

  it("throttles guessing links per address like sign-in", async () => {
    const { server, admin } = await site();
    const invitation = await invite(admin, "patient@example.lk");
    const headers = { Origin: server.url };
    let status = 0;
    for (let i = 0; i < 60 && status !== 429; i++)
      status = (await fetch(`${server.url}/api/invitations/accept/guess-${i}`, { headers })).status;
    expect(status).toBe(429);
    const refused = await fetch(`${server.url}/api/invitations/accept/${tokenOf(invitation.link)}`, { headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await refused.json()).error).toMatch(
      /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
    );
  });
});

describe("an invitation is only as good as its sender's authority", () => {
  /** A second Administrator, signed in: the sender of the invitations below. */
  async function secondAdministrator(server: TestServer, admin: Admin) {
    const email = "sender@example.lk";
    const added = await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email, password: PASSWORD, role: "administrator" }),
    });
    expect(added.status).toBe(201);
    const { id } = ((await added.json()) as { account: { id: number } }).account;
    return { id, email, as: adminFetch(server, await signIn(server.url, { email, password: PASSWORD })) };
  }

  /** The link answers as a revoked one does, and accepting it makes no account and changes nothing. */
  async function refused(server: TestServer, link: string, email?: string) {
    const shown = await preview(server, link);
    expect(shown.status).toBe(410);
    expect(await shown.json()).toEqual({ error: INVITATION_GONE });
    const before = await stored(server);
    expect(await accept(server, link)).toEqual({ status: 410, body: { error: INVITATION_GONE }, cookie: undefined });
    expect(await stored(server)).toEqual(before);
    if (email) expect((await tableRows(server.dataDir, "users")).map((user) => user["email"])).not.toContain(email);
  }

  /** The audit trail's entries for invitations revoked with their sender, newest first. */
  const revokedWithSender = async (admin: Admin) =>
    ((await (await admin("/api/audit?action=invitation.revoke-sender")).json()) as AuditPage).events;

  it("removing the Administrator who sent one revokes it: no way back in, its e-mail unsent, and the trail says so", async () => {
    const smtp = await fakeSmtp();
    const { server, admin } = await site(smtp);
    // The worker is stopped: the e-mail waits in the outbox while its sender is removed.
    await server.deps.outbox.stop();
    const sender = await secondAdministrator(server, admin);
    const comeback = await invite(sender.as, "comeback@example.lk", "administrator");
    const other = await invite(admin, "stays@example.lk", "writer");
    expect((await preview(server, comeback.link)).status).toBe(200);

    const removed = await admin(`/api/accounts/${sender.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ removed: sender.id, invitationsRevoked: 1 });
    await refused(server, comeback.link, "comeback@example.lk");
    expect((await pending(admin)).map((p) => p.email)).toEqual(["stays@example.lk"]);
    expect((await tableRows(server.dataDir, "account_mails")).map((row) => row["ref_id"])).toEqual([other.id]);
    const [entry, ...more] = await revokedWithSender(admin);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor: { email: TEST_ADMIN.email },
      target: { kind: "invitation", id: String(comeback.id), key: "comeback@example.lk" },
      detail: { role: "administrator", sender: "sender@example.lk", because: "account removed" },
    });
    // The other Administrator's invitation still works.
    expect((await accept(server, other.link)).status).toBe(201);
  });

  for (const role of ["editor", "writer"] as const) {
    it(`demoting its sender to ${role} revokes what they sent, as Administrator or as Editor (${role === "editor" ? "an Editor" : "a Writer"} invites no one)`, async () => {
      const { server, admin } = await site();
      const sender = await secondAdministrator(server, admin);
      const asAdministrator = await invite(sender.as, "new.admin@example.lk", "administrator");
      const asEditor = await invite(sender.as, "new.editor@example.lk", "editor");
      const other = await invite(admin, "stays@example.lk", "writer");

      const demoted = await admin(`/api/accounts/${sender.id}`, { method: "PUT", body: JSON.stringify({ role }) });
      expect(demoted.status).toBe(200);
      expect(await demoted.json()).toMatchObject({ account: { role }, invitationsRevoked: 2 });
      await refused(server, asAdministrator.link, "new.admin@example.lk");
      await refused(server, asEditor.link, "new.editor@example.lk");
      expect((await pending(admin)).map((p) => p.email)).toEqual(["stays@example.lk"]);
      const label = role === "editor" ? "Editor" : "Writer";
      expect((await revokedWithSender(admin)).map((event) => [event.target, event.detail])).toEqual(
        [asEditor, asAdministrator].map((invitation) => [
          { kind: "invitation", id: String(invitation.id), key: invitation.email },
          { role: invitation.role, sender: "sender@example.lk", because: `role changed to ${label}` },
        ]),
      );
      // Made an Administrator again, they may invite again; what was revoked stays revoked.
      expect(
        (await admin(`/api/accounts/${sender.id}`, { method: "PUT", body: JSON.stringify({ role: "administrator" }) }))
          .status,
      ).toBe(200);
      await refused(server, asAdministrator.link, "new.admin@example.lk");
      expect((await accept(server, other.link)).status).toBe(201);
    });
  }

  it("a role that may still invite keeps the invitations", async () => {
    const { server, admin } = await site();
    const sender = await secondAdministrator(server, admin);
    const invitation = await invite(sender.as, "kept@example.lk", "editor");
    const same = await admin(`/api/accounts/${sender.id}`, {
      method: "PUT",
      body: JSON.stringify({ role: "administrator" }),
    });
    expect(await same.json()).toMatchObject({ invitationsRevoked: 0 });
    expect(await revokedWithSender(admin)).toEqual([]);
    expect((await accept(server, invitation.link)).body).toEqual({
      user: { email: "kept@example.lk", role: "editor" },
    });
  });

  it("is checked when the link is used: a sender gone or demoted by other means (or a database from before) does not count", async () => {
    const { server, admin } = await site();
    const sender = await secondAdministrator(server, admin);
    const demotedLink = (await invite(sender.as, "demoted.sender@example.lk", "administrator")).link;
    // As a demotion written by an older version would leave it: the role changed, the invitation open.
    await runSql(server.dataDir, `update users set role = 'writer' where id = ${sender.id}`);
    await refused(server, demotedLink, "demoted.sender@example.lk");

    await runSql(server.dataDir, `update users set role = 'administrator' where id = ${sender.id}`);
    const goneLink = (await invite(sender.as, "gone.sender@example.lk", "administrator")).link;
    await runSql(server.dataDir, `delete from sessions where user_id = ${sender.id}`);
    await runSql(server.dataDir, `delete from users where id = ${sender.id}`);
    await refused(server, goneLink, "gone.sender@example.lk");
    // Neither is listed as pending.
    expect(await pending(admin)).toEqual([]);
  });

  it("an address that gets an account closes its invitation, and removing that account does not open it again", async () => {
    const { server, admin } = await site();
    const invitation = await invite(admin, "later@example.lk", "administrator");
    const added = await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "Later@example.lk", password: PASSWORD, role: "writer" }),
    });
    expect(added.status).toBe(201);
    expect(await pending(admin)).toEqual([]);
    await refused(server, invitation.link);

    const { account } = (await added.json()) as { account: { id: number } };
    expect((await admin(`/api/accounts/${account.id}`, { method: "DELETE" })).status).toBe(200);
    await refused(server, invitation.link, "later@example.lk");
    expect(await pending(admin)).toEqual([]);
  });

  it("upgrading a database from before closes the open invitations to addresses with accounts, and their e-mails", async () => {
    const smtp = await fakeSmtp();
    const { server, admin } = await site(smtp);
    await server.deps.outbox.stop();
    const taken = await invite(admin, "has.account@example.lk", "administrator");
    const open = await invite(admin, "no.account@example.lk", "editor");
    expect(
      (
        await admin("/api/accounts", {
          method: "POST",
          body: JSON.stringify({ email: "has.account@example.lk", password: PASSWORD, role: "writer" }),
        })
      ).status,
    ).toBe(201);
    // As the version before left it: the invitation open beside the account, its e-mail queued.
    await runSql(server.dataDir, `update invitations set revoked_at = null where id = ${taken.id}`);
    await insertRows(server.dataDir, "account_mails", [
      { ...(await tableRows(server.dataDir, "account_mails"))[0], id: 1000, ref_id: taken.id },
    ]);
    await server.stop();
    await migrateBackBefore(server.dataDir, "0025-close-invitations-to-accounts");
    const again = await startTestServer({ dataDir: server.dataDir });
    cleanups.push(() => again.close());
    await again.deps.outbox.stop();
    const [row] = (await tableRows(again.dataDir, "invitations")).filter((r) => r["id"] === taken.id);
    expect(row!["revoked_at"]).toEqual(expect.any(String));
    expect((await tableRows(again.dataDir, "account_mails")).map((r) => r["ref_id"])).toEqual([open.id]);
    expect((await pending(adminFetch(again, await signIn(again.url)))).map((p) => p.email)).toEqual([
      "no.account@example.lk",
    ]);
  });
});

describe("old invitations", () => {
  it("are deleted 30 days after they were used, revoked or expired, with their e-mails; pending ones stay", async () => {
    expect(INVITATION_KEEP_DAYS).toBe(30);
    const smtp = await fakeSmtp();
    const { server, admin } = await site(smtp);
    // The worker is stopped: each invitation's e-mail stays queued until it is used or revoked.
    await server.deps.outbox.stop();
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    /** Invites `email`, uses or revokes it as `ended` says, then dates it by SQL. */
    const invitedAt = async (
      email: string,
      created: number,
      ended?: { used: number } | { revoked: number },
    ): Promise<number> => {
      const invitation = await invite(admin, email);
      if (ended && "used" in ended) expect((await accept(server, invitation.link)).status).toBe(201);
      if (ended && "revoked" in ended)
        expect((await admin(`/api/invitations/${invitation.id}`, { method: "DELETE" })).status).toBe(200);
      const set = [
        `created_at = '${daysAgo(created)}'`,
        `expires_at = '${daysAgo(created - 7)}'`,
        ...(ended && "used" in ended ? [`accepted_at = '${daysAgo(ended.used)}'`] : []),
        ...(ended && "revoked" in ended ? [`revoked_at = '${daysAgo(ended.revoked)}'`] : []),
      ];
      await runSql(server.dataDir, `update invitations set ${set.join(", ")} where id = ${invitation.id}`);
      return invitation.id;
    };
    const ids = {
      pending: await invitedAt("pending@example.lk", 2),
      usedLongAgo: await invitedAt("used-long-ago@example.lk", 35, { used: 31 }),
      usedLately: await invitedAt("used-lately@example.lk", 33, { used: 29 }),
      revokedLongAgo: await invitedAt("revoked-long-ago@example.lk", 32, { revoked: 31 }),
      revokedLately: await invitedAt("revoked-lately@example.lk", 30, { revoked: 29 }),
      expiredLongAgo: await invitedAt("expired-long-ago@example.lk", 38),
      expiredLately: await invitedAt("expired-lately@example.lk", 36),
    };
    const invitationIds = async () =>
      (await tableRows(server.dataDir, "invitations")).map((row) => Number(row["id"])).sort((a, b) => a - b);
    const mailRefs = async () =>
      (await tableRows(server.dataDir, "account_mails")).map((row) => Number(row["ref_id"])).sort((a, b) => a - b);
    // Using or revoking dropped those e-mails; the expired ones' are still queued.
    expect(await mailRefs()).toEqual([ids.pending, ids.expiredLongAgo, ids.expiredLately]);
    const users = await tableRows(server.dataDir, "users");

    // The housekeeping runs as the server starts (and every hour).
    await server.stop();
    const again = await startTestServer({ dataDir: server.dataDir });
    cleanups.push(() => again.close());
    const kept = [ids.pending, ids.usedLately, ids.revokedLately, ids.expiredLately].sort((a, b) => a - b);
    await until(invitationIds, (rows) => rows.length === kept.length);
    expect(await invitationIds()).toEqual(kept);
    expect(await mailRefs()).toEqual([ids.pending, ids.expiredLately]);
    // The accounts the used invitations made stay.
    expect(await tableRows(server.dataDir, "users")).toEqual(users);
    // Nothing more is old enough; the pending one still works.
    expect(await removeOldInvitations(again.deps.store)).toBe(0);
    const link = (await pending(adminFetch(again, await signIn(again.url))))[0]!.link!;
    expect((await accept(again, link)).status).toBe(201);
  });
});
