import { describe, expect, it } from "vitest";
import { contentAt, keptPageOutdatedBy, showsOf } from "./kept-pages.ts";
import { localePath, locales } from "./locales.ts";
import { FEED_PATH } from "./posts.ts";
import { SITE_PAGES } from "./sections.ts";

describe("kept pages", () => {
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
      content: { documents: ["contact", "services", "partners", "home"] },
    });
    expect(contentAt("/no/page/has/this")).toBeUndefined();
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
  });

  it("a document's save drops a kept team page only when its render's blocks drew it, in that language", () => {
    const services = { type: "content", key: "services", version: 2 } as const;
    const partners = { type: "content", key: "partners", version: 2 } as const;
    const home = { type: "content", key: "home", locale: "ta", version: 2 } as const;
    expect(keptPageOutdatedBy("/offers/a", services, ["services"])).toBe(true);
    expect(keptPageOutdatedBy("/si/offers/a", services, ["services"])).toBe(true);
    expect(keptPageOutdatedBy("/offers/a", services, ["partners", "home"])).toBe(false);
    expect(keptPageOutdatedBy("/offers/a", services, [])).toBe(false);
    expect(keptPageOutdatedBy("/offers/a", partners, ["partners", "home"])).toBe(true);
    expect(keptPageOutdatedBy("/ta/offers/a", home, ["partners", "home"])).toBe(true);
    expect(keptPageOutdatedBy("/si/offers/a", home, ["partners", "home"])).toBe(false);
    // The footer's contact details are on every page.
    expect(keptPageOutdatedBy("/offers/a", { type: "content", key: "contact", version: 2 }, [])).toBe(true);
    // Not known (a render under way): any page whose blocks may draw it.
    expect(keptPageOutdatedBy("/offers/a", services)).toBe(true);
  });

  it("reads the documents a render names, and nothing else", () => {
    expect(showsOf("services,partners,home")).toEqual(["services", "partners", "home"]);
    expect(showsOf("")).toEqual([]);
    expect(showsOf(null)).toBeUndefined();
    expect(showsOf("services,nowhere")).toBeUndefined();
  });
});
