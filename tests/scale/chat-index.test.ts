// `npm run test:scale` (not part of npm test: about a minute).
// The chat's index (server/chat/site-index.ts) on a blog of 10,000 posts of about 1,200 words:
// the first question builds it, later questions only search it, a saved post is put in
// on its own, and a change that names no post reads them all again.
import { rmSync } from "node:fs";
import { expect, it } from "vitest";
import { openSqliteStore } from "#server/db/sqlite.ts";
import { createEventBus } from "#server/events/bus.ts";
import { createLogger } from "#server/logger.ts";
import { SiteIndex } from "#server/chat/site-index.ts";
import { loadQuestions } from "../../scripts/eval-chat/eval.mjs";
import { post } from "../../scripts/bench/posts.mjs";
import { tempDir } from "../helpers/api-server.ts";

const POSTS = 10_000;

const time = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const began = performance.now();
  const result = await run();
  return [result, performance.now() - began];
};
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

it(`answers questions over ${POSTS.toLocaleString("en-US")} posts without reading them per question`, async () => {
  const dataDir = tempDir();
  const store = await openSqliteStore(dataDir);
  try {
    await store.writeBuiltInBlog();
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; i < POSTS; i += 8)
          await store.posts.create({ ...post(i, POSTS), status: "published" }, "owner@example.lk");
      }),
    );
    // Reading them alone, to tell the database's share of a build from the index's.
    const [, readMs] = await time(async () => {
      for await (const batch of store.posts.everyPublic(500)) expect(batch.length).toBeGreaterThan(0);
    });
    const bus = createEventBus();
    let postReads = 0;
    const index = new SiteIndex({
      documents: store.documents,
      translations: store.translations,
      posts: {
        get: (id) => store.posts.get(id),
        publicAddresses: (id) => store.posts.publicAddresses(id),
        findBySlug: (slug, locale) => store.posts.findBySlug(slug, locale),
        everyPublic: (size, locale) => {
          postReads++;
          return store.posts.everyPublic(size, locale);
        },
      },
      bus,
      logger: createLogger("silent"),
    });
    // What the index keeps (with `node --expose-gc`, as `npm run test:scale` runs it; else with garbage).
    const heapUsed = () => {
      (globalThis as { gc?: () => void }).gc?.();
      return process.memoryUsage().heapUsed;
    };
    const heapBefore = heapUsed();
    // The build runs between other requests: the longest the server stops answering during it.
    let blockedMs = 0;
    let tick = performance.now();
    const ticker = setInterval(() => {
      blockedMs = Math.max(blockedMs, performance.now() - tick);
      tick = performance.now();
    }, 1);
    const [, buildMs] = await time(() => index.search("Where are you located?", 3));
    clearInterval(ticker);
    const heapMiB = (heapUsed() - heapBefore) / 2 ** 20;

    const questions = loadQuestions().map(({ q }) => q);
    const questionMs: number[] = [];
    for (let round = 0; round < 3; round++)
      for (const question of questions)
        questionMs.push((await time(() => index.search(question, 6, { closeToBest: 0.25 })))[1]);

    const { id } = (await store.posts.list({ audience: "public", pageSize: 1 })).posts[0]!;
    const record = (await store.posts.get(id))!;
    const saved = await store.posts.save(
      id,
      { ...record.data, excerpt: "Matale cinnamon growers met Mexican buyers." },
      record.version,
      "owner@example.lk",
    );
    if (!saved.ok) throw new Error("conflict");
    bus.publish({ type: "post", id, version: saved.post.version });
    const [found, savedPostMs] = await time(() => index.search("Matale cinnamon Mexican buyers", 3));
    expect(found[0]!.passage.group).toBe(`post:${id}`);

    bus.publish({ type: "post", version: 0 });
    const [, rebuildMs] = await time(() => index.search("Where are you located?", 3));

    const median = quantile(questionMs, 0.5);
    const p95 = quantile(questionMs, 0.95);
    console.log(
      `${index.size()} entries; first question (build) ${Math.round(buildMs)} ms, ` +
        `longest stop ${Math.round(blockedMs)} ms, heap +${Math.round(heapMiB)} MiB; ` +
        `a question: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...questionMs).toFixed(1)} ms; ` +
        `after a post's save ${savedPostMs.toFixed(1)} ms; full rebuild ${Math.round(rebuildMs)} ms ` +
        `(reading the posts alone ${Math.round(readMs)} ms)`,
    );
    // Posts were read twice: the first build and the rebuild no post was named for.
    expect(postReads).toBe(2);
    expect(median).toBeLessThan(50);
    expect(savedPostMs).toBeLessThan(500);
    expect(buildMs).toBeLessThan(60_000);
    expect(blockedMs).toBeLessThan(1_000);
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 600_000);
