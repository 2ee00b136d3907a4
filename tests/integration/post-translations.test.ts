import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultPosts } from "#content/defaults.ts";
import type { LiveEvent } from "#content/live-events.ts";
import type { PostPage, PostRecord, PostTranslationRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { builtInPostTexts } from "#content/translations/index.ts";
import { signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";

// Posts in Sinhala and Tamil through the posts API (issue 25 item 4): each translation a record
// with its own version, history and 409, its status, schedule and address; on SQLite and
// (./postgres/post-translations.pg.test.ts) PostgreSQL.

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

async function json<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  const body = await answer.json();
  expect(answer.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

const read = (id: string, locale = "si") =>
  json<PostTranslationRecord>(send("GET", `/api/posts/${id}?locale=${locale}`));

const post = (title: string, extra: Partial<BlogPost> = {}): BlogPost => ({
  title,
  excerpt: `About ${title}.`,
  content: `## ${title}\n\nWords about ${title}.`,
  date: "2026-02-01",
  readTime: "1 min read",
  image: "/images/blog/one.svg",
  featured: false,
  placementId: 0,
  status: "published",
  ...extra,
});

const create = (data: BlogPost) => json<PostRecord>(send("POST", "/api/posts", { data }), 201);

/** Every event published while `run` runs. */
async function heard(run: () => Promise<unknown>): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  const stop = server.deps.bus.subscribe((event) => events.push(event));
  try {
    await run();
  } finally {
    stop();
  }
  return events;
}

/** Everything stored (the backup's rows), to compare before and after a refused request. */
const snapshot = () => server.deps.store.backup.dump();

const SINHALA_TITLE = "ශ්\u200Dරී ලංකාවේ ව්\u200Dයාපාර\u200Cසැලසුම්";
/** Found by a word with a joiner that no other post has. */
const SEARCHED_TITLE = "සොයන්න ක්\u200Dෂණිකව";

describe("a new site", () => {
  it("has the built-in posts published in Sinhala and Tamil, at their English addresses", async () => {
    for (const locale of ["si", "ta"] as const) {
      const page = await json<PostPage>(send("GET", `/api/posts?locale=${locale}`));
      expect(page.total).toBe(defaultPosts.length);
      expect(page.published).toBe(defaultPosts.length);
      for (const card of page.posts) {
        const builtIn = builtInPostTexts(locale, card.id)!;
        expect(card).toMatchObject({ locale, translated: true, status: "published", title: builtIn.translated.title });
      }
      const first = await read("default-post-1", locale);
      const english = defaultPosts.find((p) => p.id === "default-post-1")!;
      expect(first).toMatchObject({
        id: "default-post-1",
        locale,
        version: 1,
        slug: "why-sri-lankan-smes-need-a-brand-strategy-before-a-logo",
        englishVersion: 1,
        states: { title: "translated", excerpt: "translated", content: "translated" },
        updatedBy: null,
      });
      const { id: _id, ...shared } = english;
      expect(first.data).toEqual({ ...shared, ...builtInPostTexts(locale, "default-post-1")!.translated });
    }
  });
});

describe("a translation through the API", () => {
  it("reads as a draft in English before its first save; saves, conflicts, and never conflicts with English", async () => {
    const english = await create(post("Colombo Coffee"));
    const before = await read(english.id);
    expect(before).toEqual({
      id: english.id,
      locale: "si",
      version: 0,
      slug: "colombo-coffee",
      data: { ...english.data, status: "draft" },
      englishVersion: 1,
      states: { title: "missing", excerpt: "missing", content: "missing" },
      // The English texts beside each, at englishVersion: the admin's editor shows them without reading English again.
      englishTexts: {
        title: english.data.title,
        excerpt: english.data.excerpt,
        content: english.data.content,
        imageAlt: "",
      },
      updatedAt: null,
      updatedBy: null,
    });

    // Shared fields sent are ignored: they are English's, edited in English.
    let saved: PostTranslationRecord | undefined;
    const events = await heard(async () => {
      saved = await json<PostTranslationRecord>(
        send("PUT", `/api/posts/${english.id}?locale=si`, {
          version: 0,
          data: {
            ...before.data,
            title: SINHALA_TITLE,
            status: "published",
            image: "/images/other.svg",
            featured: true,
          },
        }),
      );
    });
    expect(saved).toMatchObject({
      version: 1,
      slug: "colombo-coffee",
      englishVersion: 1,
      states: { title: "translated", excerpt: "missing", content: "missing" },
      updatedBy: "owner@example.lk",
      data: { title: SINHALA_TITLE, excerpt: english.data.excerpt, image: english.data.image, featured: false },
    });
    expect(Buffer.from(saved!.data.title)).toEqual(Buffer.from(SINHALA_TITLE));
    expect(events).toEqual([{ type: "post", id: english.id, locale: "si", version: 1 }]);
    expect(await read(english.id)).toEqual(saved);
    expect((await json<PostRecord>(send("GET", `/api/posts/${english.id}`))).data).toEqual(english.data);

    // The same version again: 409 with the translation as it is.
    const stale = await json<{ error: string; current: PostTranslationRecord }>(
      send("PUT", `/api/posts/${english.id}?locale=si`, { version: 0, data: { ...before.data, status: "draft" } }),
      409,
    );
    expect(stale.error).toMatch(/Sinhala was changed by owner@example\.lk/);
    expect(stale.current).toEqual(saved);

    // English and Sinhala edited from the same versions: both are saved.
    await json(
      send("PUT", `/api/posts/${english.id}`, { version: 1, data: { ...english.data, title: "Colombo Coffee Co" } }),
    );
    const second = await json<PostTranslationRecord>(
      send("PUT", `/api/posts/${english.id}?locale=si`, {
        version: 1,
        data: { ...saved!.data, excerpt: "කොළඹ කෝපි." },
        englishVersion: 1,
      }),
    );
    expect(second).toMatchObject({ version: 2, englishVersion: 2, slug: "colombo-coffee" });
    // Its title translated the English title before the rename: "English changed".
    expect(second.states).toEqual({ title: "stale", excerpt: "translated", content: "missing" });
    // Saved again as shown, it stays marked; with a new text, it translates today's English.
    const kept = await json<PostTranslationRecord>(
      send("PUT", `/api/posts/${english.id}?locale=si`, { version: 2, data: second.data, englishVersion: 2 }),
    );
    expect(kept.states.title).toBe("stale");
    const renewed = await json<PostTranslationRecord>(
      send("PUT", `/api/posts/${english.id}?locale=si`, {
        version: 3,
        data: { ...kept.data, title: `${SINHALA_TITLE} සමාගම` },
      }),
    );
    expect(renewed.states.title).toBe("translated");
    // The English post's address moved; the translation's did not.
    expect((await json<PostRecord>(send("GET", `/api/posts/${english.id}`))).slug).toBe("colombo-coffee-co");
    expect(renewed.slug).toBe("colombo-coffee");
  });

  it("keeps every version, restores one, has an address of its own (301 from the old one), and is deleted alone", async () => {
    const english = await create(post("Kandy Tours"));
    const base = await read(english.id);
    const v1 = await json<PostTranslationRecord>(
      send("PUT", `/api/posts/${english.id}?locale=ta`, {
        version: 0,
        data: { ...base.data, title: "கண்டி பயணங்கள்", status: "published" },
      }),
    );
    expect(v1).toMatchObject({ locale: "ta", version: 1, data: { status: "published" } });
    // Renamed in Tamil.
    const v2 = await json<PostTranslationRecord>(
      send("PUT", `/api/posts/${english.id}?locale=ta`, {
        version: 1,
        data: { ...v1.data, title: "கண்டி சுற்றுலா", slug: "kandy-sutrula" },
      }),
    );
    expect(v2).toMatchObject({ version: 2, slug: "kandy-sutrula", data: { formerSlugs: ["kandy-tours"] } });
    expect(await server.deps.store.posts.findBySlug("kandy-tours", "ta")).toMatchObject({
      post: { id: english.id, slug: "kandy-sutrula" },
      renamedFrom: "kandy-tours",
    });
    expect((await server.deps.store.posts.findBySlug("kandy-tours"))?.post.slug).toBe("kandy-tours");

    const { revisions } = await json<{ revisions: { version: number }[] }>(
      send("GET", `/api/posts/${english.id}/revisions?locale=ta`),
    );
    expect(revisions.map((r) => r.version)).toEqual([2, 1]);
    expect(await json(send("GET", `/api/posts/${english.id}/revisions?locale=si`))).toEqual({ revisions: [] });
    const one = await json<{ slug: string; data: BlogPost }>(
      send("GET", `/api/posts/${english.id}/revisions/1?locale=ta`),
    );
    expect(one).toMatchObject({
      version: 1,
      slug: "kandy-tours",
      data: { title: "கண்டி பயணங்கள்", image: english.data.image },
    });
    await json(send("GET", `/api/posts/${english.id}/revisions/9?locale=ta`), 404);

    await json(send("POST", `/api/posts/${english.id}/revisions/1/restore?locale=ta`, { version: 1 }), 409);
    const restored = await json<PostTranslationRecord>(
      send("POST", `/api/posts/${english.id}/revisions/1/restore?locale=ta`, { version: 2 }),
    );
    expect(restored).toMatchObject({ version: 3, slug: "kandy-tours", data: { title: "கண்டி பயணங்கள்" } });
    const after = await json<{ revisions: { version: number; restoredFrom: number | null }[] }>(
      send("GET", `/api/posts/${english.id}/revisions?locale=ta`),
    );
    expect(after.revisions[0]).toMatchObject({ version: 3, restoredFrom: 1 });

    // Another post cannot take its address in Tamil.
    const other = await create(post("Galle Fort"));
    const otherTamil = await read(other.id, "ta");
    const before = await snapshot();
    const taken = await json<{ error: string }>(
      send("PUT", `/api/posts/${other.id}?locale=ta`, {
        version: 0,
        data: { ...otherTamil.data, slug: "kandy-tours" },
      }),
      400,
    );
    expect(taken.error).toBe('slug: The address "kandy-tours" is already used by another post in Tamil.');
    expect(await snapshot()).toEqual(before);

    // Deleted: the translation goes, English stays.
    const events = await heard(async () => {
      expect(await json(send("DELETE", `/api/posts/${english.id}?locale=ta`))).toEqual({
        id: english.id,
        locale: "ta",
      });
    });
    expect(events).toEqual([{ type: "post", id: english.id, locale: "ta", version: 3, deleted: true }]);
    expect(await read(english.id, "ta")).toMatchObject({ version: 0, data: { status: "draft", title: "Kandy Tours" } });
    expect((await json<{ error: string }>(send("DELETE", `/api/posts/${english.id}?locale=ta`), 404)).error).toBe(
      "That post has no Tamil translation.",
    );
    expect((await json<PostRecord>(send("GET", `/api/posts/${english.id}`))).version).toBe(1);
    // Deleting English deletes its translations.
    await json(
      send("PUT", `/api/posts/${english.id}?locale=si`, { version: 0, data: { ...base.data, title: "මහනුවර" } }),
    );
    await json(send("DELETE", `/api/posts/${english.id}`));
    await json(send("GET", `/api/posts/${english.id}?locale=si`), 404);
    await json(send("PUT", `/api/posts/${english.id}?locale=si`, { version: 1, data: base.data }), 404);
  });

  it("lists posts in the language for the admin, with where each stands, and finds Sinhala words", async () => {
    const english = await create(post("Search Me", { date: "2031-01-01" }));
    const base = await read(english.id);
    const page = await json<PostPage>(send("GET", `/api/posts?locale=si&query=${encodeURIComponent("search me")}`));
    expect(page.posts).toEqual([
      expect.objectContaining({ id: english.id, translated: false, version: 0, status: "draft", title: "Search Me" }),
    ]);
    await json(
      send("PUT", `/api/posts/${english.id}?locale=si`, {
        version: 0,
        data: { ...base.data, title: SEARCHED_TITLE, status: "draft" },
      }),
    );
    const found = await json<PostPage>(send("GET", `/api/posts?locale=si&query=${encodeURIComponent("ක්\u200Dෂණිකව")}`));
    expect(found.posts.map((p) => [p.id, p.title, p.status, p.translated])).toEqual([
      [english.id, SEARCHED_TITLE, "draft", true],
    ]);
    // English's list does not search the translations.
    expect((await json<PostPage>(send("GET", `/api/posts?query=${encodeURIComponent("ක්\u200Dෂණිකව")}`))).total).toBe(0);
  });

  it("translates a cover's own alt text like the title: the card and the post say it in the language", async () => {
    const sinhalaAlt = "ශ්\u200Dරී ලංකාවේ කඳුකරයේ තේ වත්තක්";
    const english = await create(post("Tea Country", { date: "2031-02-01", imageAlt: "A tea estate in the hills" }));
    const before = await read(english.id);
    expect(before.states).toMatchObject({ imageAlt: "missing" });
    const listed = async () =>
      (await json<PostPage>(send("GET", `/api/posts?locale=si&query=${encodeURIComponent("tea country")}`))).posts;
    expect(await listed()).toEqual([
      expect.objectContaining({ imageAlt: "A tea estate in the hills", english: ["title", "excerpt", "imageAlt"] }),
    ]);

    const saved = await json<PostTranslationRecord>(
      send("PUT", `/api/posts/${english.id}?locale=si`, {
        version: 0,
        data: { ...before.data, imageAlt: sinhalaAlt, status: "draft" },
      }),
    );
    expect(saved.states).toMatchObject({ title: "missing", imageAlt: "translated" });
    expect(Buffer.from(saved.data.imageAlt!)).toEqual(Buffer.from(sinhalaAlt));
    expect(await listed()).toEqual([
      expect.objectContaining({ imageAlt: sinhalaAlt, english: ["title", "excerpt"], translated: true }),
    ]);
    // English keeps its own.
    expect((await json<PostRecord>(send("GET", `/api/posts/${english.id}`))).data.imageAlt).toBe(
      "A tea estate in the hills",
    );

    // English changes its alt text: the Sinhala one is kept, marked as translating older English.
    const record = await json<PostRecord>(send("GET", `/api/posts/${english.id}`));
    await json(
      send("PUT", `/api/posts/${english.id}`, {
        version: record.version,
        data: { ...record.data, imageAlt: "Tea pickers on an estate in the hills" },
      }),
    );
    expect((await read(english.id)).states).toMatchObject({ imageAlt: "stale" });
  });

  it("announces a scheduled translation when its time comes, with its language", async () => {
    const english = await create(post("Avurudu Sale"));
    const base = await read(english.id);
    const publishAt = new Date(Date.now() + 1_500).toISOString();
    const events: { locale?: string; id?: string; at: number }[] = [];
    const stop = server.deps.bus.subscribe(
      (event) =>
        event.type === "post" &&
        events.push({ id: event.id, ...(event.locale && { locale: event.locale }), at: Date.now() }),
    );
    const publishedInSinhala = async () => (await json<PostPage>(send("GET", "/api/posts?locale=si"))).published;
    const before = await publishedInSinhala();
    try {
      await json(
        send("PUT", `/api/posts/${english.id}?locale=si`, {
          version: 0,
          data: { ...base.data, title: "අවුරුදු විකුණුම", status: "published", publishAt },
        }),
      );
      expect(await server.deps.store.posts.findBySlug("avurudu-sale", "si")).toBeUndefined();
      // Scheduled: not yet counted as published in Sinhala.
      expect(await publishedInSinhala()).toBe(before);
      await expect.poll(() => events.filter((e) => e.id === english.id).length, { timeout: 10_000 }).toBe(2);
      const [saved, live] = events.filter((e) => e.id === english.id);
      expect(saved).toMatchObject({ locale: "si" });
      expect(live).toMatchObject({ locale: "si" });
      expect(live!.at).toBeGreaterThanOrEqual(Date.parse(publishAt));
      expect((await server.deps.store.posts.findBySlug("avurudu-sale", "si"))?.post.data.title).toBe("අවුරුදු විකුණුම");
      expect(await publishedInSinhala()).toBe(before! + 1);
    } finally {
      stop();
    }
  });
});

describe("confirming a translation still correct", () => {
  const SINHALA_EXCERPT = "ගාල්ල ප්\u200Dරදීපාගාරය ගැන.";

  /** A post whose Sinhala title and excerpt translate English texts changed since: both read "stale". */
  async function staleTexts() {
    const english = await create(post("Galle Lighthouse", { date: "2031-03-01" }));
    const base = await read(english.id);
    await json(
      send("PUT", `/api/posts/${english.id}?locale=si`, {
        version: 0,
        englishVersion: base.englishVersion,
        data: { ...base.data, title: SINHALA_TITLE, excerpt: SINHALA_EXCERPT, status: "draft" },
      }),
    );
    await json(
      send("PUT", `/api/posts/${english.id}`, {
        version: english.version,
        data: { ...english.data, title: "Galle Lighthouse at Dusk", excerpt: "About the lighthouse." },
      }),
    );
    const stale = await read(english.id);
    expect(stale.states).toEqual({ title: "stale", excerpt: "stale", content: "missing" });
    expect(stale.data).toMatchObject({ title: SINHALA_TITLE, excerpt: SINHALA_EXCERPT });
    return stale;
  }

  it("stores a stale text sent back unchanged as translating the English seen; one not listed stays stale", async () => {
    const stale = await staleTexts();
    const saved = await json<PostTranslationRecord>(
      send("PUT", `/api/posts/${stale.id}?locale=si`, {
        version: stale.version,
        englishVersion: stale.englishVersion,
        data: stale.data,
        // A duplicate, and a text with no translation, change nothing.
        confirmed: ["title", "title", "content"],
      }),
    );
    expect(saved).toMatchObject({ version: stale.version + 1, englishVersion: stale.englishVersion });
    expect(saved.states).toEqual({ title: "translated", excerpt: "stale", content: "missing" });
    expect(saved.data).toEqual(stale.data);
    expect(Buffer.from(saved.data.title)).toEqual(Buffer.from(SINHALA_TITLE));
    expect(await read(stale.id)).toEqual(saved);
    const stored = await server.deps.store.posts.translations.get(stale.id, "si");
    expect(stored?.translation?.data).toMatchObject({
      texts: {
        title: { text: SINHALA_TITLE, source: "Galle Lighthouse at Dusk" },
        excerpt: { text: SINHALA_EXCERPT, source: "About Galle Lighthouse." },
      },
    });

    // Confirmed again (from another tab): no error, the same texts.
    const twice = await json<PostTranslationRecord>(
      send("PUT", `/api/posts/${stale.id}?locale=si`, {
        version: saved.version,
        englishVersion: saved.englishVersion,
        data: saved.data,
        confirmed: ["title"],
      }),
    );
    expect(twice.states).toEqual(saved.states);
  });

  const refused: [string, string, unknown, string][] = [
    ["confirmed that is not a list", "si", "title", "confirmed: Send a list of text paths."],
    ["a field that is not a string", "si", ["title", null], "confirmed.1: A text path is a string."],
    [
      "more than 1000 fields",
      "si",
      Array.from({ length: 1001 }, () => "title"),
      "confirmed: At most 1000 texts can be confirmed in one save.",
    ],
    ["a field over 300 characters", "si", ["t".repeat(301)], "confirmed.0: A text path is at most 300 characters."],
    [
      "a field that is no text",
      "si",
      ["title", "slug"],
      'confirmed: "slug" is not a text of a post (its texts are title, excerpt, content, imageAlt).',
    ],
    ["confirmed in an English save", "en", ["title"], "confirmed is only for a save in another language."],
  ];

  it.each(refused)("refuses %s, and stores nothing", async (_name, locale, confirmed, message) => {
    const stale = await staleTexts();
    const english = await json<PostRecord>(send("GET", `/api/posts/${stale.id}`));
    const base =
      locale === "en"
        ? { version: english.version, data: english.data }
        : { version: stale.version, englishVersion: stale.englishVersion, data: stale.data };
    const before = await snapshot();
    const answer = await json<{ error: string }>(
      send("PUT", `/api/posts/${stale.id}?locale=${locale}`, { ...base, confirmed }),
      400,
    );
    expect(answer.error).toBe(message);
    expect(await snapshot()).toEqual(before);
    expect((await read(stale.id)).states).toMatchObject({ title: "stale" });
  });
});

describe("refused requests change nothing", () => {
  const id = "default-post-2";
  const good = async () => (await read(id)).data;

  /** A case: what is sent, made from the translation as the API reads it (`data`). */
  type Sent = ((data: BlogPost) => unknown) | string | undefined;
  const save =
    (change: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (data: BlogPost) => ({
      version: 1,
      data: { ...data, ...change },
      ...extra,
    });
  const path = `/api/posts/${id}?locale=si`;
  const cases: [string, string, string, Sent, number, RegExp][] = [
    [
      "an unknown language",
      "GET",
      `/api/posts/${id}?locale=fr`,
      undefined,
      400,
      /Unknown language "fr": use en, si, ta\./,
    ],
    ["an unknown language in the list", "GET", "/api/posts?locale=SI", undefined, 400, /Unknown language/],
    ["an unknown language in a save", "PUT", `/api/posts/${id}?locale=xx`, save({}), 400, /Unknown language/],
    ["an unknown language in a delete", "DELETE", `/api/posts/${id}?locale=en-GB`, undefined, 400, /Unknown language/],
    [
      "an unknown language for history",
      "GET",
      `/api/posts/${id}/revisions?locale=x`,
      undefined,
      400,
      /Unknown language/,
    ],
    [
      "creating a post in Sinhala",
      "POST",
      "/api/posts?locale=si",
      (data) => ({ data }),
      400,
      /written in English first/,
    ],
    ["malformed JSON", "PUT", path, "{nope", 400, /JSON/],
    ["no version", "PUT", path, (data) => ({ data }), 400, /version/],
    ["an unknown body key", "PUT", path, save({}, { extra: 1 }), 400, /extra/],
    ["an unknown data key", "PUT", path, save({ language: "si" }), 400, /language/],
    ["a wrong type", "PUT", path, save({ title: 7 }), 400, /title/],
    ["a wrong type of a shared field", "PUT", path, save({ featured: "yes" }), 400, /featured/],
    ["no status", "PUT", path, save({ status: undefined }), 400, /status/],
    ["an unknown status", "PUT", path, save({ status: "live" }), 400, /status/],
    ["a slug of other letters", "PUT", path, save({ slug: "ශ්\u200Dරී-ලංකා" }), 400, /slug/],
    [
      "a publish time past 2100",
      "PUT",
      path,
      save({ publishAt: "2101-01-01T00:00:00Z" }),
      400,
      /publishAt: Use a date between 2000 and 2100/,
    ],
    ["a title over 300 characters", "PUT", path, save({ title: "ශ".repeat(301) }), 400, /300/],
    ["an image alt text over 300 characters", "PUT", path, save({ imageAlt: "ශ".repeat(301) }), 400, /imageAlt/],
    ["an image alt text that is no text", "PUT", path, save({ imageAlt: ["a"] }), 400, /imageAlt/],
    ["an English version not kept", "PUT", path, save({}, { englishVersion: 9 }), 400, /englishVersion/],
    ["an English version of the wrong type", "PUT", path, save({}, { englishVersion: "1" }), 400, /englishVersion/],
    [
      "an English version in an English save",
      "PUT",
      `/api/posts/${id}`,
      save({}, { englishVersion: 1 }),
      400,
      /englishVersion/,
    ],
    ["a version too large", "PUT", path, save({}, { version: 2 ** 40 }), 400, /version/],
    ["a stale version", "PUT", path, save({}, { version: 7 }), 409, /changed by/],
    ["an unknown post", "PUT", "/api/posts/no-such-post?locale=si", save({}, { version: 0 }), 404, /does not exist/],
    [
      "an unknown version to restore",
      "POST",
      `/api/posts/${id}/revisions/9/restore?locale=si`,
      () => ({ version: 1 }),
      404,
      /version/,
    ],
  ];

  it.each(cases)("%s", async (_name, method, url, body, status, message) => {
    const sent = typeof body === "function" ? body(await good()) : body;
    const before = await snapshot();
    const response = await send(method, url, sent);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it("not signed in: every translation endpoint answers 401", async () => {
    const before = await snapshot();
    for (const [method, path] of [
      ["GET", "/api/posts?locale=si"],
      ["GET", `/api/posts/${id}?locale=si`],
      ["PUT", `/api/posts/${id}?locale=si`],
      ["DELETE", `/api/posts/${id}?locale=si`],
      ["GET", `/api/posts/${id}/revisions?locale=si`],
      ["GET", `/api/posts/${id}/revisions/1?locale=si`],
      ["POST", `/api/posts/${id}/revisions/1/restore?locale=si`],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { "Content-Type": "application/json" },
        ...(method === "PUT" || method === "POST" ? { body: JSON.stringify({ version: 1, data: await good() }) } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a foreign Origin", async () => {
    const before = await snapshot();
    for (const [method, path] of [
      ["PUT", `/api/posts/${id}?locale=si`],
      ["DELETE", `/api/posts/${id}?locale=si`],
      ["POST", `/api/posts/${id}/revisions/1/restore?locale=si`],
    ] as const) {
      const response = await send(method, path, { version: 1, data: await good() }, { Origin: "https://evil.example" });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a body over the 1 MB limit", async () => {
    const before = await snapshot();
    const response = await send("PUT", `/api/posts/${id}?locale=si`, {
      version: 1,
      data: { ...(await good()), content: "ශ".repeat(400_000) },
    });
    expect(response.status).toBe(413);
    expect(await snapshot()).toEqual(before);
  });
});
