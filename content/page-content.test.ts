import { describe, expect, it } from "vitest";
import { localePath, locales } from "./locales.ts";
import { FEED_PATH } from "./posts.ts";
import { contentAt, keptPageOutdatedBy, showsSave } from "./page-content.ts";
import { SITE_PAGES } from "./sections.ts";

describe("page content", () => {
  it("says what every public page shows, in every language, the footer's contact details included", () => {
    for (const locale of locales)
      for (const path of [...SITE_PAGES.map((page) => page.path), "/done", "/blog/page/3", "/blog/a-post"]) {
        const at = contentAt(localePath(locale, path));
        expect(at?.locale, path).toBe(locale);
        expect(at?.content.documents, path).toContain("contact");
      }
    expect(contentAt("/si/about")?.content.documents).toEqual(["contact", "about"]);
    expect(contentAt(localePath("ta", FEED_PATH))).toEqual({
      locale: "ta",
      content: { documents: ["blog"], posts: "all" },
    });
    // A team page: its own saves, and the documents its services and logos blocks draw.
    expect(contentAt("/si/offers/colombo-smes")).toEqual({
      locale: "si",
      content: { documents: ["contact", "services", "partners", "home"], page: "shown" },
    });
    expect(contentAt("/no/page/has/this")).toBeUndefined();
  });

  it("a page refreshes for saves of what it shows, in its language or in English", () => {
    const home = { locale: "si" as const, documents: new Set(["home", "contact"]), posts: new Set(["*"]) };
    expect(showsSave(home, { type: "content", key: "home", version: 2 })).toBe(true);
    expect(showsSave(home, { type: "content", key: "home", locale: "si", version: 2 })).toBe(true);
    expect(showsSave(home, { type: "content", key: "home", locale: "ta", version: 2 })).toBe(false);
    expect(showsSave(home, { type: "content", key: "about", version: 2 })).toBe(false);
    expect(showsSave(home, { type: "post", id: "p", locale: "si", version: 1 })).toBe(true);
    const post = { locale: "en" as const, documents: new Set(["contact"]), posts: new Set(["p"]) };
    expect(showsSave(post, { type: "post", id: "p", version: 2 })).toBe(true);
    expect(showsSave(post, { type: "post", id: "q", version: 2 })).toBe(false);
    expect(showsSave(post, { type: "post", version: 0 })).toBe(true); // changes missed: any post
    expect(showsSave(post, { type: "post", id: "p", locale: "si", version: 2 })).toBe(false);
  });

  it("a kept post page is outdated by any post's change in any language (it names its translations)", () => {
    expect(keptPageOutdatedBy("/blog/a-post", { type: "post", id: "x", locale: "ta", version: 1 })).toBe(true);
    expect(keptPageOutdatedBy("/blog/a-post", { type: "content", key: "blog", version: 1 })).toBe(false);
    expect(keptPageOutdatedBy("/si/blog", { type: "post", id: "x", locale: "ta", version: 1 })).toBe(false);
    expect(keptPageOutdatedBy("/not-a-page", { type: "content", key: "home", version: 1 })).toBe(true);
  });

  it("a team page's save drops its address and the one it left, in every language, and no built-in page", () => {
    const event = {
      type: "page",
      id: "p1",
      path: "/offers/new",
      formerPath: "/offers/old",
      locale: "si",
      version: 2,
    } as const;
    for (const path of ["/offers/new", "/ta/offers/new", "/si/offers/old", "/offers/old"])
      expect(keptPageOutdatedBy(path, event), path).toBe(true);
    expect(keptPageOutdatedBy("/services", event)).toBe(false);
    expect(keptPageOutdatedBy("/si/blog/a-post", event)).toBe(false);
    // Pages changed while an instance was not listening: any kept page that is not a built-in one.
    expect(keptPageOutdatedBy("/offers/other", { type: "page", version: 0 })).toBe(true);
    // The open page of a team page refreshes for its own saves only.
    const shown = { locale: "en" as const, documents: new Set(["contact"]), posts: new Set<string>(), page: "p1" };
    expect(showsSave(shown, { type: "page", id: "p1", path: "/offers/new", version: 3 })).toBe(true);
    expect(showsSave(shown, { type: "page", id: "p2", path: "/offers/else", version: 3 })).toBe(false);
    expect(showsSave({ ...shown, page: undefined }, { type: "page", id: "p1", version: 3 })).toBe(false);
  });
});
