// Roles (issue 28): accounts with a role, a role's change ending the account's sessions, the last
// Administrator kept, a Writer's own drafts, and the migration that made every earlier account an
// Administrator. SQLite here, PostgreSQL in ./postgres/roles.pg.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import type { BlogPost } from "#content/schemas.ts";
import { runAdminCli } from "#server/cli/admin.ts";
import { openStore } from "#server/db/open.ts";
import { signIn, TEST_ADMIN } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, tempDir, type TestServer } from "../helpers/admin-server.ts";
import { migrateBackBefore } from "../helpers/migrate-back.ts";
import { tableRows } from "../helpers/table-rows.ts";
import { storeEnvFor } from "../helpers/test-database.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PASSWORD = "a long enough password";
const userRows = () => tableRows(server!.dataDir, "users");
const postRows = () => tableRows(server!.dataDir, "posts");

/** A server with its Administrator and, for each role asked, an account of it signed in. */
async function siteWith(...roles: ("editor" | "writer" | "administrator")[]) {
  server = await startTestServer();
  const admin = adminFetch(server, await signIn(server.url));
  const as: Record<string, ReturnType<typeof adminFetch>> = {};
  const ids: Record<string, number> = {};
  for (const role of roles) {
    const email = `${role}@example.lk`;
    const added = await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email, password: PASSWORD, role }),
    });
    expect(added.status).toBe(201);
    ids[role] = ((await added.json()) as { account: { id: number } }).account.id;
    as[role] = adminFetch(server, await signIn(server.url, { email, password: PASSWORD }));
  }
  return { admin, as, ids };
}

const post = (title: string, extra: Partial<BlogPost> = {}): BlogPost => ({
  title,
  excerpt: `About ${title}.`,
  content: `## ${title}\n\nWords about ${title}.`,
  date: "2026-01-15",
  readTime: "1 min read",
  image: "",
  featured: false,
  placementId: 0,
  status: "published",
  ...extra,
});

describe("accounts with roles", () => {
  it("lists each account's role; adds one with a role (an Administrator without one); refuses an unknown role", async () => {
    const { admin } = await siteWith("editor");
    const plain = await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "partner@example.lk", password: PASSWORD }),
    });
    expect((await plain.json()).account).toMatchObject({ email: "partner@example.lk", role: "administrator" });
    const before = await userRows();
    const unknown = await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "x@example.lk", password: PASSWORD, role: "owner" }),
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toBe("role: role must be one of administrator, editor, writer.");
    const list = (await (await admin("/api/accounts")).json()) as { accounts: { email: string; role: string }[] };
    expect(list.accounts.map((a) => [a.email, a.role])).toEqual([
      [TEST_ADMIN.email, "administrator"],
      ["editor@example.lk", "editor"],
      ["partner@example.lk", "administrator"],
    ]);
    const badChange = await admin(`/api/accounts/${before[1]!["id"]}`, {
      method: "PUT",
      body: JSON.stringify({ role: "boss" }),
    });
    expect(badChange.status).toBe(400);
    expect(await userRows()).toEqual(before);
  });

  it("a changed role ends the account's sessions: it signs in anew with its new role", async () => {
    const { admin, as, ids } = await siteWith("editor");
    const editor = as["editor"]!;
    expect((await editor("/api/messages")).status).toBe(200);
    expect((await (await editor("/api/auth/me")).json()).user).toEqual({ email: "editor@example.lk", role: "editor" });

    const changed = await admin(`/api/accounts/${ids["editor"]}`, {
      method: "PUT",
      body: JSON.stringify({ role: "writer" }),
    });
    expect(changed.status).toBe(200);
    expect((await changed.json()).account).toMatchObject({ role: "writer", current: false });
    expect((await editor("/api/messages")).status).toBe(401);
    const credentials = { email: "editor@example.lk", password: PASSWORD };
    const writer = adminFetch(server!, await signIn(server!.url, credentials));
    const refused = await writer("/api/messages");
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("Your role (Writer) cannot do this.");

    await admin(`/api/accounts/${ids["editor"]}`, { method: "PUT", body: JSON.stringify({ role: "administrator" }) });
    const promoted = adminFetch(server!, await signIn(server!.url, credentials));
    expect((await promoted("/api/accounts")).status).toBe(200);
    // Only an Administrator changes roles: an Editor cannot make themself one.
    await admin(`/api/accounts/${ids["editor"]}`, { method: "PUT", body: JSON.stringify({ role: "editor" }) });
    const demoted = adminFetch(server!, await signIn(server!.url, credentials));
    const self = await demoted(`/api/accounts/${ids["editor"]}`, {
      method: "PUT",
      body: JSON.stringify({ role: "administrator" }),
    });
    expect(self.status).toBe(403);
  });

  it("the last Administrator cannot be demoted or removed, whatever other accounts there are", async () => {
    const { admin, as } = await siteWith("editor", "writer");
    const [me] = (await (await admin("/api/accounts")).json()).accounts as { id: number }[];
    const before = await userRows();
    const demoted = await admin(`/api/accounts/${me!.id}`, { method: "PUT", body: JSON.stringify({ role: "editor" }) });
    expect(demoted.status).toBe(409);
    expect((await demoted.json()).error).toBe(
      "You cannot change the role of the last Administrator. Make another account an Administrator first.",
    );
    const removed = await admin(`/api/accounts/${me!.id}`, { method: "DELETE" });
    expect(removed.status).toBe(409);
    expect(await userRows()).toEqual(before);
    // Kept as an Administrator: saying so again changes nothing.
    expect(
      (await admin(`/api/accounts/${me!.id}`, { method: "PUT", body: JSON.stringify({ role: "administrator" }) }))
        .status,
    ).toBe(200);
    expect((await as["writer"]!("/api/accounts")).status).toBe(403);
  });

  it("`npm run admin -- create` makes an Administrator", async () => {
    server = await startTestServer();
    const io = { out: () => {}, err: () => {} };
    expect(await runAdminCli(["create", "rescue@example.lk", PASSWORD], { DATA_DIR: server.dataDir }, io)).toBe(0);
    const cookie = await signIn(server.url, { email: "rescue@example.lk", password: PASSWORD });
    expect((await adminFetch(server, cookie)("/api/backup")).status).toBe(200);
  });
});

describe("a Writer's posts", () => {
  it("are drafts, whatever is sent: not published, scheduled or featured", async () => {
    const { as, admin } = await siteWith("writer", "editor");
    const writer = as["writer"]!;
    const created = await writer("/api/posts", {
      method: "POST",
      body: JSON.stringify({
        data: post("Notes from Galle", { featured: true, publishAt: "2030-01-01T09:00:00+05:30" }),
      }),
    });
    expect(created.status).toBe(201);
    const mine = await created.json();
    expect(mine.data).toMatchObject({ status: "draft", featured: false });
    expect(mine.data.publishAt).toBeUndefined();

    const saved = await writer(`/api/posts/${mine.id}`, {
      method: "PUT",
      body: JSON.stringify({ version: mine.version, data: { ...mine.data, status: "published", featured: true } }),
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ status: "draft", featured: false });

    // In Sinhala too: a draft, the text as written (ZWJ kept).
    const sinhala = "ශ්‍රී ලංකාවේ සටහන්";
    const translated = await writer(`/api/posts/${mine.id}?locale=si`, {
      method: "PUT",
      body: JSON.stringify({
        version: 0,
        data: { title: sinhala, excerpt: "කෙටි හැඳින්වීම.", content: "## සටහන්\n\nවචන.", status: "published" },
      }),
    });
    expect(translated.status).toBe(200);
    const si = await translated.json();
    expect(si.data.title).toBe(sinhala);
    expect(si.data.status).toBe("draft");

    // Only an Editor or Administrator publishes it; then it is the Writer's to read, not to change or delete.
    const current = await (await admin(`/api/posts/${mine.id}`)).json();
    const published = await as["editor"]!(`/api/posts/${mine.id}`, {
      method: "PUT",
      body: JSON.stringify({ version: current.version, data: { ...current.data, status: "published" } }),
    });
    expect(published.status).toBe(200);
    const now = await published.json();
    const before = await postRows();
    expect((await writer(`/api/posts/${mine.id}`)).status).toBe(200);
    const change = await writer(`/api/posts/${mine.id}`, {
      method: "PUT",
      body: JSON.stringify({ version: now.version, data: { ...now.data, title: "Changed" } }),
    });
    expect(change.status).toBe(403);
    expect((await change.json()).error).toBe(
      "This post is published: an Editor or Administrator can change or delete it.",
    );
    expect((await writer(`/api/posts/${mine.id}`, { method: "DELETE" })).status).toBe(403);
    expect(await postRows()).toEqual(before);
  });

  it("are the only posts a Writer lists, opens or changes; documents are not theirs", async () => {
    const { as, admin } = await siteWith("writer");
    const writer = as["writer"]!;
    const others = await (
      await admin("/api/posts", {
        method: "POST",
        body: JSON.stringify({ data: post("Agency news", { status: "draft" }) }),
      })
    ).json();
    const mine = await (
      await writer("/api/posts", { method: "POST", body: JSON.stringify({ data: post("My draft") }) })
    ).json();

    const list = await (await writer("/api/posts")).json();
    expect(list.posts.map((p: { id: string }) => p.id)).toEqual([mine.id]);
    expect(list.total).toBe(1);
    expect((await (await admin("/api/posts")).json()).posts.map((p: { id: string }) => p.id)).toContain(mine.id);

    const before = await postRows();
    for (const [path, init] of [
      [`/api/posts/${others.id}`, {}],
      [`/api/posts/${others.id}/revisions`, {}],
      [`/api/posts/${others.id}/revisions/1`, {}],
      [
        `/api/posts/${others.id}`,
        { method: "PUT", body: JSON.stringify({ version: others.version, data: others.data }) },
      ],
      [
        `/api/posts/${others.id}?locale=ta`,
        {
          method: "PUT",
          body: JSON.stringify({
            version: 0,
            data: { title: "தலைப்பு", excerpt: "சுருக்கம்.", content: "உரை.", status: "draft" },
          }),
        },
      ],
      [`/api/posts/${others.id}`, { method: "DELETE" }],
      [
        `/api/posts/${others.id}/revisions/1/restore`,
        { method: "POST", body: JSON.stringify({ version: others.version }) },
      ],
    ] as const) {
      const refused = await writer(path, init);
      expect(refused.status, path).toBe(403);
      expect((await refused.json()).error).toBe("A Writer can only open the posts they created.");
    }
    expect(await postRows()).toEqual(before);
    const stored = Object.fromEntries(before.map((row) => [row["id"], row["created_by"]]));
    expect(stored[mine.id]).not.toBe(stored[others.id]);

    const documents = await writer("/api/content/home/revisions");
    expect(documents.status).toBe(403);
    expect((await writer("/api/ai-settings")).status).toBe(403);
    // A draft of their own they may delete.
    expect((await writer(`/api/posts/${mine.id}`, { method: "DELETE" })).status).toBe(200);
  });
});

describe("migration 0017-user-roles", () => {
  it("makes every account kept before it an Administrator, and their posts no one's in particular", async () => {
    const dataDir = tempDir();
    const before = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
    await before.users.create("first@example.lk", "hash", "writer");
    await before.users.create("second@example.lk", "hash", "editor");
    await before.close();
    // As the version before it stored them, with the migration still to run.
    await migrateBackBefore(dataDir, "0017-user-roles");
    expect(Object.keys((await tableRows(dataDir, "users"))[0]!)).not.toContain("role");

    const migrated = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
    try {
      expect((await migrated.users.list()).map((u) => [u.email, u.role])).toEqual([
        ["first@example.lk", "administrator"],
        ["second@example.lk", "administrator"],
      ]);
      expect(Object.keys((await tableRows(dataDir, "posts"))[0] ?? { created_by: null })).toContain("created_by");
    } finally {
      await migrated.close();
    }
  });
});

describe("live events by role", () => {
  it("tells the admins' events (previews, messages, Insights) to Administrators and Editors, not to Writers", async () => {
    server = await startTestServer();
    const admin = adminFetch(server, await signIn(server.url));
    const cookies: Record<string, string> = {};
    for (const role of ["editor", "writer"] as const) {
      const email = `${role}@example.lk`;
      const added = await admin("/api/accounts", {
        method: "POST",
        body: JSON.stringify({ email, password: PASSWORD, role }),
      });
      expect(added.status).toBe(201);
      cookies[role] = await signIn(server.url, { email, password: PASSWORD });
    }
    const controller = new AbortController();
    const listen = async (cookie: string) => {
      const reader = (
        await fetch(`${server!.url}/api/events`, { headers: { Cookie: cookie }, signal: controller.signal })
      ).body!.getReader();
      let text = "";
      return async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended before "${needle}"`);
          text += new TextDecoder().decode(value);
        }
        return text;
      };
    };
    try {
      const editor = await listen(cookies["editor"]!);
      const writer = await listen(cookies["writer"]!);
      await editor("event: ready");
      await writer("event: ready");
      const token = "roles-test-token-000001";
      const home = (await (await admin("/api/content/home")).json()) as { version: number; data: unknown };
      expect(
        (
          await admin(`/api/previews/${token}`, {
            method: "PUT",
            body: JSON.stringify({ documents: { home: home.data } }),
          })
        ).status,
      ).toBe(200);
      // A save after it: events arrive in order, so a stream without the preview's event never had it.
      expect(
        (
          await admin("/api/content/home", {
            method: "PUT",
            body: JSON.stringify({ version: home.version, data: home.data }),
          })
        ).status,
      ).toBe(200);
      const saved = `event: content\ndata: {"key":"home","version":${home.version + 1}`;
      expect(await editor(saved)).toContain(`event: preview\ndata: {"token":"${token}"}`);
      expect(await writer(saved)).not.toContain("event: preview");
    } finally {
      controller.abort();
    }
  });
});
