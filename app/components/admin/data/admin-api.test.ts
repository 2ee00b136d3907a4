import { describe, expect, it } from "vitest";
import { pagedUrl } from "./admin-api.ts";

describe("pagedUrl", () => {
  it("adds the search and page only when they say something", () => {
    expect(pagedUrl("/api/posts", "", 1)).toBe("/api/posts");
    expect(pagedUrl("/api/posts", "tea", 1)).toBe("/api/posts?query=tea");
    expect(pagedUrl("/api/posts", "", 2)).toBe("/api/posts?page=2");
    expect(pagedUrl("/api/messages", "tea & spice", 3)).toBe("/api/messages?query=tea+%26+spice&page=3");
  });
});
