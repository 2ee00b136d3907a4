// `npm run test:scale` (not part of npm test). Migration 0026-images-by-id's data step on a blog that
// grew for years: 10,000 posts of about 1,300 words, each with an uploaded cover named by its file
// and saved three times (30,000 versions), one in ten linking another image's file in its body.
// Every cover and every version's becomes the image's address; the links stay; within a minute.
import { sql } from "kysely";
import { expect, it } from "vitest";
import { migrate } from "#server/db/migrate.ts";
import { openSqliteDatabase } from "#server/db/sqlite.ts";
import { createStore } from "#server/db/store.ts";
import { referToImagesById } from "#server/media/references.ts";
import { tempDir } from "../helpers/api-server.ts";

const POSTS = 10_000;
const VERSIONS = 3;
const IMAGES = 400;
const id = (n: number) => n.toString(16).padStart(24, "0");

it(`rewrites the image addresses of ${POSTS.toLocaleString("en-US")} posts, ${VERSIONS} versions each`, async () => {
  const db = openSqliteDatabase(tempDir());
  await migrate(db);
  const store = createStore(db, "sqlite");
  // Writing the blog is not what is measured: no wait for the disk on each of its 30,000 saves.
  await sql`pragma synchronous = off`.execute(db);
  try {
    for (let n = 0; n < IMAGES; n += 1) {
      await store.media.add({
        id: id(n),
        width: 1600,
        height: 900,
        format: "jpeg",
        bytes: 1000,
        files: [{ name: "1600.webp", width: 1600, height: 900, type: "image/webp", bytes: 1000 }],
        createdAt: new Date(Date.UTC(2025, 0, 1) + n).toISOString(),
        createdBy: null,
        uploadedBy: null,
        name: `image ${n}.jpg`,
      });
    }
    const content = `## A heading\n\n${"Colombo growth notes for busy founders. ".repeat(20)}\n\n`.repeat(18);
    // As the version before wrote them: the store is given file addresses, past the schema that would keep ids.
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; i < POSTS; i += 8) {
          const data = {
            title: `Growth note ${i}`,
            excerpt: "Notes.",
            content: i % 10 === 0 ? `${content}[The chart](/media/${id((i + 7) % IMAGES)}/1600.webp)` : content,
            date: "2025-01-01",
            readTime: "6 min read",
            image: `/media/${id(i % IMAGES)}/1600.webp`,
            featured: false,
            placementId: 0,
            status: "published" as const,
          };
          let post = await store.posts.create(data, null);
          for (let v = 1; v < VERSIONS; v += 1) {
            const saved = await store.posts.save(post.id, { ...data, excerpt: `Notes ${v}.` }, post.version, null);
            if (!saved.ok) throw new Error("save refused");
            post = saved.post;
          }
        }
      }),
    );

    await sql`pragma synchronous = normal`.execute(db);
    const started = performance.now();
    // In one transaction, as the start's migrations run (server/db/migrate.ts).
    const changed = await db.transaction().execute((trx) => referToImagesById(trx));
    const ms = performance.now() - started;
    console.log(
      `0026-images-by-id over ${POSTS} posts × ${VERSIONS} versions: ${changed} rows in ${Math.round(ms)} ms`,
    );
    // Each post's data and card, and each version.
    expect(changed).toBe(POSTS * 2 + POSTS * VERSIONS);
    const left = await db
      .selectFrom("post_revisions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("data", "like", '%"/media/%/1600.webp"%')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    expect(ms).toBeLessThan(60_000);
  } finally {
    await store.close();
  }
}, 900_000);
