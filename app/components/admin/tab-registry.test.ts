import { describe, expect, it } from "vitest";
import { documentRef, pageRef, postRef } from "./data/record-ref.ts";
import { findTab, tabsFor } from "./tab-registry.tsx";

describe("the tabs' records (what the unsaved-changes guard asks about on a tab switch)", () => {
  it("a tab owns its documents; the Blog tab also owns the posts opened in Edit Post", () => {
    const blog = findTab("blog");
    expect(blog.owns(documentRef("blog"))).toBe(true);
    expect(blog.owns(postRef("abc"))).toBe(true);
    expect(blog.owns(postRef(null))).toBe(true);
    expect(blog.owns(postRef("abc", "si"))).toBe(true);
    expect(blog.owns(documentRef("home"))).toBe(false);

    const legal = findTab("legal");
    expect(legal.owns(documentRef("privacy-policy"))).toBe(true);
    expect(legal.owns(documentRef("terms-conditions"))).toBe(true);
    expect(legal.owns(postRef("abc"))).toBe(false);
    expect(findTab("ai").owns(documentRef("ai-settings"))).toBe(true);
  });
});

describe("the tabs in other languages", () => {
  it("a tab owns its documents in every language", () => {
    expect(findTab("services").owns(documentRef("services", "si"))).toBe(true);
    expect(findTab("services").owns(documentRef("home", "ta"))).toBe(false);
  });

  it("names the language in its section's label and toasts; English's stay as they were", () => {
    const [services] = findTab("services").sections;
    expect(services!.labelIn("en")).toBe("Services");
    expect(services!.labelIn("si")).toBe("Services (සිංහල)");
    expect(services!.successMessage("en")).toBe("Services content updated successfully");
    expect(services!.successMessage("ta")).toBe("Services (தமிழ்) content updated successfully");
    expect(services!.failureMessage("Offline.", "si")).toBe("Failed to update Services (සිංහල) content: Offline.");
    const [ai] = findTab("ai").sections;
    expect(ai!.successMessage("en")).toBe("AI settings updated successfully");
    expect(ai!.successMessage("si")).toBe("AI settings (සිංහල) updated successfully");
    expect(ai!.failureMessage("x", "en")).toBe("Failed to update AI settings");
  });
});

describe("the Pages tab (issue 42)", () => {
  it("comes after Blog, owns the team's pages in every language, and every role sees it", () => {
    const pages = findTab("pages");
    expect(pages.label).toBe("Pages");
    expect(pages.sections).toEqual([]);
    expect(pages.owns(pageRef("p1"))).toBe(true);
    expect(pages.owns(pageRef(null))).toBe(true);
    expect(pages.owns(pageRef("p1", "ta"))).toBe(true);
    expect(pages.owns(postRef("p1"))).toBe(false);
    expect(findTab("blog").owns(pageRef("p1"))).toBe(false);
    expect(tabsFor("writer").map((tab) => tab.id)).toEqual(["blog", "pages"]);
    expect(
      tabsFor("editor")
        .map((tab) => tab.id)
        .slice(2, 5),
    ).toEqual(["blog", "pages", "partners"]);
  });
});
