// Drafts stay with those who may read them (issue 39 defect 2): a Writer reads only their own posts'
// histories, a deleted post's included (its history stays with Editors and Administrators); the
// live event stream tells a visitor nothing of drafts or scheduled posts, and tells staff and the
// post's Writer what they may read. SQLite here, PostgreSQL in ./postgres/post-privacy.pg.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { testPost } from "../helpers/test-post.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PASSWORD = "a long enough password";
type Fetch = ReturnType<typeof adminFetch>;

/** A server with its Administrator, an Editor and two Writers, each signed in (their cookies too). */
async function site() {
  server = await startTestServer();
  const adminCookie = await signIn(server.url);
  const admin = adminFetch(server, adminCookie);
  const account = async (email: string, role: "editor" | "writer") => {
    const added = await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email, password: PASSWORD, role }),
    });
    expect(added.status).toBe(201);
    const cookie = await signIn(server!.url, { email, password: PASSWORD });
    return { as: adminFetch(server!, cookie), cookie };
  };
  return {
    admin: { as: admin, cookie: adminCookie },
    editor: await account("editor@example.lk", "editor"),
    writer: await account("writer@example.lk", "writer"),
    other: await account("other-writer@example.lk", "writer"),
  };
}

/** A draft, unless `extra` says otherwise. */
const post = (title: string, extra: Partial<BlogPost> = {}) => testPost(title, { status: "draft", ...extra });

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const create = async (as: Fetch, data: BlogPost) => {
  const created = await as("/api/posts", json("POST", { data }));
  expect(created.status, await created.clone().text()).toBe(201);
  return (await created.json()) as PostRecord;
};

describe("a deleted post's history", () => {
  it("stays with Editors and Administrators: no Writer reads it, its own Writer included", async () => {
    const { admin, editor, writer, other } = await site();
    const theirs = await create(other.as, post("Someone else's secret draft"));
    const mine = await create(writer.as, post("My own draft"));
    // Before the deletion, ownership holds as it always did.
    expect((await writer.as(`/api/posts/${theirs.id}/revisions`)).status).toBe(403);
    for (const id of [theirs.id, mine.id])
      expect((await admin.as(`/api/posts/${id}`, { method: "DELETE" })).status).toBe(200);

    for (const id of [theirs.id, mine.id])
      for (const path of [
        `/api/posts/${id}/revisions`,
        `/api/posts/${id}/revisions/1`,
        `/api/posts/${id}/revisions?locale=si`,
      ]) {
        const answer = await writer.as(path);
        expect(answer.status, path).toBe(404);
        expect(await answer.text()).not.toContain("secret");
      }
    const restore = await writer.as(`/api/posts/${theirs.id}/revisions/1/restore`, json("POST", { version: 1 }));
    expect(restore.status).toBe(404);
    // Staff still read it.
    const history = await editor.as(`/api/posts/${theirs.id}/revisions/1`);
    expect(history.status).toBe(200);
    expect(((await history.json()) as { data: BlogPost }).data.title).toBe("Someone else's secret draft");
  });
});

/** An open /api/events stream as `cookie` (none: a visitor): what it has received so far. */
async function listen(cookie?: string) {
  const controller = new AbortController();
  const response = await fetch(`${server!.url}/api/events`, {
    headers: cookie ? { Cookie: cookie } : {},
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const stream = { text: "", close: () => controller.abort() };
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      stream.text += decoder.decode(value, { stream: true });
    }
  })();
  await expect.poll(() => stream.text).toContain("event: ready");
  return stream;
}

describe("the live event stream", () => {
  it("tells a visitor nothing of drafts or scheduled posts; staff and the post's Writer hear them", async () => {
    const { admin, editor, writer, other } = await site();
    const visitor = await listen();
    const streams = {
      visitor,
      editor: await listen(editor.cookie),
      writer: await listen(writer.cookie),
      other: await listen(other.cookie),
    };
    try {
      const draft = await create(writer.as, post("A draft in progress"));
      const scheduled = await create(
        admin.as,
        post("Next month's news", { status: "published", publishAt: "2099-01-01T09:00:00+05:30" }),
      );
      const current = (await (await writer.as(`/api/posts/${draft.id}`)).json()) as PostRecord;
      expect(
        (
          await writer.as(
            `/api/posts/${draft.id}`,
            json("PUT", { version: current.version, data: { ...current.data, title: "A draft, again" } }),
          )
        ).status,
      ).toBe(200);
      // A published post, which visitors see: everyone hears it, and it comes after the others.
      const published = await create(admin.as, post("Out now", { status: "published" }));
      for (const stream of Object.values(streams)) await expect.poll(() => stream.text).toContain(published.id);

      expect(visitor.text).not.toContain(draft.id);
      expect(visitor.text).not.toContain(scheduled.id);
      expect(streams.other.text).not.toContain(draft.id);
      expect(streams.other.text).not.toContain(scheduled.id);
      expect(streams.editor.text).toContain(draft.id);
      expect(streams.editor.text).toContain(scheduled.id);
      expect(streams.writer.text).toContain(draft.id);
      expect(streams.writer.text).not.toContain(scheduled.id);

      // Deleting the draft is heard by staff and its Writer; unpublishing a post by everyone.
      expect((await admin.as(`/api/posts/${draft.id}`, { method: "DELETE" })).status).toBe(200);
      const now = (await (await admin.as(`/api/posts/${published.id}`)).json()) as PostRecord;
      const unpublished = await admin.as(
        `/api/posts/${published.id}`,
        json("PUT", { version: now.version, data: { ...now.data, status: "draft" } }),
      );
      expect(unpublished.status).toBe(200);
      const unpublishedEvent = `"id":"${published.id}","version":${now.version + 1}`;
      for (const stream of Object.values(streams)) await expect.poll(() => stream.text).toContain(unpublishedEvent);
      expect(streams.writer.text).toContain(`"id":"${draft.id}","version":2,"deleted":true`);
      expect(visitor.text).not.toContain(draft.id);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });
});
