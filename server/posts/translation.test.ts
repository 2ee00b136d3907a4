import { describe, expect, it } from "vitest";
import { readLiveEvent } from "#content/live-event-readers.ts";
import type { BlogPost } from "#content/schemas.ts";
import { blogPostSchema } from "#content/schemas.ts";
import { localizePost, postTranslationInputSchema, translatedTexts, type PostTranslationData } from "./translation.ts";

const english: BlogPost = {
  title: "Tea Exports",
  excerpt: "About tea.",
  content: "Words.",
  date: "2026-01-01",
  readTime: "1 min read",
  image: "/images/tea.svg",
  featured: true,
  placementId: 3,
  updatedAt: "2026-01-01T00:00:00.000Z",
  status: "published",
  publishAt: "2026-01-01T09:00:00+05:30",
};

const sinhala: PostTranslationData = {
  slug: "tea-exports",
  status: "draft",
  texts: { title: { text: "තේ අපනයන", source: "Tea Exports" }, excerpt: { text: "තේ ගැන.", source: "Older." } },
  formerSlugs: ["old-tea"],
};

describe("a post in another language", () => {
  it("is the English post with the translation's texts, status, publish time and former addresses, in the schema's order", () => {
    const { data, states, english: inEnglish } = localizePost(english, sinhala);
    expect(data).toEqual({
      formerSlugs: ["old-tea"],
      title: "තේ අපනයන",
      excerpt: "තේ ගැන.",
      content: "Words.",
      date: "2026-01-01",
      readTime: "1 min read",
      image: "/images/tea.svg",
      featured: true,
      placementId: 3,
      updatedAt: "2026-01-01T00:00:00.000Z",
      status: "draft",
    });
    expect(Object.keys(data)).toEqual(Object.keys(blogPostSchema.shape).filter((key) => key in data));
    // The excerpt translated an older English text: shown, and marked.
    expect(states).toEqual({ title: "translated", excerpt: "stale", content: "missing" });
    expect(inEnglish).toEqual(["content"]);
    // Not translated: a draft, in English.
    expect(localizePost(english, undefined)).toMatchObject({
      data: { title: "Tea Exports", status: "draft" },
      states: { title: "missing", excerpt: "missing", content: "missing" },
    });
    expect(localizePost(english, undefined).data).not.toHaveProperty("publishAt");
    // An empty English text has nothing to translate.
    expect(localizePost({ ...english, excerpt: "" }, sinhala).states).toEqual({
      title: "translated",
      content: "missing",
    });
  });

  it("a save keeps each text with the English text it translates; English or emptied is no translation; an unchanged stale text stays stale", () => {
    const seen = { title: "Tea Exports", excerpt: "About tea.", content: "Words.", imageAlt: "" };
    expect(
      translatedTexts(seen, { ...seen, title: "තේ අපනයන", excerpt: "තේ ගැන.", content: "Words." }, sinhala.texts),
    ).toEqual({
      title: { text: "තේ අපනයන", source: "Tea Exports" },
      excerpt: { text: "තේ ගැන.", source: "Older." },
    });
    // Changed, it translates today's English; emptied, it is gone.
    expect(translatedTexts(seen, { ...seen, title: "", excerpt: "තේ ගැන!", content: "වචන." }, sinhala.texts)).toEqual({
      excerpt: { text: "තේ ගැන!", source: "About tea." },
      content: { text: "වචන.", source: "Words." },
    });
    // A translation left as it was, after English changed since the editor read it, keeps the English it was read against.
    expect(
      translatedTexts({ ...seen, title: "Tea Exports 2026" }, { ...seen, title: "තේ අපනයන" }, sinhala.texts),
    ).toEqual({
      title: { text: "තේ අපනයන", source: "Tea Exports" },
    });
  });

  it("a stale text confirmed as still correct translates the English seen; one not confirmed stays stale", () => {
    const seen = { title: "Tea Exports", excerpt: "About tea.", content: "Words.", imageAlt: "" };
    const previous = { title: { text: "තේ අපනයන", source: "Older title." }, excerpt: sinhala.texts.excerpt! };
    const submitted = { ...seen, title: "තේ අපනයන", excerpt: "තේ ගැන." };
    expect(translatedTexts(seen, submitted, previous, new Set(["title", "content"]))).toEqual({
      title: { text: "තේ අපනයන", source: "Tea Exports" },
      excerpt: { text: "තේ ගැන.", source: "Older." },
    });
    // Confirmed but edited, already current, or left in English: saved as without it.
    const all = new Set(["title", "excerpt", "content", "imageAlt"]);
    const edited = { ...submitted, title: "තේ" };
    expect(translatedTexts(seen, edited, previous, all).title).toEqual({ text: "තේ", source: "Tea Exports" });
    const current = { title: { text: "තේ අපනයන", source: "Tea Exports" } };
    expect(translatedTexts(seen, submitted, current, all)).toEqual(translatedTexts(seen, submitted, current));
  });

  it("a save's data is checked as the English post's: cleaned texts, a status, a slug of the English rules, nothing unknown", () => {
    const sent = { ...english, title: "ශ්\u200Dරී\u0000 ලංකා\n", slug: "sri-lanka" };
    expect(postTranslationInputSchema.parse(sent)).toMatchObject({ title: "ශ්\u200Dරී ලංකා", slug: "sri-lanka" });
    for (const [bad, path] of [
      [{ ...english, status: undefined }, "status"],
      [{ ...english, slug: "Sri Lanka" }, "slug"],
      [{ ...english, featured: "yes" }, "featured"],
      [{ ...english, language: "si" }, ""],
      [{ ...english, title: 7 }, "title"],
    ] as const) {
      const result = postTranslationInputSchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.path.join(".")).toBe(path);
    }
  });

  it("its live event names the language; an unknown language is left out", () => {
    expect(readLiveEvent({ type: "post", id: "abc", locale: "si", version: 2 })).toEqual({
      type: "post",
      id: "abc",
      locale: "si",
      version: 2,
    });
    expect(readLiveEvent({ type: "post", id: "abc", locale: "xx", version: 2 })).toEqual({
      type: "post",
      id: "abc",
      version: 2,
    });
    expect(readLiveEvent({ type: "post", id: "abc", locale: "ta", version: 3, deleted: true })).toEqual({
      type: "post",
      id: "abc",
      locale: "ta",
      version: 3,
      deleted: true,
    });
  });
});
