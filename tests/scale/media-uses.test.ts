// `npm run test:scale` (not part of npm test). Where images are used, on a blog of 10,000 posts of
// about 1,300 words, every one with an uploaded image and one in ten embedding another in its body:
// the library's page (the uses of its 24 images) and the "Unused" filter (every post's uses, once)
// must each answer well within a second (server/media/uses.ts).
import { expect, it } from "vitest";
import { openSqliteStore } from "#server/db/sqlite.ts";
import { tempDir } from "../helpers/api-server.ts";

const POSTS = 10_000;
const IMAGES = 500;
const id = (n: number) => n.toString(16).padStart(24, "0");

it(`finds the uses of images among ${POSTS.toLocaleString("en-US")} posts`, async () => {
  const store = await openSqliteStore(tempDir());
  try {
    const now = new Date().toISOString();
    for (let n = 0; n < IMAGES; n += 1) {
      await store.media.add({
        id: id(n),
        width: 1600,
        height: 900,
        format: "jpeg",
        bytes: 1000,
        files: [{ name: "1600.webp", width: 1600, height: 900, type: "image/webp", bytes: 1000 }],
        createdAt: new Date(Date.parse(now) + n).toISOString(),
        createdBy: null,
        uploadedBy: null,
        name: `image ${n}.jpg`,
      });
    }
    const content = `## A heading\n\n${"Colombo growth notes for busy founders. ".repeat(20)}\n\n`.repeat(18);
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; i < POSTS; i += 8) {
          await store.posts.create(
            {
              title: `Growth note ${i}`,
              excerpt: "Notes.",
              content: i % 10 === 0 ? `${content}![](/media/${id((i + 7) % 400)}/1600.webp)` : content,
              date: "2025-01-01",
              readTime: "6 min read",
              image: `/media/${id(i % 400)}`,
              featured: false,
              placementId: 0,
              status: "published",
            },
            null,
          );
        }
      }),
    );

    let started = performance.now();
    const page = await store.media.page({ pageSize: 24 });
    const pageMs = performance.now() - started;
    // The newest 24 (ids 499…476) are among the unused 100 (400…499).
    expect(page.items.every((item) => item.uses.length === 0)).toBe(true);
    const used = await store.media.page({ pageSize: 24, ids: [id(7)] });
    expect(used.items[0]!.uses.length).toBeGreaterThanOrEqual(25);

    started = performance.now();
    const unused = await store.media.page({ pageSize: 24, unused: true });
    const unusedMs = performance.now() - started;
    expect(unused.total).toBe(100);
    console.log(
      `media uses over ${POSTS} posts: a page ${Math.round(pageMs)} ms, the Unused filter ${Math.round(unusedMs)} ms`,
    );
    expect(pageMs).toBeLessThan(1_000);
    expect(unusedMs).toBeLessThan(2_000);
  } finally {
    await store.close();
  }
}, 600_000);
