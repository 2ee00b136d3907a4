import { describe, expect, it } from "vitest";
import type { PostRecord, PostTranslationRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import {
  isPostTranslationCopy,
  postTextsOf,
  postTranslationCopy,
  postTranslationOutgoing,
  postTranslationSchema,
  previewedTranslation,
} from "./post-translation-copy.ts";
import { isTranslationCopy, textsInLanguage } from "./translation-copy.ts";

/** "ශ්‍රී ලංකාවේ බ්‍රෑන්ඩ් උපාය": two joiners (U+200D) that must survive the copy. */
const SINHALA_TITLE = "ශ්\u200Dරී ලංකාවේ බ්\u200Dරෑන්ඩ් උපාය";

const english: BlogPost = {
  title: "Brand Strategy in Sri Lanka",
  excerpt: "How brands grow here.",
  content: "## Start\n\nWith **care**.",
  date: "2026-03-01",
  readTime: "4 min read",
  image: "/media/brand.webp",
  featured: true,
  placementId: 2,
  status: "published",
  publishAt: "2026-03-01T09:00:00+05:30",
};

/** The API's answer in Sinhala: the title translated, the excerpt's English changed since, the body not translated. */
const answer: PostTranslationRecord = {
  id: "p1",
  locale: "si",
  version: 3,
  slug: "brand-strategy-in-sri-lanka",
  englishVersion: 7,
  states: { title: "translated", excerpt: "stale", content: "missing" },
  data: { ...english, title: SINHALA_TITLE, excerpt: "පැරණි සාරාංශය", status: "draft", publishAt: undefined },
  englishTexts: postTextsOf(english),
  updatedAt: "2026-03-02T09:00:00.000Z",
  updatedBy: "owner@example.lk",
};

describe("a post's translation in Edit Post", () => {
  const copy = postTranslationCopy(answer, postTextsOf(english));

  it("starts its untranslated texts empty, keeps the translated ones whole, and its address beside them", () => {
    expect(copy.data.title).toBe(SINHALA_TITLE);
    expect([...copy.data.title].filter((c) => c === "\u200D")).toHaveLength(2);
    expect(copy.data.excerpt).toBe("පැරණි සාරාංශය");
    expect(copy.data.content).toBe("");
    expect(copy.data.slug).toBe("brand-strategy-in-sri-lanka");
    expect(copy.data).toMatchObject({ status: "draft", date: "2026-03-01", featured: true });
    expect(copy.englishTexts).toEqual({
      title: "Brand Strategy in Sri Lanka",
      excerpt: "How brands grow here.",
      content: "## Start\n\nWith **care**.",
      imageAlt: "",
    });
  });

  it("is told from a document's translation, and reads as the tabs' texts do", () => {
    expect(isPostTranslationCopy(copy)).toBe(true);
    expect(isTranslationCopy(copy)).toBe(false);
    const documentCopy = { ...copy, key: "home" };
    expect(isPostTranslationCopy(documentCopy)).toBe(false);
    expect(isTranslationCopy(documentCopy)).toBe(true);
    const englishPost: PostRecord = { id: "p1", version: 2, slug: "x", data: english, updatedAt: "", updatedBy: null };
    expect(isPostTranslationCopy(englishPost)).toBe(false);

    const texts = textsInLanguage(copy);
    expect(texts.get("title")).toEqual({ english: english.title, state: "translated", saved: SINHALA_TITLE });
    expect(texts.get("excerpt")).toMatchObject({ state: "stale", saved: "පැරණි සාරාංශය" });
    expect(texts.get("content")).toEqual({ english: english.content, state: "missing", saved: "" });
  });

  it("sends empty texts as English (markup and all), and its address only when it changed", () => {
    const sent = postTranslationOutgoing({ ...copy.data, excerpt: "  " }, copy);
    expect(sent).toMatchObject({ title: SINHALA_TITLE, excerpt: english.excerpt, content: english.content });
    expect(sent).not.toHaveProperty("slug");

    const renamed = postTranslationOutgoing({ ...copy.data, slug: "sri-lanka-brand" }, copy);
    expect(renamed.slug).toBe("sri-lanka-brand");
    expect(previewedTranslation(renamed)).not.toHaveProperty("slug");
    expect(previewedTranslation(renamed).title).toBe(SINHALA_TITLE);
  });

  it("checks an address as the server does: lowercase ASCII words and single dashes", () => {
    const post = postTranslationOutgoing(copy.data, copy);
    expect(postTranslationSchema.safeParse({ ...post, slug: "sri-lanka-brand-2" }).success).toBe(true);
    expect(postTranslationSchema.safeParse(post).success).toBe(true);
    for (const slug of ["Sri-Lanka", "sri--lanka", "ශ්‍රී", "-start", ""])
      expect(postTranslationSchema.safeParse({ ...post, slug }).success, slug).toBe(false);
  });

  it("reads the English texts of a post stored as it may be", () => {
    expect(postTextsOf({ title: "T", excerpt: 3, imageAlt: "A cover" })).toEqual({
      title: "T",
      excerpt: "",
      content: "",
      imageAlt: "A cover",
    });
    expect(postTextsOf(null)).toEqual({ title: "", excerpt: "", content: "", imageAlt: "" });
  });
});
