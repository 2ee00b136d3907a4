// "In review" (issue 28, WordPress's "Pending Review"): a Writer submits their own draft for review,
// withdraws it, or edits it in review; an Editor finds it with the list's filter and publishes it,
// which clears the mark. Bad input changes nothing. SQLite here, PostgreSQL in
// ./postgres/post-review.pg.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import type { PostPage, PostRecord, PostTranslationRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { tableRows } from "../helpers/table-rows.ts";
import { testPost } from "../helpers/test-post.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PASSWORD = "a long enough password";
type Fetch = ReturnType<typeof adminFetch>;

/** A server with its Administrator, an Editor and a Writer, each signed in. */
async function site() {
  server = await startTestServer();
  const admin = adminFetch(server, await signIn(server.url));
  const as = async (role: "editor" | "writer") => {
    const email = `${role}@example.lk`;
    const added = await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email, password: PASSWORD, role }),
    });
    expect(added.status).toBe(201);
    return adminFetch(server!, await signIn(server!.url, { email, password: PASSWORD }));
  };
  return { admin, editor: await as("editor"), writer: await as("writer") };
}

/** A draft, unless `extra` says otherwise. */
const post = (title: string, extra: Partial<BlogPost> = {}) => testPost(title, { status: "draft", ...extra });

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const create = async (as: Fetch, data: BlogPost) => {
  const created = await as("/api/posts", json("POST", { data }));
  expect(created.status, await created.clone().text()).toBe(201);
  return (await created.json()) as PostRecord;
};
const read = async (as: Fetch, id: string) => (await (await as(`/api/posts/${id}`)).json()) as PostRecord;
const save = async (as: Fetch, id: string, change: Partial<BlogPost>, locale?: string) => {
  const path = `/api/posts/${id}${locale ? `?locale=${locale}` : ""}`;
  const current = (await (await as(path)).json()) as PostRecord;
  const saved = await as(path, json("PUT", { version: current.version, data: { ...current.data, ...change } }));
  return saved;
};
const list = async (as: Fetch, query = "") => {
  const answer = await as(`/api/posts${query}`);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as PostPage;
};
const titles = (page: PostPage) => page.posts.map((p) => p.title);
const postRows = () => tableRows(server!.dataDir, "posts");

describe("submitting a draft for review", () => {
  it("a Writer submits, edits in review and withdraws; the mark never publishes", async () => {
    const { editor, writer } = await site();
    const mine = await create(writer, post("Tea exports"));

    const submitted = await save(writer, mine.id, { review: true });
    expect(submitted.status).toBe(200);
    expect(((await submitted.json()) as PostRecord).data).toMatchObject({ status: "draft", review: true });
    expect((await list(editor, "?review=1")).posts).toMatchObject([{ id: mine.id, status: "draft", review: true }]);

    // Editing it keeps it in review; asking to publish it stores a draft, still in review.
    const edited = await save(writer, mine.id, { title: "Tea exports in 2026", status: "published" });
    expect(edited.status).toBe(200);
    expect((await read(editor, mine.id)).data).toMatchObject({
      title: "Tea exports in 2026",
      status: "draft",
      review: true,
    });
    expect((await postRows()).find((row) => row["id"] === mine.id)).toMatchObject({ status: "draft", review: 1 });
    expect(titles(await list(editor, "?status=published"))).not.toContain("Tea exports in 2026");

    // Withdrawn: a plain draft again.
    expect((await save(writer, mine.id, { review: false })).status).toBe(200);
    expect((await read(writer, mine.id)).data).not.toHaveProperty("review");
    expect((await list(editor, "?review=1")).posts).toEqual([]);
    expect(titles(await list(editor, "?status=draft"))).toContain("Tea exports in 2026");
  });

  it("a Writer cannot mark another account's post, nor a published one", async () => {
    const { editor, writer } = await site();
    const editors = await create(editor, post("The Editor's draft"));
    const before = await postRows();
    const refused = await save(writer, editors.id, { review: true });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("A Writer can only open the posts they created.");

    const mine = await create(writer, post("Mine"));
    expect((await save(editor, mine.id, { status: "published" })).status).toBe(200);
    const published = await save(writer, mine.id, { review: true });
    expect(published.status).toBe(403);
    expect((await published.json()).error).toBe(
      "This post is published: an Editor or Administrator can change or delete it.",
    );
    expect((await postRows()).filter((row) => row["id"] === editors.id)).toEqual(
      before.filter((row) => row["id"] === editors.id),
    );
    expect((await list(editor, "?review=1")).total).toBe(0);
  });

  it("an Editor finds the posts in review and publishes one, which clears its mark; 'Back to draft' does too", async () => {
    const { admin, editor, writer } = await site();
    const first = await create(writer, post("Cinnamon trade", { review: true }));
    const second = await create(writer, post("Gem fairs"));
    expect((await save(writer, second.id, { review: true })).status).toBe(200);
    await create(editor, post("Plain draft"));
    await create(editor, post("Live one", { status: "published" }));

    const inReview = await list(editor, "?review=1");
    expect(titles(inReview).sort()).toEqual(["Cinnamon trade", "Gem fairs"]);
    expect(inReview.total).toBe(2);
    // The Writer's own list shows them in review too.
    expect((await list(writer, "?review=1")).total).toBe(2);
    // The site's built-in posts are published.
    expect(titles(await list(editor, "?status=draft")).sort()).toEqual(["Cinnamon trade", "Gem fairs", "Plain draft"]);
    const published = titles(await list(editor, "?status=published"));
    expect(published).toContain("Live one");
    expect(published).not.toContain("Plain draft");

    const publishing = await save(editor, first.id, { status: "published" });
    expect(publishing.status).toBe(200);
    expect(((await publishing.json()) as PostRecord).data).not.toHaveProperty("review");
    expect((await postRows()).find((row) => row["id"] === first.id)).toMatchObject({ status: "published", review: 0 });

    expect((await save(editor, second.id, { review: false })).status).toBe(200);
    expect((await list(editor, "?review=1")).total).toBe(0);

    // The trail: the Writer's submissions, then the Editor's publish.
    const trail = (await (await admin("/api/audit?action=post.submit")).json()) as {
      events: { actor: { email: string }; target: { id: string } }[];
    };
    expect(trail.events.map((event) => [event.actor.email, event.target.id]).sort()).toEqual(
      [
        ["writer@example.lk", first.id],
        ["writer@example.lk", second.id],
      ].sort(),
    );
    const publishes = (await (await admin("/api/audit?action=post.publish")).json()) as {
      events: { actor: { email: string } }[];
    };
    expect(publishes.events.map((event) => event.actor.email)).toContain("editor@example.lk");
  });

  it("a translation goes in review in its language, on its own", async () => {
    const { editor, writer } = await site();
    const mine = await create(writer, post("Spice routes"));
    const submitted = await save(writer, mine.id, { title: "කුළුබඩු මාර්ග", review: true }, "si");
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    expect(((await submitted.json()) as PostTranslationRecord).data).toMatchObject({ status: "draft", review: true });
    expect((await list(editor, "?locale=si&review=1")).posts).toMatchObject([
      { id: mine.id, title: "කුළුබඩු මාර්ග", review: true, locale: "si" },
    ]);
    // English is not in review.
    expect((await list(editor, "?review=1")).total).toBe(0);

    // Published by the Editor: the English post first, then the translation; the mark is gone.
    expect((await save(editor, mine.id, { status: "published" })).status).toBe(200);
    const live = await save(editor, mine.id, { status: "published" }, "si");
    expect(live.status).toBe(200);
    expect(((await live.json()) as PostTranslationRecord).data).not.toHaveProperty("review");
    expect((await list(editor, "?locale=si&review=1")).total).toBe(0);
    expect(titles(await list(editor, "?locale=si&status=published"))).toContain("කුළුබඩු මාර්ග");
    expect(titles(await list(editor, "?locale=si&status=draft"))).not.toContain("කුළුබඩු මාර්ග");
  });

  it("each language counts and lists its own posts in review (the Blog tab's count and filter there)", async () => {
    const { editor, writer } = await site();
    const english = await create(writer, post("Cinnamon in English", { review: true }));
    const sinhala = await create(writer, post("Pepper"));
    expect((await save(writer, sinhala.id, { title: "ගම්මිරිස්", review: true }, "si")).status).toBe(200);
    const tamil = await create(writer, post("Cloves"));
    expect((await save(writer, tamil.id, { title: "கிராம்பு", review: true }, "ta")).status).toBe(200);
    // A plain draft translation is not in review.
    expect((await save(writer, tamil.id, { title: "කරාබු නැටි" }, "si")).status).toBe(200);

    const inReview = async (as: Fetch, locale?: string) => {
      const page = await list(as, `?review=1${locale ? `&locale=${locale}` : ""}`);
      return { total: page.total, posts: page.posts.map(({ id, title, review }) => ({ id, title, review })) };
    };
    const expected = {
      en: { total: 1, posts: [{ id: english.id, title: "Cinnamon in English", review: true }] },
      si: { total: 1, posts: [{ id: sinhala.id, title: "ගම්මිරිස්", review: true }] },
      ta: { total: 1, posts: [{ id: tamil.id, title: "கிராம்பு", review: true }] },
    };
    // The Editor's view, and the Writer's (their own posts), say the same in each language.
    for (const as of [editor, writer]) {
      expect(await inReview(as)).toEqual(expected.en);
      expect(await inReview(as, "en")).toEqual(expected.en);
      expect(await inReview(as, "si")).toEqual(expected.si);
      expect(await inReview(as, "ta")).toEqual(expected.ta);
    }
    // A search narrows the language's list the same way.
    expect((await list(editor, `?locale=si&review=1&query=${encodeURIComponent("ගම්මිරිස්")}`)).total).toBe(1);
    expect((await list(editor, "?locale=si&review=1&query=Cinnamon")).total).toBe(0);

    // Sent back to draft in Sinhala: Sinhala has none in review; the others keep theirs.
    expect((await save(editor, sinhala.id, { review: false }, "si")).status).toBe(200);
    expect(await inReview(editor, "si")).toEqual({ total: 0, posts: [] });
    expect(await inReview(editor)).toEqual(expected.en);
    expect(await inReview(editor, "ta")).toEqual(expected.ta);
  });

  it("refuses bad input with a clear 400 and changes nothing", async () => {
    const { editor, writer } = await site();
    const mine = await create(writer, post("Rubber", { review: true }));
    const before = await postRows();
    const current = await read(writer, mine.id);
    const bad = await writer(
      `/api/posts/${mine.id}`,
      json("PUT", { version: current.version, data: { ...current.data, review: "yes" } }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("review: review must be true or false.");
    expect(await postRows()).toEqual(before);

    for (const [query, error] of [
      ["?review=2", "review must be 1 (the posts in review)."],
      ["?status=live", 'status must be "draft", "scheduled" or "published".'],
      ["?review=1&status=draft", "Ask for review=1 or a status, not both."],
    ]) {
      const answer = await editor(`/api/posts${query}`);
      expect(answer.status, query).toBe(400);
      expect((await answer.json()).error, query).toBe(error);
    }
  });
});
