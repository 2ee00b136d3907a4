import { rmSync } from "node:fs";
import { parseFeed } from "@rowanmanning/feed-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBlog, defaultPosts } from "#content/defaults.ts";
import type { PostPage, PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { startFakeAi, type FakeAi } from "#server/dev/fake-ai.ts";
import { signIn, startApiServer, tempDir, type TestServer } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { strictXmlProblem } from "../helpers/strict-xml.ts";
import { insertRows } from "../helpers/table-rows.ts";

// Blog posts as records (issue 16): the posts API, its versions and history, and the order of
// the pages that list them (on the production build), on SQLite and
// (./postgres/posts.pg.test.ts) PostgreSQL.

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startApiServer();
  cookie = await signIn(server.url);
});
afterAll(() => server.close());

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Cookie: cookie, ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });

async function list(query = "", page = 1): Promise<PostPage> {
  const response = await send("GET", `/api/posts?query=${encodeURIComponent(query)}&page=${page}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PostPage;
}

async function read(id: string): Promise<PostRecord> {
  const response = await send("GET", `/api/posts/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PostRecord;
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

async function create(data: BlogPost): Promise<PostRecord> {
  const response = await send("POST", "/api/posts", { data });
  expect(response.status).toBe(201);
  return (await response.json()) as PostRecord;
}

/** Everything stored about the posts, to compare before and after a refused request. */
async function snapshot() {
  const all = await list("", 1);
  return { all, records: await Promise.all(all.posts.map((p) => read(p.id))) };
}

describe("a new site", () => {
  it("has the built-in posts as records, newest first, and a blog document with only the page's texts", async () => {
    const { posts, total, page, pages } = await list();
    expect(total).toBe(defaultPosts.length);
    expect({ page, pages }).toEqual({ page: 1, pages: 1 });
    expect(posts.map((p) => p.date)).toEqual([...defaultPosts.map((p) => p.date)].sort().reverse());
    expect(posts.map((p) => p.id).sort()).toEqual(defaultPosts.map((p) => p.id).sort());
    // Lists carry what a card shows, never a body.
    for (const summary of posts) expect(summary).not.toHaveProperty("content");
    expect(posts.find((p) => p.id === "default-post-1")?.slug).toBe(
      "why-sri-lankan-smes-need-a-brand-strategy-before-a-logo",
    );

    const blog = await (await fetch(`${server.url}/api/content/blog`)).json();
    expect(blog.data).toEqual({ title: defaultBlog.title, subtitle: defaultBlog.subtitle });
    const first = await read("default-post-1");
    const { id: _id, ...data } = defaultPosts.find((p) => p.id === "default-post-1")!;
    expect(first).toMatchObject({ version: 1, data });
  });

  it("refuses visitors: every posts endpoint needs a signed-in admin", async () => {
    for (const [method, path] of [
      ["GET", "/api/posts"],
      ["GET", "/api/posts/default-post-1"],
      ["POST", "/api/posts"],
      ["PUT", "/api/posts/default-post-1"],
      ["DELETE", "/api/posts/default-post-1"],
      ["GET", "/api/posts/default-post-1/revisions"],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { "Content-Type": "application/json" },
        ...(method === "POST" || method === "PUT" ? { body: JSON.stringify({ version: 1, data: post("x") }) } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect((await read("default-post-1")).version).toBe(1);
  });
});

describe("create, save, conflict, history, delete", () => {
  it("creates a post with an id, version 1 and an address from its title; a second one with the title gets -2", async () => {
    const first = await create(post("Tea Exports in 2030"));
    expect(first).toMatchObject({ version: 1, slug: "tea-exports-in-2030", updatedBy: "owner@example.lk" });
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const second = await create(post("Tea Exports in 2030"));
    expect(second.slug).toBe("tea-exports-in-2030-2");
    expect(await read(first.id)).toEqual(first);
  });

  it("saves one post against its version, and answers an old version with 409 and the current post", async () => {
    const created = await create(post("Version Test"));
    const saved = await send("PUT", `/api/posts/${created.id}`, {
      version: 1,
      data: { ...created.data, excerpt: "Second words." },
    });
    expect(saved.status).toBe(200);
    const v2 = (await saved.json()) as PostRecord;
    expect(v2).toMatchObject({ version: 2, slug: "version-test", data: { excerpt: "Second words." } });

    const stale = await send("PUT", `/api/posts/${created.id}`, {
      version: 1,
      data: { ...created.data, excerpt: "Lost words." },
    });
    expect(stale.status).toBe(409);
    const body = await stale.json();
    expect(body.error).toMatch(/changed by owner@example\.lk/);
    expect(body.current).toEqual(v2);
    expect(await read(created.id)).toEqual(v2);
  });

  it("a renamed post moves to a new address and keeps the old one; renaming back gives it back", async () => {
    const created = await create(post("Old Name Here"));
    const renamed = (await (
      await send("PUT", `/api/posts/${created.id}`, { version: 1, data: { ...created.data, title: "New Name Here" } })
    ).json()) as PostRecord;
    expect(renamed.slug).toBe("new-name-here");
    expect(renamed.data.formerSlugs).toEqual(["old-name-here"]);
    const found = await server.deps.store.posts.findBySlug("old-name-here");
    expect(found).toMatchObject({ post: { id: created.id, slug: "new-name-here" }, renamedFrom: "old-name-here" });

    const back = (await (
      await send("PUT", `/api/posts/${created.id}`, { version: 2, data: { ...renamed.data, title: "Old Name Here" } })
    ).json()) as PostRecord;
    expect(back.slug).toBe("old-name-here");
    expect(back.data.formerSlugs).toEqual(["new-name-here"]);
    // Whatever the client sends as former addresses, the server keeps its own.
    const sent = (await (
      await send("PUT", `/api/posts/${created.id}`, {
        version: 3,
        data: { ...back.data, formerSlugs: ["made-up"] },
      })
    ).json()) as PostRecord;
    expect(sent.data.formerSlugs).toEqual(["new-name-here"]);
  });

  it("keeps every version; restoring one saves it again as the newest", async () => {
    const created = await create(post("History Test"));
    await send("PUT", `/api/posts/${created.id}`, { version: 1, data: { ...created.data, excerpt: "Two." } });
    const revisions = (await (await send("GET", `/api/posts/${created.id}/revisions`)).json()).revisions;
    expect(revisions.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    const one = await (await send("GET", `/api/posts/${created.id}/revisions/1`)).json();
    expect(one.data.excerpt).toBe("About History Test.");

    const stale = await send("POST", `/api/posts/${created.id}/revisions/1/restore`, { version: 1 });
    expect(stale.status).toBe(409);
    const restored = await send("POST", `/api/posts/${created.id}/revisions/1/restore`, { version: 2 });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ version: 3, data: { excerpt: "About History Test." } });
    const after = (await (await send("GET", `/api/posts/${created.id}/revisions`)).json()).revisions;
    expect(after[0]).toMatchObject({ version: 3, restoredFrom: 1, createdBy: "owner@example.lk" });
    expect((await send("GET", `/api/posts/${created.id}/revisions/99`)).status).toBe(404);
  });

  it("deletes a post: gone from lists and reads, its address free, its history kept", async () => {
    const created = await create(post("Short Lived"));
    const deleted = await send("DELETE", `/api/posts/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ id: created.id });
    expect((await send("GET", `/api/posts/${created.id}`)).status).toBe(404);
    expect((await send("DELETE", `/api/posts/${created.id}`)).status).toBe(404);
    expect((await send("PUT", `/api/posts/${created.id}`, { version: 1, data: created.data })).status).toBe(404);
    expect((await list("short lived")).total).toBe(0);
    expect(await server.deps.store.posts.findBySlug("short-lived")).toBeUndefined();
    expect((await send("GET", `/api/posts/${created.id}/revisions`)).status).toBe(200);
    // A new post with that title takes the free address.
    expect((await create(post("Short Lived"))).slug).toBe("short-lived");
  });

  it("announces each change on the event stream, naming the post", async () => {
    const events: unknown[] = [];
    const stop = server.deps.bus.subscribe((event) => events.push(event));
    try {
      const created = await create(post("Announced"));
      await send("PUT", `/api/posts/${created.id}`, { version: 1, data: { ...created.data, excerpt: "x" } });
      await send("DELETE", `/api/posts/${created.id}`);
      expect(events).toEqual([
        { type: "post", id: created.id, version: 1 },
        { type: "post", id: created.id, version: 2 },
        { type: "post", id: created.id, version: 2, deleted: true },
      ]);
    } finally {
      stop();
    }
  });
});

describe("drafts and scheduled posts", () => {
  it("stores status and publish time; a post with a publish time is dated that day in Colombo", async () => {
    const draft = await create(post("A Draft", { status: "draft", date: "2026-01-01" }));
    expect(draft.data).toMatchObject({ status: "draft", date: "2026-01-01" });
    expect(draft.data).not.toHaveProperty("publishAt");
    // 20:00 UTC on 30 November is 01:30 on 1 December in Colombo.
    const scheduled = await create(post("Monday At Nine", { date: "2020-01-01", publishAt: "2026-11-30T20:00:00Z" }));
    expect(scheduled.data).toMatchObject({
      status: "published",
      publishAt: "2026-11-30T20:00:00Z",
      date: "2026-12-01",
    });
    // Left out, status is published (the API as it was).
    const { status: _status, ...plain } = post("No Status Sent");
    expect((await create(plain as BlogPost)).data.status).toBe("published");

    const { posts } = await list("Monday At Nine");
    expect(posts[0]).toMatchObject({ status: "published", publishAt: "2026-11-30T20:00:00Z", date: "2026-12-01" });
    // Back to draft: the date stays what it was.
    const back = await send("PUT", `/api/posts/${scheduled.id}`, {
      version: 1,
      data: { ...scheduled.data, status: "draft", publishAt: undefined },
    });
    expect((await back.json()).data).toMatchObject({ status: "draft", date: "2026-12-01" });
  });

  it("announces a scheduled post when its time comes, with nobody saving anything", async () => {
    const events: { id?: string; at: number }[] = [];
    const stop = server.deps.bus.subscribe(
      (event) => event.type === "post" && events.push({ id: event.id, at: Date.now() }),
    );
    try {
      const publishAt = new Date(Date.now() + 1_500).toISOString();
      const created = await create(post("Goes Live Soon", { publishAt }));
      await expect.poll(() => events.filter((e) => e.id === created.id).length, { timeout: 10_000 }).toBe(2);
      const [saved, live] = events.filter((e) => e.id === created.id);
      expect(saved!.at).toBeLessThan(Date.parse(publishAt));
      expect(live!.at).toBeGreaterThanOrEqual(Date.parse(publishAt));
    } finally {
      stop();
    }
  });
});

describe("search and pages", () => {
  it("finds words in titles and excerpts whatever their case, LIKE's own characters included", async () => {
    await create(post("Colombo Café Marketing", { excerpt: "Menus that sell 100% better." }));
    await create(post("Under_score Plans"));
    expect((await list("COLOMBO café")).posts.map((p) => p.title)).toEqual(["Colombo Café Marketing"]);
    expect((await list("100%")).posts.map((p) => p.title)).toEqual(["Colombo Café Marketing"]);
    expect((await list("%")).posts.map((p) => p.title)).toEqual(["Colombo Café Marketing"]);
    expect((await list("under_score")).posts.map((p) => p.title)).toEqual(["Under_score Plans"]);
    expect((await list("underscore")).total).toBe(0);
    // Each word must appear, anywhere.
    expect((await list("plans under")).posts.map((p) => p.title)).toEqual(["Under_score Plans"]);
    expect((await list("nothing-like-this")).posts).toEqual([]);
  });

  it("pages 24 cards at a time, newest first by date, then the post's own time", async () => {
    const before = (await list()).total;
    for (let i = 0; i < 30; i++) {
      await create(post(`Paged ${i}`, { date: `2030-01-${String(i + 1).padStart(2, "0")}` }));
    }
    const first = await list("paged");
    expect(first).toMatchObject({ total: 30, page: 1, pages: 2 });
    expect(first.posts).toHaveLength(24);
    expect(first.posts[0]!.title).toBe("Paged 29");
    const second = await list("paged", 2);
    expect(second.posts.map((p) => p.title)).toEqual([
      "Paged 5",
      "Paged 4",
      "Paged 3",
      "Paged 2",
      "Paged 1",
      "Paged 0",
    ]);
    expect((await list("paged", 3)).posts).toEqual([]);
    expect((await list()).total).toBe(before + 30);

    const sameDay = [
      await create(post("Same Day A", { date: "2031-05-05", updatedAt: "2031-05-05T10:00:00+05:30" })),
      await create(post("Same Day B", { date: "2031-05-05", updatedAt: "2031-05-05T05:00:00Z" })),
      await create(post("Same Day C", { date: "2031-05-05" })),
    ];
    // 10:00 in Colombo is 04:30 UTC: B is the newer; C, without a time, counts from its creation (before 2031).
    expect((await list("same day")).posts.map((p) => p.id)).toEqual([sameDay[1]!.id, sameDay[0]!.id, sameDay[2]!.id]);
  });

  it("posts of one date sent without an updatedAt: the newest first, by when they were created or published", async () => {
    const a = await create(post("Ordered Alpha", { date: "2001-02-03" }));
    const b = await create(post("Ordered Beta", { date: "2001-02-03" }));
    // Created last, but published on that day (09:00 in Colombo): it counts from then.
    const c = await create(post("Ordered Gamma", { publishAt: "2001-02-03T09:00:00+05:30" }));
    expect(c.data.date).toBe("2001-02-03");
    const order = [b.id, a.id, c.id];
    expect((await list("ordered")).posts.map((p) => p.id)).toEqual(order);
    // A save keeps the post where it was: its creation time does not change.
    const saved = await send("PUT", `/api/posts/${a.id}`, { version: 1, data: { ...a.data, excerpt: "Edited." } });
    expect(saved.status).toBe(200);
    expect((await list("ordered")).posts.map((p) => p.id)).toEqual(order);
  });
});

describe("many saves of one title at once", () => {
  it("eight creates, then eight renames, to one title at once, round after round: every post saved at an address of its own", async () => {
    const slugs: string[] = [];
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => send("POST", "/api/posts", { data: post("Same Title Race") })),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(8).fill(201));
      for (const created of (await Promise.all(responses.map((r) => r.json()))) as PostRecord[]) {
        expect((await read(created.id)).slug).toBe(created.slug);
        slugs.push(created.slug);
      }
    }
    expect(new Set(slugs).size).toBe(24);
    expect((await list("same title race")).total).toBe(24);

    const renamed: string[] = [];
    for (let round = 0; round < 3; round++) {
      const posts = await Promise.all(Array.from({ length: 8 }, (_, i) => create(post(`Rename Race ${round} ${i}`))));
      const responses = await Promise.all(
        posts.map((p) => send("PUT", `/api/posts/${p.id}`, { version: 1, data: { ...p.data, title: "Renamed Race" } })),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
      for (const saved of (await Promise.all(responses.map((r) => r.json()))) as PostRecord[]) {
        expect(await read(saved.id)).toMatchObject({ version: 2, slug: saved.slug, data: { title: "Renamed Race" } });
        renamed.push(saved.slug);
      }
    }
    expect(new Set(renamed).size).toBe(24);
    expect(renamed.every((slug) => /^renamed-race(-\d+)?$/.test(slug))).toBe(true);
  });
});

describe("every list, newest first", () => {
  let site: BuiltServer;
  let siteDir: string;
  let siteCookie: string;
  beforeAll(async () => {
    await ensureBuiltOnce();
    siteDir = tempDir("agency-posts-order-");
    site = await startBuiltServer(siteDir);
    siteCookie = await signIn(site.url);
  }, 600_000);
  afterAll(async () => {
    await site?.stop();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  });

  it("posts of one date sent through the API without an updatedAt: the later one first on every page", async () => {
    const createOn = async (title: string) => {
      // Newer than the built-in posts, and featured: both are on Home.
      const data = post(title, { date: "2031-02-03", featured: true });
      const response = await fetch(`${site.url}/api/posts`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: siteCookie },
        body: JSON.stringify({ data }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as PostRecord;
    };
    const a = await createOn("Earlier Sent Post");
    const b = await createOn("Later Sent Post");

    const admin = (await (
      await fetch(`${site.url}/api/posts`, { headers: { Cookie: siteCookie } })
    ).json()) as PostPage;
    expect(admin.posts.map((p) => p.id).slice(0, 2)).toEqual([b.id, a.id]);
    for (const [path, first, second] of [
      ["/", b.data.title, a.data.title],
      ["/blog", b.data.title, a.data.title],
      ["/blog/feed.xml", b.data.title, a.data.title],
      ["/sitemap.xml", `/blog/${b.slug}<`, `/blog/${a.slug}<`],
    ] as const) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(200);
      const text = await response.text();
      expect(text.indexOf(second), path).toBeGreaterThan(-1);
      expect(text.indexOf(first), path).toBeGreaterThan(-1);
      expect(text.indexOf(first), path).toBeLessThan(text.indexOf(second));
    }
  });
});

describe("what is stored never breaks the blog's pages, its feed or the chat", () => {
  let site: BuiltServer;
  let siteDir: string;
  let siteCookie: string;
  let ai: FakeAi;
  beforeAll(async () => {
    await ensureBuiltOnce();
    ai = await startFakeAi();
    siteDir = tempDir("agency-posts-stored-");
    site = await startBuiltServer(siteDir, {
      GEMINI_API_KEY: "sk-gemini-posts-test",
      GEMINI_BASE_URL: ai.url,
      GEMINI_MODEL: "gemini-test",
      // Warnings too: a post left out is logged.
      LOG_LEVEL: "warn",
    });
    siteCookie = await signIn(site.url);
  }, 600_000);
  afterAll(async () => {
    await site?.stop();
    await ai?.close();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  });

  const on = (method: string, path: string, body?: unknown) =>
    fetch(`${site.url}${path}`, {
      method,
      headers: { "Content-Type": "application/json", Cookie: siteCookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const page = async (path: string) => {
    const response = await fetch(`${site.url}${path}`);
    return { status: response.status, text: await response.text() };
  };

  it("every control character XML 1.0 forbids, U+FFFE and U+FFFF in a post: the feed and the sitemap stay XML, every post in them", async () => {
    const forbidden = `${Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join("")}\uFFFE\uFFFF`;
    const response = await on("POST", "/api/posts", {
      data: post(`Pasted ${forbidden} From A PDF`, {
        excerpt: `Page one${forbidden}page two.`,
        content: `Words\fmore words.\n\n${forbidden} and the last line.`,
        date: "2032-01-01",
      }),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as PostRecord;

    const feed = await page("/blog/feed.xml");
    expect(feed.status).toBe(200);
    expect(strictXmlProblem(feed.text)).toBeUndefined();
    const items = parseFeed(feed.text).items;
    expect(items).toHaveLength(defaultPosts.length + 1);
    const item = items.find((i) => i.id?.endsWith(`:post:${created.id}`));
    expect(item?.title).toMatch(/^Pasted .+ From A PDF$/);
    expect(item?.description).toMatch(/^Page one[^]+page two\.$/);
    expect(item?.content).toContain("the last line.");

    const sitemap = await page("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(strictXmlProblem(sitemap.text)).toBeUndefined();
    expect(sitemap.text).toContain(`/blog/${created.slug}<`);
  });

  it("a post stored past its schema's rules: every public page, the feed, the sitemap and the chat answer without it; the admin opens, fixes and deletes it", async () => {
    // As they were stored before dates had a range: publish times of 9999-12-31T23:59:59-23:59
    // (year +010000 in UTC) and of year 0 (dated 1901).
    const planted = (id: string, title: string, date: string, publishAt: string, publishedUtc: string) => {
      const data = { ...post(title, { featured: true }), date, publishAt };
      const { content: _content, placementId: _placement, ...card } = data;
      return {
        id,
        data,
        row: {
          id,
          version: 1,
          slug: id,
          title,
          search: `${title}\n${data.excerpt}`.toLowerCase(),
          date,
          sort_updated: publishedUtc,
          position: 1000,
          featured: 1,
          status: "published",
          publish_at: publishedUtc,
          summary: JSON.stringify({ ...card, postUpdatedAt: null }),
          data: JSON.stringify(data),
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
          updated_by: "owner@example.lk",
        },
      };
    };
    const beyond = planted(
      "planted-beyond",
      "Planted Beyond",
      "+010000-01",
      "9999-12-31T23:59:59-23:59",
      "+010000-01-01T23:58:59.000Z",
    );
    const ancient = planted(
      "planted-ancient",
      "Planted Ancient",
      "1901-01-01",
      "0000-01-01T00:00:00Z",
      "0000-01-01T00:00:00.000Z",
    );
    await insertRows(siteDir, "posts", [beyond.row, ancient.row]);
    await insertRows(
      siteDir,
      "post_revisions",
      [beyond, ancient].map(({ id, row }) => ({
        post_id: id,
        version: 1,
        data: row.data,
        created_at: row.created_at,
        created_by: row.updated_by,
        restored_from: null,
      })),
    );
    // Saved through the API after them (which also empties the cached pages).
    const healthy = (await (
      await on("POST", "/api/posts", {
        data: post("Healthy Neighbour", {
          featured: true,
          date: "2033-03-03",
          excerpt: "Zanzibar spice exporters find buyers in Colombo.",
        }),
      })
    ).json()) as PostRecord;

    const shows = {
      "/": healthy.data.title,
      "/blog": healthy.data.title,
      "/blog/feed.xml": healthy.data.title,
      "/sitemap.xml": `/blog/${healthy.slug}<`,
    };
    const pages = await Promise.all(Object.keys(shows).map(async (path) => ({ path, ...(await page(path)) })));
    expect(pages.map(({ path, status }) => [path, status])).toEqual(Object.keys(shows).map((path) => [path, 200]));

    // The chat answers, from the posts it can read.
    const chat = await fetch(`${site.url}/api/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message: "Do you help Zanzibar spice exporters?", history: [] }),
    });
    expect(chat.status).toBe(200);
    const events = await chat.text();
    expect(events).not.toContain("event: error");
    expect(events).toContain("event: done");
    expect(ai.requests.at(-1)?.prompt).toContain("Zanzibar spice exporters");

    for (const { path, text } of pages) {
      expect(text, path).toContain(shows[path as keyof typeof shows]);
      expect(text, path).not.toMatch(/Planted|planted-/);
    }
    expect(strictXmlProblem(pages.find(({ path }) => path === "/blog/feed.xml")!.text)).toBeUndefined();
    for (const path of ["/blog/planted-beyond", "/blog/planted-ancient"]) expect((await page(path)).status).toBe(404);

    // Logged, once each.
    const logged = () =>
      site
        .stderr()
        .split("\n")
        .filter((line) => line.includes("a stored post fails its schema"));
    await expect.poll(() => logged().length).toBe(2);
    const slugs = logged().map((line) => (JSON.parse(line) as { slug: string }).slug);
    expect(slugs.filter((slug) => slug === "planted-beyond")).toHaveLength(1);
    expect(slugs.filter((slug) => slug === "planted-ancient")).toHaveLength(1);

    // The admin: both in the list; each opens as stored, with what is wrong; its versions too.
    const admin = (await (await on("GET", "/api/posts")).json()) as PostPage;
    expect(admin.posts.map((p) => p.id)).toEqual(expect.arrayContaining(["planted-beyond", "planted-ancient"]));
    const opened = await on("GET", "/api/posts/planted-beyond");
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({
      id: "planted-beyond",
      version: 1,
      data: beyond.data,
      issues: expect.arrayContaining([{ path: "publishAt", message: "Use a date between 2000 and 2100." }]),
    });
    expect((await on("GET", "/api/posts/planted-beyond/revisions")).status).toBe(200);
    const version = await on("GET", "/api/posts/planted-beyond/revisions/1");
    expect(version.status).toBe(200);
    expect((await version.json()).data).toEqual(beyond.data);
    // Restoring a version the schema refuses is refused in words, and changes nothing.
    const restored = await on("POST", "/api/posts/planted-beyond/revisions/1/restore", { version: 1 });
    expect(restored.status).toBe(400);
    expect(await restored.json()).toMatchObject({
      error: "date: Use a date like 2025-01-31.",
      issues: expect.arrayContaining([{ path: "publishAt", message: "Use a date between 2000 and 2100." }]),
    });
    expect((await (await on("GET", "/api/posts/planted-beyond")).json()).version).toBe(1);

    // Fixed with a save, it is everywhere again.
    const fixed = await on("PUT", "/api/posts/planted-beyond", {
      version: 1,
      data: { ...beyond.data, date: "2026-04-04", publishAt: "2026-04-04T09:00:00+05:30" },
    });
    expect(fixed.status).toBe(200);
    expect(await fixed.json()).toMatchObject({ version: 2, slug: "planted-beyond", data: { date: "2026-04-04" } });
    expect((await page("/blog/feed.xml")).text).toContain("Planted Beyond");
    expect((await page("/blog/planted-beyond")).status).toBe(200);

    const deleted = await on("DELETE", "/api/posts/planted-ancient");
    expect(deleted.status).toBe(200);
    expect((await on("GET", "/api/posts/planted-ancient")).status).toBe(404);
    const after = (await (await on("GET", "/api/posts")).json()) as PostPage;
    expect(after.posts.map((p) => p.id)).not.toContain("planted-ancient");
  });
});

describe("refused requests change nothing", () => {
  it.each([
    ["malformed JSON", "POST", "/api/posts", "{nope", 400, /JSON/],
    ["no data", "POST", "/api/posts", {}, 400, /data/],
    ["an unknown key", "POST", "/api/posts", { data: { ...post("Bad"), slug: "x" } }, 400, /slug/],
    ["a wrong type", "POST", "/api/posts", { data: { ...post("Bad"), featured: "yes" } }, 400, /featured/],
    ["an unknown body key", "POST", "/api/posts", { data: post("Bad"), extra: 1 }, 400, /extra/],
    [
      "a script address",
      "POST",
      "/api/posts",
      { data: { ...post("Bad"), image: "javascript:alert(1)" } },
      400,
      /image/,
    ],
    ["an absurd title", "POST", "/api/posts", { data: post("x".repeat(301)) }, 400, /300/],
    ["a missing version", "PUT", "/api/posts/default-post-2", { data: post("Bad") }, 400, /version/],
    [
      "a version too large",
      "PUT",
      "/api/posts/default-post-2",
      { version: 2 ** 40, data: post("Bad") },
      400,
      /version/,
    ],
    ["an unknown post", "PUT", "/api/posts/no-such-post", { version: 1, data: post("Bad") }, 404, /does not exist/],
    ["an impossible id", "PUT", "/api/posts/has%20space", { version: 1, data: post("Bad") }, 404, /does not exist/],
    ["a long search", "GET", `/api/posts?query=${"x".repeat(201)}`, undefined, 400, /200/],
    ["a bad page", "GET", "/api/posts?page=0", undefined, 400, /page/],
    ["an unknown status", "POST", "/api/posts", { data: post("Bad", { status: "pending" as "draft" }) }, 400, /status/],
    [
      "a publish time without an offset",
      "POST",
      "/api/posts",
      { data: post("Bad", { publishAt: "2026-12-01T09:00:00" }) },
      400,
      /Publish at/,
    ],
    [
      "a save with a publish time past 9999",
      "PUT",
      "/api/posts/default-post-2",
      { version: 1, data: post("Bad", { publishAt: "9999-12-31T23:59:59-23:59" }) },
      400,
      /publishAt: Use a date between 2000 and 2100/,
    ],
  ])("%s", async (_name, method, path, body, status, message) => {
    const before = await snapshot();
    const response = await send(method, path, body);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  // Dates between 2000 and 2100: past 9999 a year of five digits ("+010000-01") broke every
  // reader of the post; year 0 was dated 1901.
  it.each([
    ["a publish time past 9999", { publishAt: "9999-12-31T23:59:59-23:59" }, "publishAt"],
    ["a publish time in year 0", { publishAt: "0000-01-01T00:00:00Z" }, "publishAt"],
    ["a publish time just before 2000", { publishAt: "1999-12-31T23:59:59Z" }, "publishAt"],
    ["a publish time in 2101", { publishAt: "2101-01-01T00:00:00Z" }, "publishAt"],
    ["a date before 2000", { date: "1999-12-31" }, "date"],
    ["a date after 2100", { date: "2101-01-01" }, "date"],
    ["an updatedAt after 2100 (in UTC)", { updatedAt: "2100-12-31T23:00:00-05:00" }, "updatedAt"],
  ] as const)("%s", async (_name, extra, field) => {
    const before = await snapshot();
    const response = await send("POST", "/api/posts", { data: post("Bad", extra) });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(`${field}: Use a date between 2000 and 2100.`);
    expect(await snapshot()).toEqual(before);
  });

  it("a publish time at either end of the range, in any offset, gives the post a date in it", async () => {
    for (const [publishAt, date] of [
      ["2000-01-01T00:00:00Z", "2000-01-01"],
      ["2100-12-31T18:29:59Z", "2100-12-31"],
    ] as const) {
      expect((await create(post("Edge Of Time", { publishAt }))).data.date).toBe(date);
    }
    // 23:59 UTC on the last day of 2100 is already 2101 in Colombo: the date it would get is refused.
    const before = await snapshot();
    const response = await send("POST", "/api/posts", { data: post("Bad", { publishAt: "2100-12-31T23:59:00Z" }) });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("date: Use a date between 2000 and 2100.");
    expect(await snapshot()).toEqual(before);
  });

  it("a foreign Origin", async () => {
    const before = await snapshot();
    const response = await send("POST", "/api/posts", { data: post("Cross Site") }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("a body over the 1 MB limit", async () => {
    const before = await snapshot();
    const response = await send("POST", "/api/posts", { data: post("Huge", { content: "x".repeat(1_100_000) }) });
    expect(response.status).toBe(413);
    expect(await snapshot()).toEqual(before);
  });
});
