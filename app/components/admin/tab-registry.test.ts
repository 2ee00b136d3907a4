import { describe, expect, it } from "vitest";
import { documentRef, postRef } from "./data/record-ref.ts";
import { findTab } from "./tab-registry.tsx";

describe("the tabs' records (what the unsaved-changes guard asks about on a tab switch)", () => {
  it("a tab owns its documents; the Blog tab also owns the posts opened in Edit Post", () => {
    const blog = findTab("blog");
    expect(blog.owns(documentRef("blog"))).toBe(true);
    expect(blog.owns(postRef("abc"))).toBe(true);
    expect(blog.owns(postRef(null))).toBe(true);
    expect(blog.owns(documentRef("home"))).toBe(false);

    const legal = findTab("legal");
    expect(legal.owns(documentRef("privacy-policy"))).toBe(true);
    expect(legal.owns(documentRef("terms-conditions"))).toBe(true);
    expect(legal.owns(postRef("abc"))).toBe(false);
    expect(findTab("ai").owns(documentRef("ai-settings"))).toBe(true);
  });
});
