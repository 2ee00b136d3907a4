import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { LOCALES, translatedLocales, type Locale, isTranslated } from "#content/locales.ts";

/**
 * The public pages, once per language (content/locales.ts): English at the
 * root, Sinhala under /si/ and Tamil under /ta/, with the same paths and the
 * same modules. English keeps the modules' own route ids; the other languages'
 * ids are prefixed (`si:routes/site/home`).
 */
function sitePages(locale: Locale) {
  const id = (name: string) => (!isTranslated(locale) ? name : `${locale}:${name}`);
  return [
    index("routes/site/home.tsx", { id: id("routes/site/home") }),
    route("services", "routes/site/services.tsx", { id: id("routes/site/services") }),
    // The list's cards' code comes with its index route (./routes/site/blog-index.tsx), not with a post.
    route("blog", "routes/site/blog.tsx", { id: id("routes/site/blog") }, [
      index("routes/site/blog-index.tsx", { id: id("routes/site/blog-index") }),
      route(":slug", "routes/site/blog-post.tsx", { id: id("routes/site/blog-post") }),
    ]),
    route("blog/page/:page", "routes/site/blog.tsx", { id: id("blog-page") }, [
      index("routes/site/blog-index.tsx", { id: id("blog-page-index") }),
    ]),
    route("partners", "routes/site/partners.tsx", { id: id("routes/site/partners") }),
    route("about", "routes/site/about.tsx", { id: id("routes/site/about") }),
    route("contact", "routes/site/contact.tsx", { id: id("routes/site/contact") }),
    route("done", "routes/site/done.tsx", { id: id("routes/site/done") }),
    route("privacy-policy", "routes/site/legal.tsx", { id: id("privacy-policy") }),
    route("terms-conditions", "routes/site/legal.tsx", { id: id("terms-conditions") }),
    // The team's pages (content/landing-pages.ts): one to three segments, after every fixed page.
    route(":first/:second?/:third?", "routes/site/landing.tsx", { id: id("routes/site/landing") }),
    route("*", "routes/site/not-found.tsx", { id: id("routes/site/not-found") }),
  ];
}

export default [
  layout("routes/site/layout.tsx", sitePages("en")),
  ...translatedLocales.map((locale) =>
    route(LOCALES[locale].prefix.slice(1), "routes/site/layout.tsx", { id: `${locale}:routes/site/layout` }, [
      ...sitePages(locale),
    ]),
  ),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The blog's feed in each language: /blog/feed.xml, /si/blog/feed.xml, /ta/blog/feed.xml.
  route("blog/feed.xml", "routes/feed.ts"),
  ...translatedLocales.map((locale) =>
    route(`${LOCALES[locale].prefix.slice(1)}/blog/feed.xml`, "routes/feed.ts", { id: `${locale}:routes/feed` }),
  ),
  route("robots.txt", "routes/robots.ts"),
  route("admin", "routes/admin/index.tsx"),
  route("admin/insights", "routes/admin/insights.tsx"),
  route("admin/media", "routes/admin/media.tsx"),
  route("admin/audit", "routes/admin/audit.tsx"),
  route("admin/setup", "routes/admin/setup.tsx"),
  route("admin/invite/:token", "routes/admin/invite.tsx"),
  route("admin/map-preview", "routes/admin/map-preview.ts"),
] satisfies RouteConfig;
