import { describe, expect, it } from "vitest";
import type { PostPage, PostSummary } from "#content/posts.ts";
import { createOwnWrites, pageToShow, postName } from "./post-list.ts";

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

describe("createOwnWrites", () => {
  const saved = (id: string, version: number) => ({ key: "post", id, version });

  it("takes every post event as an echo while a write is in flight", () => {
    const writes = createOwnWrites();
    const end = writes.begin();
    expect(writes.isEcho(saved("someone-elses", 4))).toBe(true);
    end();
    expect(writes.isEcho(saved("someone-elses", 4))).toBe(false);
  });

  it("after a save, its own version and older ones are echoes, newer ones news", () => {
    const writes = createOwnWrites();
    writes.begin()({ id: "a", version: 3 });
    expect(writes.isEcho(saved("a", 3))).toBe(true);
    expect(writes.isEcho(saved("a", 2))).toBe(true);
    expect(writes.isEcho(saved("a", 4))).toBe(false);
    expect(writes.isEcho(saved("b", 1))).toBe(false);
    expect(writes.isEcho({ key: "post", version: 1 })).toBe(false);
    expect(writes.isEcho({ key: "post", id: "a", version: 3, deleted: true })).toBe(false);
  });

  it("after a delete, that post's deletion is an echo", () => {
    const writes = createOwnWrites();
    writes.begin()({ id: "a", deleted: true });
    expect(writes.isEcho({ key: "post", id: "a", version: 7, deleted: true })).toBe(true);
  });

  it("counts overlapping writes, and ending one twice counts once", () => {
    const writes = createOwnWrites();
    const first = writes.begin();
    const second = writes.begin();
    first();
    first();
    expect(writes.isEcho(saved("x", 1))).toBe(true);
    second({ id: "b", version: 1 });
    expect(writes.isEcho(saved("x", 1))).toBe(false);
  });

  it("a failed write remembers nothing", () => {
    const writes = createOwnWrites();
    writes.begin()();
    expect(writes.isEcho(saved("a", 1))).toBe(false);
  });
});
