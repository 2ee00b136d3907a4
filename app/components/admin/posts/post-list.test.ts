import { describe, expect, it } from "vitest";
import type { PostSummary } from "#content/posts.ts";
import { postIn, postName, postToasts, publishedLine, statusOf } from "./post-list.ts";

describe("postName", () => {
  it("is the title, or “Untitled Post” while it is blank", () => {
    expect(postName("Tea Exports")).toBe("Tea Exports");
    expect(postName("  Tea  ")).toBe("Tea");
    expect(postName("   ")).toBe("Untitled Post");
  });
});

describe("a card's status in the list's language", () => {
  const now = new Date("2026-05-01T00:00:00Z");
  const card = (fields: Partial<PostSummary>) => ({ status: "published", publishAt: null, ...fields }) as PostSummary;

  it("not translated, a draft, scheduled or published", () => {
    expect(statusOf(card({ translated: false, status: "draft" }), now)).toBe("untranslated");
    expect(statusOf(card({ translated: true, status: "draft" }), now)).toBe("draft");
    expect(statusOf(card({ translated: true, publishAt: "2026-06-01T09:00:00+05:30" }), now)).toBe("scheduled");
    expect(statusOf(card({ translated: true, publishAt: "2026-04-01T09:00:00+05:30" }), now)).toBe("published");
    // An English card has no `translated`.
    expect(statusOf(card({}), now)).toBe("published");
  });

  it("writes the published count: “4 of 12 posts published”", () => {
    expect(publishedLine(4, 12)).toBe("4 of 12 posts published");
    expect(publishedLine(1, 1)).toBe("1 of 1 post published");
    expect(publishedLine(0, 1200)).toBe("0 of 1,200 posts published");
  });
});

describe("Edit Post's toasts", () => {
  it("name the language as the tabs do", () => {
    expect(postIn("en")).toBe("Post");
    expect(postToasts.saved("en")).toBe("Post saved");
    expect(postToasts.saveFailed("Network down", "en")).toBe("Could not save the post: Network down");
    expect(postToasts.saved("si")).toBe("Post (සිංහල) saved");
    expect(postToasts.saveFailed("Network down", "ta")).toBe("Could not save the post (தமிழ்): Network down");
    expect(postToasts.translationDeleted("si")).toBe("Post (සිංහල) translation deleted");
    expect(postToasts.deleteFailed("Gone", "si")).toBe("Could not delete the post (සිංහල) translation: Gone");
  });
});
