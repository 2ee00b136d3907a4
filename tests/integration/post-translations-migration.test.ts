// The posts' translations on sites that had posts before them (migration 0014-post-translations):
// an upgraded site, and one restored from a backup taken before, get the built-in posts' Sinhala
// and Tamil only where the owner has not changed the English post, once, and nothing else
// changes. SQLite here, PostgreSQL in ./postgres/.
import { readdirSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { PostTranslationRecord } from "#content/posts.ts";
import { builtInPostTexts } from "#content/translations/index.ts";
import { openStore } from "#server/db/open.ts";
import { backupsDir } from "#server/lib/data-dir.ts";
import { signIn, startTestServer, tempDir, type TestServer } from "../helpers/api-server.ts";
import { restoreOlderBackup } from "../helpers/older-backup.ts";
import { migrateBackBefore } from "../helpers/migrate-back.ts";
import { runSql, tableRows } from "../helpers/table-rows.ts";
import { onPostgres, storeEnvFor } from "../helpers/test-database.ts";

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

const TRANSLATION_TABLES = ["post_translation_addresses", "post_translation_revisions", "post_translations"];

/**
 * A site as the version before translations stored it: the built-in posts, the second with the
 * owner's own excerpt, the third with its own content, the fourth deleted.
 */
async function siteBefore(): Promise<string> {
  const dataDir = tempDir();
  const first = await startTestServer({ dataDir });
  await first.stop();
  const store = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
  try {
    for (const [id, change] of [
      ["default-post-2", { excerpt: "The owner's own words." }],
      ["default-post-3", { content: "Rewritten by the owner." }],
    ] as const) {
      const post = (await store.posts.get(id))!;
      expect((await store.posts.save(id, { ...post.data, ...change }, post.version, "owner@example.lk")).ok).toBe(true);
    }
    expect(await store.posts.remove("default-post-4")).toBe(true);
  } finally {
    await store.close();
  }
  return dataDir;
}

/** Rows of `table`, in key order (PostgreSQL answers in any order). */
async function rowsOf(dataDir: string, table: string, key: string) {
  const rows = await tableRows(dataDir, table);
  return rows.sort((a, b) => String(a[key]).localeCompare(String(b[key])));
}

/** What must be true once the site has started after the change. */
async function expectTranslatedUnchangedOnly({ server, api }: Awaited<ReturnType<typeof start>>) {
  const rows = await rowsOf(server.dataDir, "post_translations", "key");
  expect(rows.map((row) => row["key"])).toEqual(["default-post-1:si", "default-post-1:ta"]);
  for (const locale of ["si", "ta"] as const) {
    const one = (await (await api(`/api/posts/default-post-1?locale=${locale}`)).json()) as PostTranslationRecord;
    expect(one).toMatchObject({
      version: 1,
      slug: "why-sri-lankan-smes-need-a-brand-strategy-before-a-logo",
      data: { ...builtInPostTexts(locale, "default-post-1")!.translated, status: "published" },
    });
    const found = await server.deps.store.posts.findBySlug(one.slug, locale);
    expect(found?.post.data.title).toBe(builtInPostTexts(locale, "default-post-1")!.translated.title);
    // Changed in English: not translated; its page in the language does not exist.
    const two = (await (await api(`/api/posts/default-post-2?locale=${locale}`)).json()) as PostTranslationRecord;
    expect(two).toMatchObject({ version: 0, data: { status: "draft", excerpt: "The owner's own words." } });
    const list = await server.deps.store.posts.list({ audience: "public", pageSize: 10, locale });
    expect(list.posts.map((p) => p.id)).toEqual(["default-post-1"]);
  }
}

describe("the built-in posts' translations on an existing site (migration 0014-post-translations)", () => {
  it("an upgraded site gets them for the built-in posts it has not changed, once; nothing it stored changes", async () => {
    const dataDir = await siteBefore();
    // As the version before stored it: the migration still to run.
    await migrateBackBefore(dataDir, "0014-post-translations");
    const before = {
      posts: await rowsOf(dataDir, "posts", "id"),
      revisions: await rowsOf(dataDir, "post_revisions", "id"),
      documents: await rowsOf(dataDir, "documents", "key"),
    };

    const site = await start(dataDir);
    await expectTranslatedUnchangedOnly(site);
    // As they were, but for the columns later migrations add (0017-user-roles: no creator for older
    // posts; 0023-post-review: none in review).
    const posts = (await rowsOf(dataDir, "posts", "id")).map(({ created_by, review, ...row }) => {
      expect(created_by).toBeNull();
      expect(review).toBe(0);
      return row;
    });
    expect({
      posts,
      revisions: await rowsOf(dataDir, "post_revisions", "id"),
      documents: await rowsOf(dataDir, "documents", "key"),
    }).toEqual(before);
    // SQLite keeps a copy of the database as it was before migrating.
    if (!onPostgres())
      expect(readdirSync(backupsDir(dataDir)).some((name) => name.startsWith("pre-migration-"))).toBe(true);

    // Deleted by the owner, a translation stays deleted at the next start.
    expect((await site.api("/api/posts/default-post-1?locale=ta", { method: "DELETE" })).status).toBe(200);
    await site.server.stop();
    const again = await start(dataDir);
    const rows = await rowsOf(dataDir, "post_translations", "key");
    expect(rows.map((row) => row["key"])).toEqual(["default-post-1:si"]);
    expect((await (await again.api("/api/posts/default-post-1?locale=ta")).json()).version).toBe(0);
  });

  it("a backup taken before it restores after it, the built-in posts it has not changed getting them as it is restored", async () => {
    const dataDir = await siteBefore();
    const store = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
    let target: string;
    try {
      // As the version before wrote the backup: no translation tables, and no migration.
      ({ dataDir: target } = await restoreOlderBackup(store, dataDir, {
        without: "0014-post-translations",
        rewrite: (line) => (line.table && TRANSLATION_TABLES.includes(line.table) ? undefined : line),
      }));
    } finally {
      await store.close();
    }
    expect((await rowsOf(target, "post_translations", "key")).map((row) => row["key"])).toEqual([
      "default-post-1:si",
      "default-post-1:ta",
    ]);
    await expectTranslatedUnchangedOnly(await start(target));
  });

  // SQLite: one process cannot run two instances' transactions at once (see tests/helpers/each-store.ts).
  if (onPostgres())
    it("two instances starting together write each translation once", async () => {
      const dataDir = await siteBefore();
      await runSql(dataDir, "delete from post_translation_revisions");
      await runSql(dataDir, "delete from post_translations");
      // As the version before the migration that writes them left it.
      await migrateBackBefore(dataDir, "0028-posts-move-in");
      const [a] = await Promise.all([start(dataDir), start(dataDir)]);
      await expectTranslatedUnchangedOnly(a);
      expect(await tableRows(dataDir, "post_translation_revisions")).toHaveLength(2);
    });
});
