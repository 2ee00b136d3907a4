import { describe, expect, it } from "vitest";
import { defaultPosts } from "#content/defaults.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { builtInPostTexts } from "#content/translations/index.ts";
import { describeEachStore } from "../../tests/helpers/each-store.ts";
import type { PostTranslationTexts } from "./translation.ts";
import type { PostTranslationSave, PostTranslationSaveResult, PostTranslation } from "./types.ts";

// Posts in Sinhala and Tamil (issue 25): each translation a record of its own, with its status,
// schedule and address, listed by language in the English order. SQLite and PostgreSQL.

const post = (title: string, extra: Partial<BlogPost> = {}): BlogPost => ({
  title,
  excerpt: `About ${title}.`,
  content: `Words about ${title}.`,
  date: "2026-01-01",
  readTime: "1 min read",
  image: "",
  featured: false,
  placementId: 0,
  status: "published",
  ...extra,
});

/** Sinhala with joiners: ශ්‍රී (ZWJ) and a ZWNJ, which must come back byte for byte. */
const ZWJ_TITLE = "ශ්\u200Dරී ලංකා ව්\u200Dයාපාර\u200Cසැලසුම";

type Texts = Partial<Record<"title" | "excerpt" | "content", string>>;

/** A translation of `english` with the texts given (each kept with the English text it translates). */
function translation(
  english: PostRecord,
  texts: Texts,
  extra: Partial<PostTranslationSave["data"]> = {},
  slug?: string,
): PostTranslationSave {
  const stored: PostTranslationTexts = {};
  for (const [field, text] of Object.entries(texts) as [keyof Texts, string][])
    stored[field] = { text, source: english.data[field] };
  return {
    data: { status: "published", texts: stored, ...extra },
    ...(slug && { slug: { slug, ifTaken: "refuse" as const } }),
  };
}

const saved = (result: PostTranslationSaveResult): PostTranslation => {
  if (!result.ok) throw new Error(`not saved: ${JSON.stringify(result)}`);
  return result.translation;
};

describeEachStore((t) => {
  const translate = async (
    english: PostRecord,
    locale: TranslatedLocale,
    texts: Texts,
    extra: Partial<PostTranslationSave["data"]> = {},
    base = 0,
    slug?: string,
  ) =>
    saved(
      await t.store.posts.translations.save(
        english.id,
        locale,
        translation(english, texts, extra, slug),
        base,
        "a@x.lk",
      ),
    );

  describe("a post's translation", () => {
    it("is a record of its own: saved against its version (409 on a stale one), kept version by version, restored, deleted", async () => {
      const { translations } = t.store.posts;
      const english = await t.store.posts.create(post("Tea Exports"), "owner@x.lk");
      expect(await translations.get(english.id, "si")).toMatchObject({
        english: { id: english.id },
        translation: undefined,
      });
      expect(await translations.get("no-such-post", "si")).toBeUndefined();

      const v1 = await translate(english, "si", { title: "තේ අපනයන" });
      expect(v1).toMatchObject({ id: english.id, locale: "si", version: 1, slug: "tea-exports", updatedBy: "a@x.lk" });
      expect(v1.data).toEqual({
        slug: "tea-exports",
        status: "published",
        texts: { title: { text: "තේ අපනයන", source: "Tea Exports" } },
      });
      // A second first save is a conflict, with the translation as it is.
      const again = await translations.save(english.id, "si", translation(english, { title: "වෙනත්" }), 0, "b@x.lk");
      expect(again).toEqual({ ok: false, reason: "conflict", current: v1 });

      // English and Sinhala saves never conflict: each has its own version.
      expect((await t.store.posts.save(english.id, post("Tea Exports", { excerpt: "New." }), 1, "owner@x.lk")).ok).toBe(
        true,
      );
      const v2 = await translate(english, "si", { title: "තේ අපනයන", excerpt: "ලංකා තේ." }, {}, 1);
      expect(v2.version).toBe(2);
      const stale = await translations.save(english.id, "si", translation(english, { title: "x" }), 1, "b@x.lk");
      expect(stale).toMatchObject({ ok: false, reason: "conflict", current: { version: 2 } });

      // Two saves of one version at once (two instances on PostgreSQL): one wins.
      const rival = await t.rival();
      const race = await Promise.all([
        translations.save(english.id, "si", translation(english, { title: "A" }), 2, "a@x.lk"),
        rival.posts.translations.save(english.id, "si", translation(english, { title: "B" }), 2, "b@x.lk"),
      ]);
      expect(race.filter((result) => result.ok)).toHaveLength(1);
      const lost = race.find((result) => !result.ok);
      const won = race.find((result) => result.ok);
      expect(lost && !lost.ok && lost.reason === "conflict" && lost.current).toEqual(won?.ok && won.translation);

      expect((await translations.revisions(english.id, "si")).map((r) => r.version)).toEqual([3, 2, 1]);
      expect(await translations.revisions(english.id, "ta")).toEqual([]);
      const first = await translations.revision(english.id, "si", 1);
      expect(first).toMatchObject({ id: english.id, locale: "si", version: 1, createdBy: "a@x.lk", data: v1.data });
      expect(await translations.revision(english.id, "si", 9)).toBeUndefined();

      // A restore is the old version saved again, as the newest.
      const restored = saved(
        await translations.save(
          english.id,
          "si",
          { data: v1.data, slug: { slug: v1.slug, ifTaken: "keep" } },
          3,
          "c@x.lk",
          1,
        ),
      );
      expect(restored).toMatchObject({ version: 4, data: v1.data });
      expect((await translations.revisions(english.id, "si"))[0]).toMatchObject({ version: 4, restoredFrom: 1 });

      // Deleting the translation leaves English; its versions stay, and a new one follows them.
      expect(await translations.remove(english.id, "si")).toEqual({ version: 4 });
      expect(await translations.remove(english.id, "si")).toBeUndefined();
      expect((await translations.get(english.id, "si"))?.translation).toBeUndefined();
      expect((await t.store.posts.get(english.id))?.version).toBe(2);
      expect((await translate(english, "si", { title: "නැවත" })).version).toBe(5);

      // Deleting the English post deletes its translations (their versions stay).
      await translate(english, "ta", { title: "தேயிலை ஏற்றுமதி" });
      expect(await t.store.posts.remove(english.id)).toBe(true);
      expect(await translations.get(english.id, "si")).toBeUndefined();
      expect(await t.store.posts.findBySlug("tea-exports", "si")).toBeUndefined();
      expect(await t.store.posts.findBySlug("tea-exports", "ta")).toBeUndefined();
      const db = await t.database();
      expect(await db.selectFrom("post_translations").selectAll().execute()).toEqual([]);
      expect(await translations.revisions(english.id, "ta")).toHaveLength(1);
      // A save for a post that is gone finds none.
      expect(await translations.save(english.id, "si", translation(english, { title: "x" }), 0, null)).toEqual({
        ok: false,
        reason: "no-post",
      });
    });

    it("keeps Sinhala's joiners byte for byte, and the admin's search finds Sinhala and Tamil words", async () => {
      const english = await t.store.posts.create(post("Business Across Sri Lanka"), null);
      const content = `## ${ZWJ_TITLE}\n\nක්\u200Dරියාකාරී සැලැස්ම.`;
      await translate(english, "si", { title: ZWJ_TITLE, excerpt: `${ZWJ_TITLE} ගැන.`, content });
      await translate(english, "ta", { title: "இலங்கை முழுவதும் வணிகம்" });

      const stored = (await t.store.posts.translations.get(english.id, "si"))?.translation;
      expect(stored && !("issues" in stored) && Buffer.from(stored.data.texts.title!.text)).toEqual(
        Buffer.from(ZWJ_TITLE),
      );
      const db = await t.database();
      const row = await db
        .selectFrom("post_translations")
        .select(["title", "data"])
        .where("key", "=", `${english.id}:si`)
        .executeTakeFirstOrThrow();
      expect(Buffer.from(row.title)).toEqual(Buffer.from(ZWJ_TITLE));
      expect(JSON.parse(row.data).texts.content.text).toBe(content);
      const page = (await t.store.posts.findBySlug(english.slug, "si"))?.post;
      expect(page?.data.title).toBe(ZWJ_TITLE);
      expect(Buffer.from(page!.data.content)).toEqual(Buffer.from(content));

      const search = async (query: string, locale?: "si" | "ta") =>
        (await t.store.posts.list({ audience: "admin", query, pageSize: 10, locale })).posts.map((p) => p.title);
      // A word with its joiner, a word without one, and a word of the English post, in the language's list.
      expect(await search("ශ්\u200Dරී", "si")).toEqual([ZWJ_TITLE]);
      expect(await search("ලංකා", "si")).toEqual([ZWJ_TITLE]);
      expect(await search("business", "si")).toEqual([ZWJ_TITLE]);
      expect(await search("வணிகம்", "ta")).toEqual(["இலங்கை முழுவதும் வணிகம்"]);
      expect(await search("வணிகம்", "si")).toEqual([]);
      // The joiner is part of the word: without it, it is another word.
      expect(await search("ශ්රී", "si")).toEqual([]);
      expect(await search("ශ්\u200Dරී")).toEqual([]);
    });
  });

  describe("posts by language", () => {
    it("lists only the posts published in the language, in the English order, page by page, with its texts and addresses", async () => {
      const posts: PostRecord[] = [];
      // Twelve posts, one a day; the newest first in every language.
      for (let day = 1; day <= 12; day++) {
        const date = `2026-03-${String(day).padStart(2, "0")}`;
        posts.push(await t.store.posts.create(post(`Post ${day}`, { date, featured: day % 3 === 0 }), null));
      }
      // English draft, Sinhala published: listed in Sinhala only.
      const sinhalaOnly = await t.store.posts.create(
        post("Sinhala Only", { date: "2026-03-07", status: "draft" }),
        null,
      );
      for (const [index, english] of posts.entries()) {
        if (index === 4) continue; // Post 5: not translated.
        // Post 9: a Sinhala draft. Post 2: no excerpt of its own (English shows).
        const texts: Texts =
          index === 1 ? { title: `සිංහල ${index + 1}` } : { title: `සිංහල ${index + 1}`, excerpt: "සිංහල." };
        await translate(english, "si", texts, index === 8 ? { status: "draft" } : {});
      }
      await translate(sinhalaOnly, "si", { title: "සිංහලෙන් පමණි" });

      const publicList = (page: number) => t.store.posts.list({ audience: "public", page, pageSize: 5, locale: "si" });
      const first = await publicList(1);
      expect({ total: first.total, pages: first.pages }).toEqual({ total: 11, pages: 3 });
      const all = [...first.posts, ...(await publicList(2)).posts, ...(await publicList(3)).posts];
      expect(all.map((p) => p.title)).toEqual([
        "සිංහල 12",
        "සිංහල 11",
        "සිංහල 10",
        "සිංහල 8",
        // Dated as Post 7 and written after it: the newer by its creation time.
        "සිංහලෙන් පමණි",
        "සිංහල 7",
        "සිංහල 6",
        "සිංහල 4",
        "සිංහල 3",
        "සිංහල 2",
        "සිංහල 1",
      ]);
      // The English order: by date, then the post's own time.
      const englishOrder = (await t.store.posts.list({ audience: "admin", pageSize: 20 })).posts.map((p) => p.id);
      expect(all.map((p) => p.id)).toEqual(englishOrder.filter((id) => all.some((p) => p.id === id)));
      expect(all.map((p) => p.id)).not.toContain(posts[4]!.id);
      expect(all.map((p) => p.id)).not.toContain(posts[8]!.id);
      const second = all.find((p) => p.id === posts[1]!.id)!;
      expect(second).toMatchObject({
        locale: "si",
        version: 1,
        slug: "post-2",
        title: "සිංහල 2",
        excerpt: "About Post 2.",
        english: ["excerpt"],
        date: "2026-03-02",
      });
      expect(all.find((p) => p.id === posts[0]!.id)?.english).toEqual([]);
      // English lists stay as they were: the Sinhala-only post is a draft there.
      const englishPublic = await t.store.posts.list({ audience: "public", pageSize: 20 });
      expect(englishPublic.total).toBe(12);
      expect(englishPublic.posts.every((p) => p.locale === undefined && !p.title.startsWith("සිංහල"))).toBe(true);
      // Tamil has none.
      expect(await t.store.posts.list({ audience: "public", pageSize: 5, locale: "ta" })).toEqual({
        posts: [],
        total: 0,
        page: 1,
        pages: 1,
      });

      // Featured (every third post), and the feed's newest, in Sinhala.
      expect((await t.store.posts.featured(10, "si")).map((p) => p.title)).toEqual(["සිංහල 12", "සිංහල 6", "සිංහල 3"]);
      const newest = await t.store.posts.newest(3, "si");
      expect(newest.map((p) => [p.data.title, p.slug, p.locale])).toEqual([
        ["සිංහල 12", "post-12", "si"],
        ["සිංහල 11", "post-11", "si"],
        ["සිංහල 10", "post-10", "si"],
      ]);
      expect(newest[0]!.data).toMatchObject({ excerpt: "සිංහල.", content: "Words about Post 12.", status: "published" });
      expect(newest[0]!.english).toEqual(["content"]);
      const whole: string[] = [];
      for await (const batch of t.store.posts.everyPublic(4, "si")) whole.push(...batch.map((p) => p.id));
      expect(whole.sort()).toEqual(all.map((p) => p.id).sort());

      // The admin's list in Sinhala: every post, with where it stands there.
      const admin = await t.store.posts.list({ audience: "admin", pageSize: 20, locale: "si" });
      expect(admin.total).toBe(13);
      expect(admin.posts.find((p) => p.id === posts[4]!.id)).toMatchObject({
        translated: false,
        version: 0,
        status: "draft",
        title: "Post 5",
        slug: "post-5",
        english: ["title", "excerpt"],
      });
      expect(admin.posts.find((p) => p.id === posts[8]!.id)).toMatchObject({ translated: true, status: "draft" });

      // Addresses in every language, for the sitemap's alternates.
      const addresses = await t.store.posts.addressesInLanguages();
      expect(addresses).toHaveLength(13);
      expect(addresses[0]).toMatchObject({ id: posts[11]!.id, date: "2026-03-12" });
      expect(addresses[0]!.languages).toEqual({
        en: { slug: "post-12", updatedAt: posts[11]!.updatedAt },
        si: { slug: "post-12", updatedAt: expect.any(String) },
      });
      expect(addresses.find((a) => a.id === posts[4]!.id)!.languages).toEqual({
        en: { slug: "post-5", updatedAt: posts[4]!.updatedAt },
      });
      expect(Object.keys(addresses.find((a) => a.id === sinhalaOnly.id)!.languages)).toEqual(["si"]);
      expect(await t.store.posts.publicAddresses(posts[0]!.id)).toEqual({ en: "post-1", si: "post-1" });
      expect(await t.store.posts.publicAddresses(sinhalaOnly.id)).toEqual({ si: "sinhala-only" });
      expect(await t.store.posts.publicAddresses(posts[8]!.id)).toEqual({ en: "post-9" });
    });

    it("status and schedule are per language: public in Sinhala once published there, a scheduled translation at its time", async () => {
      const english = await t.store.posts.create(post("Monsoon Offers", { featured: true }), null);
      const draft = await translate(english, "si", { title: "මෝසම් දීමනා" }, { status: "draft" });
      const inSinhala = async () => ({
        list: (await t.store.posts.list({ audience: "public", pageSize: 10, locale: "si" })).posts.map((p) => p.id),
        page: (await t.store.posts.findBySlug("monsoon-offers", "si"))?.post.id,
        featured: (await t.store.posts.featured(3, "si")).map((p) => p.id),
      });
      const none = { list: [], page: undefined, featured: [] };
      const shown = { list: [english.id], page: english.id, featured: [english.id] };
      expect(await inSinhala()).toEqual(none);
      expect((await t.store.posts.findBySlug("monsoon-offers"))?.post.id).toBe(english.id);

      await translate(english, "si", { title: "මෝසම් දීමනා" }, {}, draft.version);
      expect(await inSinhala()).toEqual(shown);

      // Scheduled: not public until its time, which the scheduler is told about.
      const soon = new Date(Date.now() + 1_500);
      const scheduled = await translate(english, "si", { title: "මෝසම් දීමනා" }, { publishAt: soon.toISOString() }, 2);
      expect(await inSinhala()).toEqual(none);
      expect(await t.store.posts.nextPublication(new Date())).toEqual(soon);
      expect(await t.store.posts.publishedBetween(new Date(), new Date(soon.getTime() + 1))).toEqual([
        { id: english.id, version: scheduled.version, locale: "si" },
      ]);
      await expect.poll(inSinhala, { timeout: 5_000, interval: 100 }).toEqual(shown);
      // English was public all along.
      expect((await t.store.posts.list({ audience: "public", pageSize: 10 })).total).toBe(1);
    });

    it("an address per language: the English one at the first save, its own when named, the old one kept (301); English renames move none", async () => {
      const { translations } = t.store.posts;
      const english = await t.store.posts.create(post("Spring Sale"), null);
      const first = await translate(english, "si", { title: "වසන්ත විකුණුම" });
      expect(first.slug).toBe("spring-sale");
      // English renamed: the translation stays where it is.
      const renamed = await t.store.posts.save(english.id, post("Summer Sale"), 1, null);
      expect(renamed.ok && renamed.post.slug).toBe("summer-sale");
      expect((await t.store.posts.findBySlug("spring-sale", "si"))?.post.slug).toBe("spring-sale");
      // Tamil's first save takes the English address of that moment.
      expect((await translate(english, "ta", { title: "வசந்த விற்பனை" })).slug).toBe("summer-sale");

      // Renamed in Sinhala: the old address leads to the new one.
      const moved = await translate(english, "si", { title: "වසන්ත විකුණුම" }, {}, 1, "wasantha-wikunuma");
      expect(moved).toMatchObject({ slug: "wasantha-wikunuma", data: { formerSlugs: ["spring-sale"] } });
      expect(await t.store.posts.findBySlug("spring-sale", "si")).toMatchObject({
        post: { id: english.id, slug: "wasantha-wikunuma", locale: "si" },
        renamedFrom: "spring-sale",
      });
      expect((await t.store.posts.findBySlug("wasantha-wikunuma", "si"))?.renamedFrom).toBeUndefined();
      // Addresses are per language.
      expect(await t.store.posts.findBySlug("wasantha-wikunuma", "ta")).toBeUndefined();
      expect(await t.store.posts.findBySlug("wasantha-wikunuma")).toBeUndefined();
      expect((await t.store.posts.findBySlug("spring-sale"))?.renamedFrom).toBe("spring-sale");

      // Another post: the English address is taken in Sinhala, so its first save takes the next free one.
      const other = await t.store.posts.create(post("Wasantha Wikunuma"), null);
      expect((await translate(other, "si", { title: "වෙනත්" })).slug).toBe("wasantha-wikunuma-2");
      // A named address another post has in the language is refused, and nothing changes.
      expect(
        await translations.save(other.id, "si", translation(other, { title: "x" }, {}, "wasantha-wikunuma"), 1, null),
      ).toEqual({ ok: false, reason: "slug-taken", slug: "wasantha-wikunuma" });
      expect((await translations.get(other.id, "si"))?.translation).toMatchObject({ version: 1 });
      // A former address may be taken: the live one wins.
      await translate(other, "si", { title: "වෙනත්" }, {}, 1, "spring-sale");
      expect((await t.store.posts.findBySlug("spring-sale", "si"))?.post.id).toBe(other.id);
      // A restore asks for its old address back, and keeps the one it has when another post has it.
      const restored = saved(
        await translations.save(
          english.id,
          "si",
          { data: first.data, slug: { slug: "spring-sale", ifTaken: "keep" } },
          2,
          null,
          1,
        ),
      );
      expect(restored.slug).toBe("wasantha-wikunuma");
      // Renamed back: its former address is the one it left.
      const back = await translate(english, "si", { title: "වසන්ත" }, {}, 3, "vasantha");
      expect(back.data.formerSlugs).toEqual(["spring-sale", "wasantha-wikunuma"]);
      expect((await t.store.posts.findBySlug("wasantha-wikunuma", "si"))?.post.slug).toBe("vasantha");
    });

    it("the fingerprint changes with every change of a translation", async () => {
      const english = await t.store.posts.create(post("Printed"), null);
      const seen = [await t.store.posts.fingerprint()];
      await translate(english, "si", { title: "මුද්‍රිත" });
      seen.push(await t.store.posts.fingerprint());
      await translate(english, "si", { title: "මුද්‍රිතයි" }, {}, 1);
      seen.push(await t.store.posts.fingerprint());
      await t.store.posts.translations.remove(english.id, "si");
      seen.push(await t.store.posts.fingerprint());
      // Each change is seen (the catch-up compares with what it saw last).
      for (let i = 1; i < seen.length; i++) expect(seen[i]).not.toBe(seen[i - 1]);
    });
  });

  describe("the built-in posts in Sinhala and Tamil", () => {
    const builtInTitle = (locale: TranslatedLocale, id: string) => builtInPostTexts(locale, id)!.translated.title;

    it("a new site has them published; each is written once, and one deleted stays deleted", async () => {
      expect(await t.store.writeBuiltInBlog()).toBe(defaultPosts.length);
      for (const locale of ["si", "ta"] as const) {
        const { posts } = await t.store.posts.list({ audience: "public", pageSize: 10, locale });
        expect(posts.map((p) => p.id).sort()).toEqual(defaultPosts.map((p) => p.id).sort());
        for (const card of posts) expect(card).toMatchObject({ title: builtInTitle(locale, card.id), english: [] });
        const page = await t.store.posts.findBySlug(posts[0]!.slug, locale);
        expect(page?.post.data.content).toBe(builtInPostTexts(locale, posts[0]!.id)!.translated.content);
        expect(page?.post.english).toEqual([]);
      }
      const read = await t.store.posts.translations.get("default-post-1", "si");
      expect(read?.translation).toMatchObject({ version: 1, slug: read?.english.slug, updatedBy: null });

      expect(await t.store.posts.translations.remove("default-post-1", "ta")).toEqual({ version: 1 });
      const db = await t.database();
      const count = async () => (await db.selectFrom("post_translation_revisions").select("id").execute()).length;
      const before = await count();
      await t.reopen();
      expect(await t.store.writeBuiltInBlog()).toBe(0);
      expect(await count()).toBe(before);
      expect((await t.store.posts.translations.get("default-post-1", "ta"))?.translation).toBeUndefined();
      expect((await t.store.posts.translations.get("default-post-2", "ta"))?.translation).toMatchObject({ version: 1 });
    });
  });
});
