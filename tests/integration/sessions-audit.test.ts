// "Your sessions", the audit trail and re-confirming sensitive actions (issue 28 items 5–7): each
// account's sessions listed and signed out, ended on a password or role change, their use noted at
// most once a minute; every action the trail records, its filters, pages, CSV and year of keeping;
// backups and accounts asking for the password again after ten minutes. SQLite here, PostgreSQL in
// ./postgres/sessions-audit.pg.test.ts.
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction, type AuditEvent, type AuditPage } from "#content/audit.ts";
import { RECONFIRM_ERROR, type SessionList } from "#content/sessions.ts";
import { removeOldAuditEvents } from "#server/audit/housekeeping.ts";
import { AUDITED } from "#server/audit/actions.ts";
import { totpCode } from "#server/auth/two-factor/totp.ts";
import { SoftwareAuthenticator } from "../helpers/software-authenticator.ts";
import { TEST_ADMIN } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { runSql, tableRows } from "../helpers/table-rows.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PASSWORD = "a long enough password";
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const LAPTOP = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";

/** Signs in with a browser's User-Agent; the session cookie. */
async function signInWith(credentials: { email: string; password: string }, userAgent = LAPTOP) {
  const response = await fetch(`${server!.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": userAgent },
    body: JSON.stringify(credentials),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))!
    .split(";")[0]!;
}

async function site() {
  server = await startTestServer();
  const cookie = await signInWith(TEST_ADMIN);
  return { admin: adminFetch(server, cookie), cookie };
}

async function addAccount(
  admin: ReturnType<typeof adminFetch>,
  email: string,
  role: "administrator" | "editor" | "writer",
) {
  const added = await admin("/api/accounts", {
    method: "POST",
    body: JSON.stringify({ email, password: PASSWORD, role }),
  });
  expect(added.status).toBe(201);
  return ((await added.json()) as { account: { id: number } }).account.id;
}

const sessionsOf = async (as: ReturnType<typeof adminFetch>) =>
  ((await (await as("/api/auth/sessions")).json()) as SessionList).sessions;
const sessionRows = () => tableRows(server!.dataDir, "sessions");
const auditRows = () => tableRows(server!.dataDir, "audit_events");
const latestEvent = async (as: ReturnType<typeof adminFetch>) =>
  ((await (await as("/api/audit")).json()) as AuditPage).events[0]!;

describe("your sessions", () => {
  it("lists the account's sessions by browser and system, with opaque ids; signs out one, then all others", async () => {
    const { admin } = await site();
    const phone = adminFetch(server!, await signInWith(TEST_ADMIN, PHONE));
    const other = adminFetch(server!, await signInWith({ ...TEST_ADMIN }, LAPTOP));

    const sessions = await sessionsOf(admin);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => `${s.browser} on ${s.system}`).sort()).toEqual([
      "Chrome on Android",
      "Firefox on Linux",
      "Firefox on Linux",
    ]);
    // Neither the cookie nor the stored token hash is shown.
    const storedIds = (await sessionRows()).map((row) => row.id);
    for (const session of sessions) expect(storedIds).not.toContain(session.id);
    expect(sessions[0]).toEqual({
      id: expect.any(String),
      browser: expect.any(String),
      system: expect.any(String),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      current: expect.any(Boolean),
    });

    const phoneSession = sessions.find((s) => s.browser === "Chrome")!;
    const ended = await admin(`/api/auth/sessions/${phoneSession.id}`, { method: "DELETE" });
    expect(ended.status).toBe(200);
    expect((await phone("/api/auth/me")).status).toBe(401);
    expect(await sessionsOf(admin)).toHaveLength(2);
    const again = await admin(`/api/auth/sessions/${phoneSession.id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect((await again.json()).error).toBe("That session has already ended.");

    expect((await admin("/api/auth/sessions", { method: "DELETE" })).status).toBe(200);
    expect((await other("/api/auth/me")).status).toBe(401);
    expect((await admin("/api/auth/me")).status).toBe(200);
    expect((await sessionsOf(admin)).map((s) => s.current)).toEqual([true]);
  });

  it("cannot sign out another account's session", async () => {
    const { admin } = await site();
    await addAccount(admin, "editor@example.lk", "editor");
    const editor = adminFetch(server!, await signInWith({ email: "editor@example.lk", password: PASSWORD }));
    const [adminSession] = await sessionsOf(admin);
    const refused = await editor(`/api/auth/sessions/${adminSession!.id}`, { method: "DELETE" });
    expect(refused.status).toBe(404);
    expect((await admin("/api/auth/me")).status).toBe(200);
    // Signing out "all others" ends only the editor's own.
    await editor("/api/auth/sessions", { method: "DELETE" });
    expect((await admin("/api/auth/me")).status).toBe(200);
  });

  it("ends the other sessions on a password change, and all of an account's on a role change (but the caller's own)", async () => {
    const { admin } = await site();
    const second = adminFetch(server!, await signInWith(TEST_ADMIN, PHONE));
    const changed = await admin("/api/accounts/password", {
      method: "POST",
      body: JSON.stringify({ currentPassword: TEST_ADMIN.password, newPassword: "another long password" }),
    });
    expect(changed.status).toBe(200);
    expect((await second("/api/auth/me")).status).toBe(401);
    expect((await admin("/api/auth/me")).status).toBe(200);

    const editorId = await addAccount(admin, "editor@example.lk", "editor");
    const credentials = { email: "editor@example.lk", password: PASSWORD };
    const editorSessions = [await signInWith(credentials), await signInWith(credentials, PHONE)];
    const role = await admin(`/api/accounts/${editorId}`, { method: "PUT", body: JSON.stringify({ role: "writer" }) });
    expect(role.status).toBe(200);
    for (const cookie of editorSessions) expect((await adminFetch(server!, cookie)("/api/auth/me")).status).toBe(401);

    // An Administrator changing their own role keeps this session only.
    const otherAdminId = await addAccount(admin, "partner@example.lk", "administrator");
    const partner = { email: "partner@example.lk", password: PASSWORD };
    const mine = adminFetch(server!, await signInWith(partner));
    const myOther = adminFetch(server!, await signInWith(partner, PHONE));
    const demoted = await mine(`/api/accounts/${otherAdminId}`, {
      method: "PUT",
      body: JSON.stringify({ role: "editor" }),
    });
    expect(demoted.status).toBe(200);
    expect((await mine("/api/auth/me")).status).toBe(200);
    expect((await myOther("/api/auth/me")).status).toBe(401);
  });

  it("notes a session's use at most once a minute", async () => {
    const { admin } = await site();
    const lastSeen = async () => (await sessionRows())[0]!.last_seen_at as string;
    const first = await lastSeen();
    for (let i = 0; i < 3; i++) await admin("/api/auth/me");
    expect(await lastSeen()).toBe(first);

    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000).toISOString();
    await runSql(server!.dataDir, `update sessions set last_seen_at = '${twoMinutesAgo}'`);
    await admin("/api/auth/me");
    const touched = await lastSeen();
    expect(touched > twoMinutesAgo).toBe(true);
    await admin("/api/auth/me");
    expect(await lastSeen()).toBe(touched);
    expect((await sessionsOf(admin))[0]!.lastSeenAt).toBe(touched);
  });
});

/** A small JPEG to upload. */
const image = async () =>
  new Uint8Array(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0369a1" } })
      .jpeg()
      .toBuffer(),
  );

describe("the audit trail", () => {
  it("records each action it knows, with who, what and the version it made", async () => {
    const { admin } = await site();
    const ok = async (response: Promise<Response>, status = 200) => {
      const answer = await response;
      expect(answer.status, await answer.clone().text()).toBe(status);
      return answer;
    };
    const json = (body: unknown) => ({ body: JSON.stringify(body) });
    const post = (status: "draft" | "published") => ({
      title: `A post ${status} ${Math.random()}`,
      excerpt: "About it.",
      content: "## It\n\nWords.",
      date: "2026-01-15",
      readTime: "1 min read",
      image: "",
      featured: false,
      placementId: 0,
      status,
    });
    let postId = "";
    let postVersion = 0;
    let pageId = "";
    let pageVersion = 0;
    const landingPage = (status: "draft" | "published") => ({
      path: `/offers/audit-${Math.random().toString(36).slice(2, 8)}`,
      title: "An offer",
      description: "For Colombo SMEs.",
      image: "",
      noindex: false,
      status,
      blocks: [{ type: "hero", heading: "Grow in Colombo", text: "A campaign." }],
      variants: [{ name: "B", blocks: [{ type: "hero", heading: "Sell more in Colombo", text: "A campaign." }] }],
    });
    /** Saves team page `pageId` with `change` over its current version: the version it made. */
    const savePage = async (change: object = {}) => {
      const current = (await (await admin(`/api/pages/${pageId}`)).json()) as { version: number; data: object };
      const data = { ...current.data, ...change };
      const saved = await ok(
        admin(`/api/pages/${pageId}`, { method: "PUT", ...json({ version: current.version, data }) }),
      );
      pageVersion = ((await saved.json()) as { version: number }).version;
      return { target: { kind: "landing-page" as const, id: pageId, revision: pageVersion } };
    };
    let imageId = "";
    const passkey = new SoftwareAuthenticator();
    let invitationId = 0;
    const invite = async (email: string) => {
      const created = await ok(admin("/api/invitations", { method: "POST", ...json({ email, role: "editor" }) }), 201);
      return ((await created.json()) as { invitation: { id: number; link: string } }).invitation;
    };

    // One driver per action: the compiler asks for a new one as an action is added.
    const drivers: Record<AuditAction, () => Promise<Partial<AuditEvent> | void>> = {
      "sign-in": async () => {
        await signInWith(TEST_ADMIN);
      },
      "sign-in.failed": async () => {
        const refused = await fetch(`${server!.url}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "Nobody@Example.lk", password: "wrong password" }),
        });
        expect(refused.status).toBe(401);
        return { actor: { id: null, email: "nobody@example.lk" } };
      },
      "sign-in.code-failed": async () => {
        // An account with two-factor on, its password right, its code wrong.
        const id = await addAccount(admin, "coded@example.lk", "editor");
        const coded = adminFetch(server!, await signInWith({ email: "coded@example.lk", password: PASSWORD }));
        const { secret } = (await (await ok(coded("/api/auth/totp", { method: "POST" }))).json()) as {
          secret: string;
        };
        await ok(coded("/api/auth/totp/confirm", { method: "POST", ...json({ code: totpCode(secret) }) }));
        const step = await fetch(`${server!.url}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "coded@example.lk", password: PASSWORD }),
        });
        const pending = step.headers
          .getSetCookie()
          .find((c) => c.startsWith("sign_in_pending="))!
          .split(";")[0]!;
        const refused = await fetch(`${server!.url}/api/auth/login/totp`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: server!.url, Cookie: pending },
          body: JSON.stringify({ code: "no-such-recovery-code" }),
        });
        expect(refused.status).toBe(401);
        return { actor: { id, email: "coded@example.lk" }, detail: { code: "recovery code" } };
      },
      "sign-out": async () => {
        const cookie = await signInWith(TEST_ADMIN);
        await ok(adminFetch(server!, cookie)("/api/auth/logout", { method: "POST" }));
      },
      "session.end": async () => {
        await signInWith(TEST_ADMIN, PHONE);
        const phone = (await sessionsOf(admin)).find((s) => s.browser === "Chrome")!;
        await ok(admin(`/api/auth/sessions/${phone.id}`, { method: "DELETE" }));
        return { target: { kind: "session", id: phone.id } };
      },
      "session.end-others": async () => {
        await ok(admin("/api/auth/sessions", { method: "DELETE" }));
      },
      "content.save": async () => {
        const home = (await (await admin("/api/content/home")).json()) as { version: number; data: unknown };
        const saved = await ok(
          admin("/api/content/home", { method: "PUT", ...json({ version: home.version, data: home.data }) }),
        );
        return {
          target: { kind: "content", key: "home", revision: ((await saved.json()) as { version: number }).version },
        };
      },
      "revision.restore": async () => {
        const home = (await (await admin("/api/content/home")).json()) as { version: number };
        const restored = await ok(
          admin(`/api/content/home/revisions/${home.version}/restore`, {
            method: "POST",
            ...json({ version: home.version }),
          }),
        );
        const version = ((await restored.json()) as { version: number }).version;
        return { target: { kind: "content", key: "home", revision: version }, detail: { from: home.version } };
      },
      "answers.save": async () => {
        const answers = (await (await admin("/api/answers")).json()) as { version: number; data: unknown };
        const saved = await ok(
          admin("/api/answers", { method: "PUT", ...json({ version: answers.version, data: answers.data }) }),
        );
        const version = ((await saved.json()) as { version: number }).version;
        return { target: { kind: "content", key: "answers", revision: version } };
      },
      "settings.ai": async () => {
        const settings = (await (await admin("/api/ai-settings")).json()) as { version: number; data: unknown };
        const saved = await ok(
          admin("/api/ai-settings", { method: "PUT", ...json({ version: settings.version, data: settings.data }) }),
        );
        const version = ((await saved.json()) as { version: number }).version;
        return { target: { kind: "settings", key: "ai-settings", revision: version } };
      },
      "post.create": async () => {
        const created = await ok(admin("/api/posts", { method: "POST", ...json({ data: post("draft") }) }), 201);
        const record = (await created.json()) as { id: string; version: number };
        postId = record.id;
        postVersion = record.version;
        return { target: { kind: "post", id: postId, revision: postVersion } };
      },
      "post.save": async () => {
        const current = (await (await admin(`/api/posts/${postId}`)).json()) as { version: number; data: object };
        const saved = await ok(
          admin(`/api/posts/${postId}`, { method: "PUT", ...json({ version: current.version, data: current.data }) }),
        );
        postVersion = ((await saved.json()) as { version: number }).version;
        return { target: { kind: "post", id: postId, revision: postVersion } };
      },
      "post.submit": async () => {
        const current = (await (await admin(`/api/posts/${postId}`)).json()) as { version: number; data: object };
        const data = { ...current.data, review: true };
        const saved = await ok(
          admin(`/api/posts/${postId}`, { method: "PUT", ...json({ version: current.version, data }) }),
        );
        postVersion = ((await saved.json()) as { version: number }).version;
        return { target: { kind: "post", id: postId, revision: postVersion } };
      },
      "post.publish": async () => {
        const current = (await (await admin(`/api/posts/${postId}`)).json()) as { version: number; data: object };
        const data = { ...current.data, status: "published" };
        const saved = await ok(
          admin(`/api/posts/${postId}`, { method: "PUT", ...json({ version: current.version, data }) }),
        );
        postVersion = ((await saved.json()) as { version: number }).version;
        return { target: { kind: "post", id: postId, revision: postVersion } };
      },
      "post.delete": async () => {
        await ok(admin(`/api/posts/${postId}`, { method: "DELETE" }));
        return { target: { kind: "post", id: postId } };
      },
      "landing-page.create": async () => {
        const created = await ok(admin("/api/pages", { method: "POST", ...json({ data: landingPage("draft") }) }), 201);
        const record = (await created.json()) as { id: string; version: number };
        pageId = record.id;
        pageVersion = record.version;
        return { target: { kind: "landing-page", id: pageId, revision: pageVersion } };
      },
      "landing-page.save": () => savePage(),
      "landing-page.submit": () => savePage({ review: true }),
      "landing-page.publish": () => savePage({ status: "published" }),
      "landing-page.use-b": async () => {
        const used = await ok(
          admin(`/api/pages/${pageId}/use-b`, { method: "POST", ...json({ version: pageVersion }) }),
        );
        pageVersion = ((await used.json()) as { version: number }).version;
        return { target: { kind: "landing-page", id: pageId, revision: pageVersion } };
      },
      "landing-page.delete": async () => {
        await ok(admin(`/api/pages/${pageId}`, { method: "DELETE" }));
        return { target: { kind: "landing-page", id: pageId } };
      },
      "media.upload": async () => {
        const form = new FormData();
        form.append("file", new Blob([await image()], { type: "image/jpeg" }), "office.jpg");
        const uploaded = await ok(admin("/api/media", { method: "POST", body: form }), 201);
        imageId = ((await uploaded.json()) as { id: string }).id;
        return { target: { kind: "media", id: imageId } };
      },
      "media.describe": async () => {
        await ok(admin(`/api/media/${imageId}?locale=si`, { method: "PUT", ...json({ alt: "කාර්\u200Dයාලය" }) }));
        return { target: { kind: "media", id: imageId }, detail: { locale: "si" } };
      },
      "media.replace": async () => {
        const form = new FormData();
        form.append("file", new Blob([await image()], { type: "image/jpeg" }), "office again.jpg");
        await ok(admin(`/api/media/${imageId}/file`, { method: "PUT", body: form }));
        return { target: { kind: "media", id: imageId }, detail: { version: 2 } };
      },
      "media.delete": async () => {
        await ok(admin(`/api/media/${imageId}`, { method: "DELETE" }), 204);
        return { target: { kind: "media", id: imageId } };
      },
      "message.delete": async () => {
        const message = await server!.deps.store.messages.add({
          name: "Nimal",
          email: "nimal@example.lk",
          company: "",
          message: "Hello",
          ip: null,
          userAgent: null,
          page: "/contact",
        });
        await ok(admin(`/api/messages/${message.id}`, { method: "DELETE" }));
        return { target: { kind: "message", id: String(message.id) } };
      },
      "message.restore": async () => {
        const [row] = await tableRows(server!.dataDir, "contact_messages");
        await ok(admin(`/api/messages/${String(row!.id)}/restore`, { method: "POST" }));
        return { target: { kind: "message", id: String(row!.id) } };
      },
      "message.export": async () => {
        await ok(admin("/api/messages/export.csv"));
      },
      "conversation.delete": async () => {
        const id = await server!.deps.store.conversations.start("/services");
        await ok(admin(`/api/conversations/${id}`, { method: "DELETE" }));
        return { target: { kind: "conversation", id } };
      },
      "conversation.export": async () => {
        await ok(admin("/api/conversations/export.csv"));
      },
      "account.create": async () => {
        const id = await addAccount(admin, "writer@example.lk", "writer");
        return { target: { kind: "account", id: String(id), key: "writer@example.lk" }, detail: { role: "writer" } };
      },
      "account.role": async () => {
        const id = (
          (await (await admin("/api/accounts")).json()) as { accounts: { id: number; email: string }[] }
        ).accounts.find((a) => a.email === "writer@example.lk")!.id;
        await ok(admin(`/api/accounts/${id}`, { method: "PUT", ...json({ role: "editor" }) }));
        return { target: { kind: "account", id: String(id), key: "writer@example.lk" }, detail: { role: "editor" } };
      },
      "account.delete": async () => {
        const id = (
          (await (await admin("/api/accounts")).json()) as { accounts: { id: number; email: string }[] }
        ).accounts.find((a) => a.email === "writer@example.lk")!.id;
        await ok(admin(`/api/accounts/${id}`, { method: "DELETE" }));
        // Named by its email: the account is gone, its id alone would say nothing.
        return { target: { kind: "account", id: String(id), key: "writer@example.lk" } };
      },
      "password.change": async () => {
        await ok(
          admin("/api/accounts/password", {
            method: "POST",
            ...json({ currentPassword: TEST_ADMIN.password, newPassword: TEST_ADMIN.password }),
          }),
        );
      },
      "two-factor.on": async () => {
        const { secret } = (await (await ok(admin("/api/auth/totp", { method: "POST" }))).json()) as {
          secret: string;
        };
        await ok(admin("/api/auth/totp/confirm", { method: "POST", ...json({ code: totpCode(secret) }) }));
      },
      "two-factor.off": async () => {
        await ok(admin("/api/auth/totp", { method: "DELETE", ...json({ password: TEST_ADMIN.password }) }));
      },
      "passkey.add": async () => {
        const options = (await (await ok(admin("/api/auth/passkeys/options", { method: "POST" }))).json()) as {
          challenge: string;
          rp: { id: string };
          user: { id: string };
        };
        const response = passkey.register({
          origin: server!.url,
          rpId: options.rp.id,
          challenge: options.challenge,
          userHandle: options.user.id,
        });
        await ok(admin("/api/auth/passkeys", { method: "POST", ...json({ response, name: "Office laptop" }) }), 201);
        return { target: { kind: "passkey", id: passkey.id, key: "Office laptop" } };
      },
      "passkey.remove": async () => {
        await ok(admin(`/api/auth/passkeys/${passkey.id}`, { method: "DELETE" }));
        return { target: { kind: "passkey", id: passkey.id } };
      },
      "settings.two-factor": async () => {
        const required = { administrator: false, editor: true, writer: false };
        await ok(admin("/api/auth/two-factor-policy", { method: "PUT", ...json({ required }) }));
        return { detail: { required } };
      },
      "invitation.create": async () => {
        const invitation = await invite("editor@example.lk");
        invitationId = invitation.id;
        return {
          target: { kind: "invitation", id: String(invitationId), key: "editor@example.lk" },
          detail: { role: "editor" },
        };
      },
      "invitation.revoke": async () => {
        await ok(admin(`/api/invitations/${invitationId}`, { method: "DELETE" }));
        return { target: { kind: "invitation", id: String(invitationId) } };
      },
      "invitation.revoke-sender": async () => {
        // An Administrator invites, then is removed: the invitation goes with them.
        const senderId = await addAccount(admin, "sender@example.lk", "administrator");
        const sender = adminFetch(server!, await signInWith({ email: "sender@example.lk", password: PASSWORD }));
        const created = await ok(
          sender("/api/invitations", {
            method: "POST",
            ...json({ email: "comeback@example.lk", role: "administrator" }),
          }),
          201,
        );
        const { id } = ((await created.json()) as { invitation: { id: number } }).invitation;
        await ok(admin(`/api/accounts/${senderId}`, { method: "DELETE" }));
        return {
          target: { kind: "invitation", id: String(id), key: "comeback@example.lk" },
          detail: { role: "administrator", sender: "sender@example.lk", because: "account removed" },
        };
      },
      "invitation.accept": async () => {
        const { link } = await invite("new.editor@example.lk");
        const token = new URL(link, server!.url).pathname.split("/").pop()!;
        const accepted = await fetch(`${server!.url}/api/invitations/accept/${token}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: server!.url },
          body: JSON.stringify({ password: PASSWORD }),
        });
        expect(accepted.status).toBe(201);
        const id = (await tableRows(server!.dataDir, "users")).find((u) => u.email === "new.editor@example.lk")!.id;
        return {
          actor: { id: Number(id), email: "new.editor@example.lk" },
          target: { kind: "account", id: String(id), key: "new.editor@example.lk" },
          detail: { role: "editor" },
        };
      },
      "backup.download": async () => {
        await ok(admin("/api/backup"));
      },
      "audit.export": async () => {
        await ok(admin("/api/audit/export.csv"));
      },
    };

    for (const action of Object.keys(AUDIT_ACTIONS) as AuditAction[]) {
      const expected = (await drivers[action]()) ?? {};
      const event = await latestEvent(admin);
      expect({ action, event }).toMatchObject({
        action,
        event: {
          action,
          actor: expected.actor ?? { id: 1, email: TEST_ADMIN.email },
          ...(expected.target && { target: expected.target }),
          ...(expected.detail && { detail: expected.detail }),
        },
      });
    }
    // Every action of the registry was driven above.
    for (const entry of Object.values(AUDITED)) expect(Object.keys(drivers)).toContain(entry.action);
  });

  it("does not record what failed, nor reads", async () => {
    const { admin } = await site();
    const before = (await auditRows()).length;
    expect((await admin("/api/posts/no-such-post", { method: "DELETE" })).status).toBe(404);
    expect((await admin("/api/content/home", { method: "PUT", body: JSON.stringify({ version: 0 }) })).status).toBe(
      400,
    );
    await admin("/api/posts");
    expect((await auditRows()).length).toBe(before);
  });

  it("filters by account and action, pages, and exports the filtered trail as CSV", async () => {
    const { admin } = await site();
    const store = server!.deps.store.audit;
    await runSql(server!.dataDir, "delete from audit_events");
    for (let i = 0; i < AUDIT_PAGE_SIZE + 10; i++)
      await store.record(
        {
          actor: { id: 1, email: TEST_ADMIN.email },
          action: "content.save",
          target: { kind: "content", key: "home", revision: i + 1 },
        },
        new Date(Date.UTC(2026, 0, 1, 0, i)),
      );
    await store.record({
      actor: { id: 2, email: "editor@example.lk" },
      action: "post.delete",
      target: { kind: "post", id: "p1" },
    });
    await store.record({ actor: { id: null, email: "=cmd|' /C calc'!A0" }, action: "sign-in.failed" });

    const page = async (query: string) => {
      const response = await admin(`/api/audit${query}`);
      expect(response.status).toBe(200);
      return (await response.json()) as AuditPage;
    };
    const all = await page("");
    expect(all).toMatchObject({ total: AUDIT_PAGE_SIZE + 12, page: 1, pages: 2 });
    expect(all.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(all.events[0]!.action).toBe("sign-in.failed");
    const second = await page("?page=2");
    expect(second.events).toHaveLength(12);
    expect(second.events.at(-1)!.target).toEqual({ kind: "content", key: "home", revision: 1 });

    expect(await page("?action=post.delete")).toMatchObject({
      total: 1,
      events: [{ actor: { email: "editor@example.lk" } }],
    });
    expect((await page(`?actor=${encodeURIComponent("Editor@example.lk")}`)).total).toBe(1);
    expect((await page(`?actor=${encodeURIComponent(TEST_ADMIN.email)}&action=content.save`)).total).toBe(
      AUDIT_PAGE_SIZE + 10,
    );
    expect((await page("?action=content.save&page=3")).events).toEqual([]);

    for (const [query, error] of [
      ["?action=hacking", "That is not an action the audit trail records."],
      ["?page=0", "page must be at least 1."],
    ] as const) {
      const refused = await admin(`/api/audit${query}`);
      expect(refused.status).toBe(400);
      expect((await refused.json()).error).toBe(error);
    }

    const csv = await admin("/api/audit/export.csv?action=sign-in.failed");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("When,Account,Action,Action code,Target,Version,Detail");
    // A formula is shown, never run (emails are kept lower-case).
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^[^,]+,'=cmd\|' \/c calc'!a0,Failed sign-in,sign-in\.failed,,,$/),
    ]);
  });

  it("keeps events a year", async () => {
    await site();
    const store = server!.deps.store;
    await runSql(server!.dataDir, "delete from audit_events");
    const now = new Date("2026-06-01T12:00:00Z");
    const actor = { id: 1, email: TEST_ADMIN.email };
    await store.audit.record({ actor, action: "content.save" }, new Date("2025-05-31T12:00:00Z"));
    await store.audit.record({ actor, action: "post.delete" }, new Date("2025-06-02T12:00:00Z"));
    expect(await removeOldAuditEvents(store, now)).toBe(1);
    expect((await auditRows()).map((row) => row.action)).toEqual(["post.delete"]);
  });

  it("is for Administrators only", async () => {
    const { admin } = await site();
    await addAccount(admin, "editor@example.lk", "editor");
    const editor = adminFetch(server!, await signInWith({ email: "editor@example.lk", password: PASSWORD }));
    for (const path of ["/api/audit", "/api/audit/export.csv"]) {
      const refused = await editor(path);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error).toBe("Your role (Editor) cannot do this.");
      expect((await fetch(`${server!.url}${path}`)).status).toBe(401);
    }
  });
});

describe("re-confirming the password", () => {
  const age = (minutes: number) =>
    runSql(
      server!.dataDir,
      `update sessions set confirmed_at = '${new Date(Date.now() - minutes * 60_000).toISOString()}'`,
    );

  it("asks for it again after ten minutes before a backup, an account change or a new sign-in key, then lets the retry through", async () => {
    const { admin } = await site();
    await age(9);
    expect((await admin("/api/backup")).status).toBe(200);
    await age(11);
    const usersBefore = await tableRows(server!.dataDir, "users");
    for (const [path, init] of [
      ["/api/backup", {}],
      [
        "/api/accounts",
        { method: "POST", body: JSON.stringify({ email: "new@example.lk", password: PASSWORD, role: "editor" }) },
      ],
      ["/api/accounts/1", { method: "PUT", body: JSON.stringify({ role: "administrator" }) }],
      ["/api/accounts/1", { method: "DELETE" }],
      // Setting up an authenticator app (its pending secret is kept in the account's row).
      ["/api/auth/totp", { method: "POST" }],
    ] as const) {
      const refused = await admin(path, init);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: RECONFIRM_ERROR, reconfirm: true });
    }
    expect(await tableRows(server!.dataDir, "users")).toEqual(usersBefore);
    // Other actions go on as before.
    expect((await admin("/api/accounts")).status).toBe(200);

    const wrong = await admin("/api/auth/confirm", { method: "POST", body: JSON.stringify({ password: "not it" }) });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe("That password is not correct.");
    expect((await admin("/api/backup")).status).toBe(403);

    const confirmed = await admin("/api/auth/confirm", {
      method: "POST",
      body: JSON.stringify({ password: TEST_ADMIN.password }),
    });
    expect(confirmed.status).toBe(200);
    expect((await admin("/api/backup")).status).toBe(200);
    const added = await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "new@example.lk", password: PASSWORD, role: "editor" }),
    });
    expect(added.status).toBe(201);
  });

  it("treats a session from before confirmations were noted as not confirmed", async () => {
    const { admin } = await site();
    await runSql(server!.dataDir, "update sessions set confirmed_at = null");
    expect((await admin("/api/backup")).status).toBe(403);
  });

  it("refuses a bad request clearly, and throttles wrong passwords like sign-in", async () => {
    const { admin } = await site();
    const empty = await admin("/api/auth/confirm", { method: "POST", body: JSON.stringify({}) });
    expect(empty.status).toBe(400);
    for (let i = 0; i < 10; i++)
      expect(
        (await admin("/api/auth/confirm", { method: "POST", body: JSON.stringify({ password: `guess ${i}` }) })).status,
      ).toBe(401);
    const throttled = await admin("/api/auth/confirm", {
      method: "POST",
      body: JSON.stringify({ password: TEST_ADMIN.password }),
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await throttled.json()).error).toMatch(
      /^Too many wrong passwords\. Please wait \d+ minutes? and try again\.$/,
    );
  });
});
