import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import {
  blogPagePath,
  canonicalPagePath,
  isPostPath,
  postPath,
  publicPage,
  publicPath,
  publicRoute,
} from "./public-pages.ts";
import { previewPostPath } from "./rules.ts";
import { SITE_PAGES } from "./sections.ts";

const page = (path: string) => ({ status: 200, kind: "page", path });
const moved = (path: string) => ({ status: 301, kind: "page", path });
const notFound = { status: 404, kind: "page" };
const noData = { status: 404, kind: "data" };

describe("publicPath", () => {
  it.each([
    // Canonical addresses.
    ["/", page("/")],
    ["/about", page("/about")],
    ["/done", page("/done")],
    ["/blog", page("/blog")],
    ["/blog/page/2", page("/blog/page/2")],
    ["/blog/a-post-2", page("/blog/a-post-2")],
    ["/about.data", { status: 200, kind: "data", path: "/about.data", page: "/about" }],
    ["/_root.data", { status: 200, kind: "data", path: "/_root.data", page: "/" }],
    ["/blog/a-post.data", { status: 200, kind: "data", path: "/blog/a-post.data", page: "/blog/a-post" }],
    ["/blog/feed.xml", { status: 200, kind: "file", path: "/blog/feed.xml" }],
    // Other spellings of a page: 301 to its address.
    ["/ABOUT", moved("/about")],
    ["/About", moved("/about")],
    ["/%61bout", moved("/about")],
    ["/%41BOUT", moved("/about")],
    ["/about/", moved("/about")],
    ["/about///", moved("/about")],
    ["//about", moved("/about")],
    ["/x/%2e%2e/about", moved("/about")],
    ["/x/%2E%2E/about", moved("/about")],
    ["/./about/.", moved("/about")],
    ["/../../about", moved("/about")],
    ["/about\\", moved("/about")],
    ["/api/../about", moved("/about")],
    ["//", moved("/")],
    ["/nope/..", moved("/")],
    ["/Blog/A-Post", moved("/blog/a-post")],
    ["/blog/page/1", moved("/blog")],
    ["/BLOG/PAGE/3/", moved("/blog/page/3")],
    ["/Blog/Feed.XML", { status: 301, kind: "file", path: "/blog/feed.xml" }],
    ["/si/blog/feed.xml", { status: 200, kind: "file", path: "/si/blog/feed.xml" }],
    ["/TA/Blog/Feed.xml", { status: 301, kind: "file", path: "/ta/blog/feed.xml" }],
    // Addresses no page can have.
    // The same pages in Sinhala and Tamil, under their prefix.
    ["/si", page("/si")],
    ["/ta/about", page("/ta/about")],
    ["/si/blog/page/2", page("/si/blog/page/2")],
    ["/ta/blog/a-post", page("/ta/blog/a-post")],
    ["/si.data", { status: 200, kind: "data", path: "/si.data", page: "/si" }],
    ["/ta/about.data", { status: 200, kind: "data", path: "/ta/about.data", page: "/ta/about" }],
    ["/si/", moved("/si")],
    ["/SI/About", moved("/si/about")],
    ["/ta/blog/page/1", moved("/ta/blog")],
    // A team page's address is a page's (whether one is there is the store's to say).
    ["/nope", page("/nope")],
    ["/offers/colombo-smes", page("/offers/colombo-smes")],
    ["/events/2027/webinar", page("/events/2027/webinar")],
    ["/si/offers/colombo-smes", page("/si/offers/colombo-smes")],
    ["/Offers/Colombo-SMEs/", moved("/offers/colombo-smes")],
    ["/TA/offers", moved("/ta/offers")],
    [
      "/offers/colombo-smes.data",
      { status: 200, kind: "data", path: "/offers/colombo-smes.data", page: "/offers/colombo-smes" },
    ],
    ["/si/nope/a/b/c", notFound],
    ["/en/about", notFound],
    ["/si/si/about", notFound],
    ["/a/b/c/d", notFound],
    ["/nope-", notFound],
    ["/-nope", notFound],
    ["/about/x", notFound],
    ["/done/x", notFound],
    ["/admin-x/../admin", undefined],
    ["/about%2F", notFound],
    ["/about%20", notFound],
    ["/%C3%A9", notFound],
    ["/blog/page/02", notFound],
    ["/blog/page/0", notFound],
    ["/blog/page/x", notFound],
    ["/blog/a_post", notFound],
    ["/blog/a--post", notFound],
    [`/blog/${"a".repeat(81)}`, notFound],
    ["/blog/a/b", notFound],
    ["/%3Cb%3Ex%3C%2Fb%3E", notFound],
    ["/\u202Eabout", notFound],
    // Route data: of another spelling of a page, sent to the page's own; of anything else, 404.
    ["/ABOUT.data", { status: 301, kind: "data", path: "/about.data" }],
    ["/x/%2e%2e/about.data", { status: 301, kind: "data", path: "/about.data" }],
    ["//_root.data", { status: 301, kind: "data", path: "/_root.data" }],
    ["/about/.data", noData],
    ["/blog/page/1.data", noData],
    ["/a/b/c/d.data", noData],
    ["/nope.data", { status: 200, kind: "data", path: "/nope.data", page: "/nope" }],
    ["/_ROOT.data", noData],
    // Not page addresses at all.
    ["/api/content/home", undefined],
    ["/admin", undefined],
    // The admin's route data (a client-side navigation or revalidation of /admin) is no page's either.
    ["/admin.data", undefined],
    ["/admin/insights.data", undefined],
    ["/ADMIN/insights", undefined],
    ["/assets/x.js", undefined],
    ["/media/1.png", undefined],
    ["/healthz", undefined],
    ["/readyz", undefined],
    ["/metrics", undefined],
    ["/__manifest", undefined],
    ["/favicon.svg", undefined],
    ["/sitemap.xml", undefined],
    ["/robots.txt", undefined],
    ["/blog/other.xml", undefined],
    ["/about.", undefined],
    ["http://elsewhere/x", undefined],
    ["*", undefined],
    ["", undefined],
  ])("%j → %j", (asked, expected) => {
    expect(publicPath(asked)).toEqual(expected);
  });

  it.each([
    ["/", "/"],
    ["/services", "/services"],
    ["/blog", "/blog"],
    ["/blog/page/3", "/blog/page/:page"],
    ["/blog/some-post", "/blog/:slug"],
    ["/blog/feed.xml", "/blog/feed.xml"],
    ["/_root.data", "/_root.data"],
    ["/about.data", "/about.data"],
    ["/blog/some-post.data", "/blog/:slug.data"],
    ["/si/blog/some-post", "/si/blog/:slug"],
    ["/ta/blog/page/2.data", "/ta/blog/page/:page.data"],
    ["/si", "/si"],
    ["/blog/page/2.data", "/blog/page/:page.data"],
    ["/SERVICES/", "redirect"],
    ["/blog/page/1", "redirect"],
    ["/offers/colombo-smes", "/:page"],
    ["/si/nope", "/si/:page"],
    ["/offers.data", "/:page.data"],
    ["/a/b/c/d", "not-found"],
    ["/a/b/c/d.data", "not-found"],
    ["/admin", undefined],
    ["/api/content/home", undefined],
    ["/metrics", undefined],
  ])("counts %j under the route %j in logs and metrics", (asked, route) => {
    expect(publicRoute(asked)).toBe(route);
  });

  it("names the page a path leads to, for Insights", () => {
    expect(canonicalPagePath("/services")).toBe("/services");
    expect(canonicalPagePath("/SERVICES/")).toBe("/services");
    expect(canonicalPagePath("/services.data")).toBeUndefined();
    expect(canonicalPagePath("/blog/feed.xml")).toBeUndefined();
    expect(canonicalPagePath("/Offers/")).toBe("/offers");
    expect(canonicalPagePath("/a/b/c/d")).toBeUndefined();
    expect(canonicalPagePath("/admin")).toBeUndefined();
  });
});

describe("publicPage", () => {
  it.each([
    ["/", { locale: "en", route: "fixed", path: "/" }],
    ["/done", { locale: "en", route: "fixed", path: "/done" }],
    ["/blog", { locale: "en", route: "fixed", path: "/blog" }],
    ["/blog/page/3", { locale: "en", route: "blog-page", path: "/blog/page/3", page: 3 }],
    ["/blog/a-post", { locale: "en", route: "post", path: "/blog/a-post", slug: "a-post" }],
    ["/si", { locale: "si", route: "fixed", path: "/si" }],
    ["/ta/services", { locale: "ta", route: "fixed", path: "/ta/services" }],
    ["/si/blog/page/3", { locale: "si", route: "blog-page", path: "/si/blog/page/3", page: 3 }],
    ["/ta/blog/a-post", { locale: "ta", route: "post", path: "/ta/blog/a-post", slug: "a-post" }],
    ["/si/", undefined],
    ["/SI/about", undefined],
    // Only canonical page addresses.
    ["/blog/page/1", undefined],
    ["/Blog/a-post", undefined],
    ["/about/", undefined],
    ["/about.data", undefined],
    ["/blog/feed.xml", undefined],
    [
      "/offers/colombo-smes",
      { locale: "en", route: "landing", path: "/offers/colombo-smes", address: "/offers/colombo-smes" },
    ],
    ["/ta/offers", { locale: "ta", route: "landing", path: "/ta/offers", address: "/offers" }],
    ["/Offers", undefined],
    ["/a/b/c/d", undefined],
    ["/admin", undefined],
  ])("%j → %j", (path, expected) => {
    expect(publicPage(path)).toEqual(expected);
  });
});

describe("isPostPath", () => {
  it("says what publicPage says of a post's address, in every language", () => {
    for (const path of [
      "/blog/a-post",
      "/si/blog/a-post",
      "/ta/blog/x-2",
      "/blog/page",
      "/blog/Post",
      "/blog/a--b",
      "/blog/feed.xml",
      "/blog/page/2",
      "/en/blog/a",
      "/si/blog",
      "/blog/" + "a".repeat(81),
    ])
      expect(isPostPath(path), path).toBe(publicPage(path)?.route === "post");
  });
});

describe("links to posts and pages of the blog", () => {
  it("gives their canonical addresses", () => {
    for (const path of [postPath("a-post"), blogPagePath(1), blogPagePath(2)])
      expect(publicPath(path), path).toMatchObject({ status: 200, kind: "page", path });
    expect(blogPagePath(1)).toBe("/blog");
    expect(blogPagePath(4)).toBe("/blog/page/4");
    expect(postPath("a-post")).toBe("/blog/a-post");
    expect(postPath("a-post", "si")).toBe("/si/blog/a-post");
    expect(blogPagePath(1, "ta")).toBe("/ta/blog");
    expect(blogPagePath(3, "ta")).toBe("/ta/blog/page/3");
  });

  it("previews a draft at the stored post's address while its title gives it, else at its new title's", () => {
    const stored = { slug: "monsoon-plans-2", data: { title: "Monsoon Plans" } };
    expect(previewPostPath(stored, { title: "Monsoon  plans!" })).toBe("/blog/monsoon-plans-2");
    expect(previewPostPath(stored, { title: "Monsoon Playbook" })).toBe("/blog/monsoon-playbook");
    expect(previewPostPath(null, { title: "Monsoon Plans" })).toBe("/blog/monsoon-plans");
  });
});

describe("the route table (app/routes.ts)", () => {
  /** Every route's full path, and whether it sits in the site's layout (the public pages). */
  function flatten(entries: RouteConfigEntry[], parent = "", inSite = false): { path: string; inSite: boolean }[] {
    return entries.flatMap((entry) => {
      const path = entry.index ? parent : entry.path === undefined ? parent : `${parent}/${entry.path}`;
      const site = inSite || entry.file === "routes/site/layout.tsx";
      const own = entry.path !== undefined || entry.index ? [{ path: path || "/", inSite: site }] : [];
      return [...own, ...flatten(entry.children ?? [], path, site)];
    });
  }
  const table = flatten(routes);
  /** A concrete address for a route's path. */
  const sample = (path: string) =>
    path
      .replace(":slug", "a-post")
      .replace(":page", "2")
      .replace(":first/:second?/:third?", "offers/colombo-smes")
      .replace("*", "no/such/page/here");

  it("agrees with the canonicaliser: site routes are pages, the catch-all is 404, the rest are not pages", () => {
    for (const { path, inSite } of table) {
      const asked = sample(path);
      const expected = !inSite
        ? asked.endsWith("/blog/feed.xml")
          ? { status: 200, kind: "file", path: asked }
          : undefined
        : path.endsWith("*")
          ? notFound
          : page(asked);
      expect(publicPath(asked), path).toEqual(expected);
    }
    const paths = new Set(table.map((route) => route.path));
    for (const { path } of SITE_PAGES) expect(paths, path).toContain(path);
  });
});
