import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { defaultPosts } from "#content/defaults.ts";
import type { PostPage, PostRecord } from "#content/posts.ts";
import type { BlogPost, LegacyBlogContent } from "#content/schemas.ts";
import { openStore } from "#server/db/open.ts";
import type { Store } from "#server/db/store.ts";
import { signIn, startTestServer, tempDir, type TestServer } from "../helpers/api-server.ts";
import { restoreOlderBackup } from "../helpers/older-backup.ts";
import { migrateBackBefore } from "../helpers/migrate-back.ts";
import { runSql, tableRows } from "../helpers/table-rows.ts";
import { onPostgres, storeEnvFor } from "../helpers/test-database.ts";

// Posts saved inside the blog document before they were records (issue 16) move into records
// as the database is migrated (0028-posts-move-in), with their ids, addresses and history; posts
// stored without a time to sort by get theirs (migration 0011-post-sort-time). A backup from
// before either is brought up to date as it is restored. SQLite here, PostgreSQL in ./postgres/.

const { id: _id, ...template } = defaultPosts[0]!;
const legacyPost = (id: string | undefined, title: string, extra: Record<string, unknown> = {}) => ({
  ...(id ? { id } : {}),
  ...template,
  title,
  excerpt: `About ${title}.`,
  ...extra,
});

/** The blog as an owner saved it, twice, before the change: version 1, then version 2. */
const version1: LegacyBlogContent = {
  title: "Old Insights",
  subtitle: "The first subtitle.",
  posts: [legacyPost("p-one", "First Title", { date: "2024-01-01" }), legacyPost("p-gone", "Deleted Later")],
};
const version2: LegacyBlogContent = {
  title: "Insights & Ideas",
  subtitle: "Our thinking.",
  posts: [
    legacyPost("p-one", "First Title Renamed", { date: "2024-01-01", formerSlugs: ["first-title"] }),
    legacyPost("p-two", "Second Post", { date: "2024-06-01", featured: true }),
    legacyPost(undefined, "Second Post", { date: "2024-07-01" }),
  ],
};

/** Saves the blog in `store` as it was stored before posts were records (a new store keeps it so). */
async function saveLegacyBlog(store: Store) {
  // The store writes what it is given (routes validate): exactly the old shape, as it was stored.
  expect((await store.documents.save("blog", version1, 0, "old@example.lk")).ok).toBe(true);
  expect((await store.documents.save("blog", version2, 1, "old@example.lk")).ok).toBe(true);
}

/** A site whose database a version before posts were records left: the blog holds them. */
async function legacySite(): Promise<string> {
  const dataDir = tempDir();
  const store = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
  try {
    await saveLegacyBlog(store);
  } finally {
    await store.close();
  }
  // As that version left it, with every migration since still to run.
  await migrateBackBefore(dataDir, "0004-posts");
  return dataDir;
}

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function start(dataDir: string) {
  const server = await startTestServer({ dataDir });
  servers.push(server);
  const cookie = await signIn(server.url);
  const api = (url: string, init: RequestInit = {}) =>
    fetch(`${server.url}${url}`, {
      ...init,
      headers: { "Content-Type": "application/json", Cookie: cookie, ...init.headers },
    });
  return { server, api };
}

async function postsOf(api: Awaited<ReturnType<typeof start>>["api"]) {
  const page = (await (await api("/api/posts")).json()) as PostPage;
  return page.posts;
}

/** What must hold after the move, whichever way the old data arrived. */
async function expectMovedIn({ server, api }: Awaited<ReturnType<typeof start>>) {
  const posts = await postsOf(api);
  expect(posts.map((p) => [p.title, p.slug])).toEqual([
    ["Second Post", "second-post-2"],
    ["Second Post", "second-post"],
    ["First Title Renamed", "first-title-renamed"],
  ]);
  expect(posts.map((p) => p.id).slice(1)).toEqual(["p-two", "p-one"]);
  // The post saved before ids existed got one.
  expect(posts[0]!.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  const one = (await (await api("/api/posts/p-one")).json()) as PostRecord;
  expect(one).toMatchObject({ version: 1, updatedBy: "old@example.lk" });
  const { id: _p, ...data } = version2.posts[0]!;
  expect(one.data).toEqual(data);
  expect(await server.deps.store.posts.findBySlug("first-title")).toMatchObject({ post: { id: "p-one" } });
  // Nothing that was there before is on the built-in posts' side.
  expect(posts.some((p) => defaultPosts.some((d) => d.id === p.id))).toBe(false);

  const blog = await (await api("/api/content/blog")).json();
  expect(blog).toMatchObject({ version: 3, data: { title: "Insights & Ideas", subtitle: "Our thinking." } });
  expect(blog.data).not.toHaveProperty("posts");
}

describe("moving posts into records", () => {
  it("a blog saved before the change: every post becomes a record with its id, address and author", async () => {
    const site = await start(await legacySite());
    await expectMovedIn(site);
    // Once only: a restart moves nothing and writes nothing.
    const before = await site.server.deps.store.backup.dump();
    await site.server.stop();
    const again = await start(site.server.dataDir);
    await expectMovedIn(again);
    expect(await again.server.deps.store.backup.dump()).toEqual(before);
  });

  it("an old version of the blog still restores, bringing back its posts as they were", async () => {
    const { api } = await start(await legacySite());
    const revisions = (await (await api("/api/content/blog/revisions")).json()).revisions;
    expect(revisions.map((r: { version: number }) => r.version)).toEqual([3, 2, 1]);

    // p-one is edited after the move; restoring version 1 makes the old copy its newest version.
    const one = (await (await api("/api/posts/p-one")).json()) as PostRecord;
    await api("/api/posts/p-one", {
      method: "PUT",
      body: JSON.stringify({ version: one.version, data: { ...one.data, excerpt: "Edited after the move." } }),
    });
    const restored = await api("/api/content/blog/revisions/1/restore", {
      method: "POST",
      body: JSON.stringify({ version: 3 }),
    });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ version: 4, data: { title: "Old Insights" } });

    const posts = await postsOf(api);
    expect(posts.map((p) => p.title).sort()).toEqual(
      ["Deleted Later", "First Title", "Second Post", "Second Post"].sort(),
    );
    const back = (await (await api("/api/posts/p-one")).json()) as PostRecord;
    expect(back).toMatchObject({ version: 3, slug: "first-title", data: { excerpt: "About First Title." } });
    // Every version in between is still there.
    const history = (await (await api("/api/posts/p-one/revisions")).json()).revisions;
    expect(history.map((r: { version: number }) => r.version)).toEqual([3, 2, 1]);
    expect((await (await api("/api/posts/p-gone")).json()).data.title).toBe("Deleted Later");
  });

  it("a backup taken before the change restores after it, its posts moving in as it is restored", async () => {
    const legacy = tempDir();
    const store = await openStore(await storeEnvFor({ DATA_DIR: legacy }));
    let restored: { file: string; dataDir: string };
    try {
      await saveLegacyBlog(store);
      // As the version before posts were records wrote it: without this change's migration.
      restored = await restoreOlderBackup(store, legacy, {
        without: "0004-posts",
        rewrite: (line) => (line.table?.startsWith("post") ? undefined : line),
      });
    } finally {
      await store.close();
    }
    expect(readFileSync(restored.file).length).toBeGreaterThan(0);
    const target = restored.dataDir;
    expect((await tableRows(target, "posts")).map((row) => row["title"]).sort()).toEqual([
      "First Title Renamed",
      "Second Post",
      "Second Post",
    ]);
    await expectMovedIn(await start(target));
  });

  // SQLite: one process cannot run two instances' transactions at once (see tests/helpers/each-store.ts).
  if (onPostgres())
    it("two instances starting together move the posts once", async () => {
      const dataDir = await legacySite();
      const [a, b] = await Promise.all([start(dataDir), start(dataDir)]);
      await expectMovedIn(a);
      expect(await postsOf(b.api)).toEqual(await postsOf(a.api));
    });
});

describe("posts without a time of their own to sort by (migration 0011-post-sort-time)", () => {
  /** A post as the API takes it: no updatedAt. */
  const { updatedAt: _u, ...sentTemplate } = template;
  const sent = (title: string): BlogPost => ({ ...sentTemplate, title, date: "2001-02-03", featured: false });

  /** A site with two posts of one date written one after the other (the second is the newer). */
  async function twoPosts(dataDir: string) {
    const store = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
    try {
      const first = await store.posts.create(sent("Sent First"), "owner@example.lk");
      const second = await store.posts.create(sent("Sent Second"), "owner@example.lk");
      return { store, newestFirst: [second.id, first.id] };
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  it("stored before it (sort_updated empty), they sort after it by their creation time, newest first", async () => {
    const dataDir = tempDir();
    const { store, newestFirst } = await twoPosts(dataDir);
    await store.close();
    // As the version before it stored them, with the migration still to run.
    await runSql(dataDir, "update posts set sort_updated = ''");
    await migrateBackBefore(dataDir, "0011-post-sort-time");

    const migrated = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
    try {
      const { posts } = await migrated.posts.list({ audience: "admin", pageSize: 10 });
      expect(posts.map((p) => p.id)).toEqual(newestFirst);
    } finally {
      await migrated.close();
    }
    for (const row of await tableRows(dataDir, "posts")) expect(row["sort_updated"]).toBe(row["created_at"]);
  });

  it("a backup taken before it restores after it, its posts getting their time as it is restored", async () => {
    const dataDir = tempDir();
    const { store, newestFirst } = await twoPosts(dataDir);
    let target: string;
    try {
      // As the version before it wrote the backup: posts without a time, and without the migration.
      ({ dataDir: target } = await restoreOlderBackup(store, dataDir, {
        without: "0011-post-sort-time",
        rewrite: (line) => (line.table === "posts" ? { ...line, row: { ...line.row, sort_updated: "" } } : line),
      }));
    } finally {
      await store.close();
    }
    for (const row of await tableRows(target, "posts")) expect(row["sort_updated"]).not.toBe("");
    const { api } = await start(target);
    const posts = await postsOf(api);
    expect(posts.filter((p) => newestFirst.includes(p.id)).map((p) => p.id)).toEqual(newestFirst);
  });
});
