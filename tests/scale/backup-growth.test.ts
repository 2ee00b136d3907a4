// `npm run test:scale` (not part of npm test: about a minute and 1.5 GB of memory).
// A blog that grew for years: 10,000 posts of about 1,300 words, each saved six times.
// Its backup is larger than one JavaScript string may be (about 600 MB of JSON lines);
// `npm run backup` and `npm run restore` must still take it, each within a minute.
import { rmSync } from "node:fs";
import { SQLite } from "#server/db/sqlite-driver.ts";
import { expect, it } from "vitest";
import { runBackupCli, runRestoreCli } from "#server/cli/backup.ts";
import { openSqliteStore } from "#server/db/sqlite.ts";
import { sqliteFile } from "#server/lib/data-dir.ts";
import { tempDir } from "../helpers/api-server.ts";

const POSTS = 10_000;
const VERSIONS = 6;

it(`backs up and restores ${POSTS.toLocaleString("en-US")} posts with ${VERSIONS} versions each`, async () => {
  const dataDir = tempDir();
  const target = tempDir();
  rmSync(target, { recursive: true, force: true });
  const file = `${dataDir}.json.gz`;
  try {
    const store = await openSqliteStore(dataDir);
    await store.writeBuiltInBlog();
    const content = `## A heading\n\n${"Colombo growth notes for busy founders. ".repeat(20)}\n\n`.repeat(18);
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; i < POSTS; i += 8) {
          await store.posts.create(
            {
              title: `Growth note ${i}`,
              excerpt: `Excerpt ${i}.`,
              content,
              date: "2026-01-01",
              readTime: "7 min read",
              image: "",
              featured: false,
              placementId: i,
              status: "published",
            },
            "owner@example.lk",
          );
        }
      }),
    );
    await store.close();
    // The five later versions of every post, written directly: saving 50,000 times through the API adds nothing here.
    const database = new SQLite(sqliteFile(dataDir));
    for (let k = 1; k < VERSIONS; k++) {
      database
        .prepare(
          `insert into post_revisions (post_id, version, data, created_at, created_by, restored_from)
           select post_id, version + ${k}, data, created_at, created_by, null from post_revisions where version = 1`,
        )
        .run();
    }
    database.close();

    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    let started = Date.now();
    expect(await runBackupCli([file], { DATA_DIR: dataDir }, io), lines.join("\n")).toBe(0);
    const backupMs = Date.now() - started;
    started = Date.now();
    expect(await runRestoreCli([file], { DATA_DIR: target }, io), lines.join("\n")).toBe(0);
    const restoreMs = Date.now() - started;
    console.log(`backup ${backupMs} ms, restore ${restoreMs} ms`);
    // Every post (the four built-in ones too) with its versions, and the blog document with its one revision.
    expect(lines.at(-1)).toMatch(new RegExp(`^Restored ${(POSTS + 4) * (VERSIONS + 1) + 2} rows`));
    expect(backupMs).toBeLessThan(60_000);
    expect(restoreMs).toBeLessThan(60_000);

    const restored = await openSqliteStore(target);
    try {
      expect((await restored.posts.list({ audience: "admin", pageSize: 1 })).total).toBe(POSTS + 4);
      const { id } = (await restored.posts.list({ audience: "admin", query: "growth note 1234", pageSize: 1 }))
        .posts[0]!;
      expect(await restored.posts.revisions(id)).toHaveLength(VERSIONS);
    } finally {
      await restored.close();
    }
  } finally {
    for (const path of [dataDir, target, file]) rmSync(path, { recursive: true, force: true });
  }
}, 600_000);
