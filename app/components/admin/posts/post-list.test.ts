import { describe, expect, it } from "vitest";
import type { PostPage, PostSummary } from "#content/posts.ts";
import { pageToShow, postName } from "./post-list.ts";

const summary = { id: "a" } as PostSummary;
const answer = (posts: number, total: number, page: number, pages: number): PostPage => ({
  posts: Array.from({ length: posts }, () => summary),
  total,
  page,
  pages,
});

describe("postName", () => {
  it("is the title, or “Untitled Post” while it is blank", () => {
    expect(postName("Tea Exports")).toBe("Tea Exports");
    expect(postName("  Tea  ")).toBe("Tea");
    expect(postName("   ")).toBe("Untitled Post");
  });
});

describe("pageToShow", () => {
  it("keeps an answer that has cards, and the first page even when empty", () => {
    expect(pageToShow(2, answer(24, 60, 2, 3))).toBeUndefined();
    expect(pageToShow(1, answer(0, 0, 1, 1))).toBeUndefined();
  });

  it("goes back to the last page when the asked one is past the end", () => {
    expect(pageToShow(3, answer(0, 48, 3, 2))).toBe(2);
    expect(pageToShow(9, answer(0, 0, 9, 1))).toBe(1);
  });

  it("leaves an empty page alone when the server says it exists", () => {
    expect(pageToShow(2, answer(0, 30, 2, 2))).toBeUndefined();
  });
});
