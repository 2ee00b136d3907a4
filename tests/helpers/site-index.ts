import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Locale } from "#content/locales.ts";
import type { AiProvider } from "#server/ai/provider.ts";
import { answerQuestion } from "#server/chat/answer.ts";
import { SiteIndex } from "#server/chat/site-index.ts";
import { openSqliteStore } from "#server/db/sqlite.ts";
import type { Store } from "#server/db/store.ts";
import { createEventBus, type EventBus } from "#server/events/bus.ts";
import { createLogger } from "#server/logger.ts";

/** The chat's index over a fresh SQLite store with the built-in posts, and every read it makes of the store. */
export interface RecordedIndex {
  store: Store;
  bus: EventBus;
  index: SiteIndex;
  /** Every read the index made, in order: `contact`, `contact:si`, `every post:si`, `post <id>`, … (clear it with `length = 0`). */
  reads: string[];
  close(): Promise<void>;
}

export async function openRecordedIndex(): Promise<RecordedIndex> {
  const dir = mkdtempSync(path.join(tmpdir(), "site-index-"));
  const store = await openSqliteStore(dir);
  await store.writeBuiltInBlog(); // the four built-in posts, published in English, Sinhala and Tamil
  const bus = createEventBus();
  const reads: string[] = [];
  const recorded = <T>(name: string, read: () => T): T => {
    reads.push(name);
    return read();
  };
  const index = new SiteIndex({
    documents: { ...store.documents, get: (key) => recorded(key, () => store.documents.get(key)) },
    translations: {
      ...store.translations,
      get: (id) => recorded(`${id.key}:${id.locale}`, () => store.translations.get(id)),
    },
    posts: {
      get: (id) => recorded(`post ${id}`, () => store.posts.get(id)),
      everyPublic: (size, locale) =>
        recorded(locale && locale !== "en" ? `every post:${locale}` : "every post", () =>
          store.posts.everyPublic(size, locale),
        ),
      publicAddresses: (id) => recorded(`addresses ${id}`, () => store.posts.publicAddresses(id)),
      findBySlug: (slug, locale) => recorded(`post ${locale}/${slug}`, () => store.posts.findBySlug(slug, locale)),
    },
    // Team pages are few: read whole on each of their saves (not recorded: the posts' reads are what is measured).
    pages: store.pages,
    bus,
    logger: createLogger("silent"),
  });
  return {
    store,
    bus,
    index,
    reads,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A recorded index opened before this file's tests and closed after them, and the search as the
 * retrieval's tests ask it (server/chat/round*.test.ts): `best`, the passages found, best first;
 * `said`, their headings and texts joined, what a no-model answer quotes ("" when none answers).
 */
export function recordedIndexPerFile() {
  let site: RecordedIndex | undefined;
  beforeAll(async () => {
    site = await openRecordedIndex();
  });
  afterAll(() => site?.close());
  const opened = () => {
    if (!site) throw new Error("the index opens before the tests (beforeAll)");
    return site;
  };
  const best = async (question: string, locale: Locale, limit = 3) =>
    (await opened().index.search(question, limit, { locale })).map(({ passage }) => passage);
  const said = async (question: string, locale: Locale) =>
    (await best(question, locale)).map(({ heading, text }) => `${heading}: ${text}`).join("\n");
  /** The whole no-model answer to `question`, whether it counts as answered, and its sources. */
  const answer = async (question: string, locale: Locale = "en") => {
    const reply = await answerQuestion({
      question,
      history: [],
      provider: { kind: "none" } as AiProvider,
      index: opened().index,
      contactEmail: "hello@example.lk",
      locale,
    });
    let text = "";
    for await (const piece of reply.pieces) text += piece;
    return { text, answered: reply.answered, sources: reply.sources() };
  };
  return {
    get site() {
      return opened();
    },
    best,
    said,
    answer,
  };
}
