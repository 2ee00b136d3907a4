import { describe, expect, it, vi } from "vitest";
import type { PostTranslationRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import * as api from "./admin-api.ts";
import { recordKinds } from "./record-kinds.ts";
import { postRef } from "./record-ref.ts";

vi.mock("./admin-api.ts", () => ({
  createPost: vi.fn(),
  loadDocument: vi.fn(),
  loadPost: vi.fn(),
  loadPostTranslation: vi.fn(),
  loadTranslation: vi.fn(),
  restorePostRevision: vi.fn(),
  restoreRevision: vi.fn(),
  saveDocument: vi.fn(),
  savePost: vi.fn(),
  savePostTranslation: vi.fn(),
  saveTranslation: vi.fn(),
}));

const posts = recordKinds.post;

const english: BlogPost = {
  title: "Brand Strategy",
  excerpt: "Why it matters.",
  content: "## One\n\nBody.",
  date: "2026-03-01",
  readTime: "4 min read",
  image: "",
  featured: false,
  placementId: 0,
  status: "published",
};

const answer = (version: number, englishVersion: number, title?: string): PostTranslationRecord => ({
  id: "p1",
  locale: "si",
  version,
  slug: "brand-strategy",
  englishVersion,
  states: { title: title ? "translated" : "missing", excerpt: "missing", content: "missing" },
  data: { ...english, title: title ?? english.title, status: "draft" },
  englishTexts: {
    title: `Brand Strategy v${englishVersion}`,
    excerpt: english.excerpt,
    content: english.content,
    imageAlt: "",
  },
  updatedAt: null,
  updatedBy: null,
});

describe("the post kind, in another language", () => {
  it("hears a translation's event as that language's record", () => {
    expect(posts.refIn({ type: "post", id: "p1", locale: "ta", version: 2 })).toEqual(postRef("p1", "ta"));
    expect(posts.refIn({ type: "post", id: "p1", version: 2 })).toEqual(postRef("p1"));
  });

  it("loads the translation with the English texts of the version it was read against, which its answer carries", async () => {
    vi.mocked(api.loadPostTranslation).mockResolvedValue(answer(0, 5));
    const copy = await posts.load("p1", "si");
    expect(api.loadPostTranslation).toHaveBeenCalledWith("p1", "si");
    expect(copy).toMatchObject({
      version: 0,
      data: { title: "", excerpt: "", content: "", slug: "brand-strategy" },
      englishTexts: { title: "Brand Strategy v5", excerpt: english.excerpt },
    });
    expect(posts.refOf(copy)).toEqual(postRef("p1", "si"));
    expect(posts.schema(postRef("p1", "si")).safeParse(posts.outgoing(copy.data, copy)).success).toBe(true);
  });

  it("saves over the translation's version with the English version the editor showed; a 409 answers its copy", async () => {
    const outdated = answer(2, 6, "ශ්‍රී");
    vi.mocked(api.loadPostTranslation).mockResolvedValue({
      ...outdated,
      states: { ...outdated.states, title: "stale" },
    });
    const base = await posts.load("p1", "si");
    vi.mocked(api.savePostTranslation).mockResolvedValueOnce({ kind: "saved", record: answer(3, 6, "ශ්‍රී") });
    const sent = posts.outgoing(base.data, base);
    // Only the confirmations of texts the base shows as outdated go (a kept draft may hold others).
    const saved = await posts.save("p1", 2, sent, base, ["title", "excerpt"]);
    expect(api.savePostTranslation).toHaveBeenCalledWith("p1", "si", 2, sent, {
      englishVersion: 6,
      confirmed: ["title"],
    });
    expect(api.savePost).not.toHaveBeenCalled();
    expect(saved).toMatchObject({ kind: "saved", record: { version: 3, locale: "si", data: { title: "ශ්‍රී" } } });

    vi.mocked(api.savePostTranslation).mockResolvedValueOnce({ kind: "conflict", current: answer(4, 6, "theirs") });
    expect(await posts.save("p1", 2, sent, base)).toMatchObject({
      kind: "conflict",
      current: { version: 4, data: { title: "theirs" }, englishTexts: { title: "Brand Strategy v6" } },
    });
  });

  it("restores a version of the translation as its copy", async () => {
    vi.mocked(api.restorePostRevision).mockResolvedValueOnce(answer(7, 6, "restored"));
    const copy = await posts.restore("p1", 2, 6, "si");
    expect(api.restorePostRevision).toHaveBeenCalledWith("p1", 2, 6, "si");
    expect(copy).toMatchObject({ version: 7, locale: "si", data: { title: "restored" } });
  });
});
