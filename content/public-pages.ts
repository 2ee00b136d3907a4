import { isLandingPath } from "./landing-path.ts";
import { DEFAULT_LOCALE, LOCALES, localePath, locales, type Locale } from "./locales.ts";
import { FEED_PATH, parsePageNumber } from "./posts.ts";
import { isPostSlug } from "./post-slug.ts";
import { SITE_PAGES } from "./sections.ts";

/**
 * Which request paths are public pages, and the one address of each: the only
 * answer the server's front (301s), the page cache (its keys), Insights (the
 * pages they count), the logs (the route a request is counted under) and every
 * link to a post or a page of the blog read. It mirrors the site's part of the
 * route table (app/routes.ts; public-pages.test.ts fails when they differ), so
 * a new page or an address prefix (a language's `/si/…`) is a change here and
 * there, and nowhere else.
 */

/** React Router's route discovery: no render, and its answer depends on the query. */
export const ROUTE_DISCOVERY_PATH = "/__manifest";

/**
 * What a request path is, for a GET or HEAD:
 * - 200: the canonical address of a page, of its route data (`/about.data`,
 *   `/_root.data`: React Router's) or of a file rendered from content (the feed);
 * - 301: another spelling of one (`/ABOUT`, `/%61bout`, `/about/`,
 *   `/x/%2e%2e/about`, `/blog/page/1`, `/ABOUT.data`): send the visitor to `path`;
 * - 404: an address no public page or its data can have (`/a/b/c/d`,
 *   `/blog/page/02`, `/nope.data`).
 * A team page's address (`/offers/colombo-smes`, content/landing-pages.ts) is a page's whether
 * a page has it or not, as a post's: that is the store's to say (the route answers 404).
 */
export type PublicPath =
  | { status: 200; kind: "page" | "file"; path: string }
  /** `page`: the page whose data it is. */
  | { status: 200; kind: "data"; path: string; page: string }
  | { status: 301; kind: "page" | "data" | "file"; path: string }
  | { status: 404; kind: "page" | "data" };

/** The pages at a fixed address (below a language's prefix): the registry's, and the contact form's thank-you page. */
const FIXED_PAGES = new Set([...SITE_PAGES.map((page) => page.path), "/done"]);
/** The same, in every language: `/about`, `/si/about`, `/ta/about`. */
const LOCALIZED_FIXED_PAGES = new Set(
  locales.flatMap((locale) => [...FIXED_PAGES].map((path) => localePath(locale, path))),
);
/** A language's prefix as the first segment of a lowercase path: `/si`, `/si/…`. */
const LOCALE_PREFIX = new RegExp(`^/(${locales.filter((locale) => LOCALES[locale].prefix).join("|")})(?=/|$)`);
/** Files rendered from content, kept by the page cache like pages (emptied by the same saves). */
const CONTENT_FILES = new Set(locales.map((locale) => localePath(locale, FEED_PATH)));
/** Not pages: the API, the admin (and its route data, `/admin.data`), built assets, media, the health checks, route discovery. */
const NOT_PAGES = new RegExp(
  `^/(api|admin|assets|media|healthz|readyz|metrics|${ROUTE_DISCOVERY_PATH.slice(1)})(/|\\.data$|$)`,
  "i",
);
const BLOG_PAGE = /^\/blog\/page\/([^/]+)$/;
const POST_PAGE = /^\/blog\/([^/]+)$/;
const DATA_SUFFIX = ".data";
const ROOT_DATA = "/_root.data";

/**
 * The canonical public path for the path of a request (the part before `?`),
 * or undefined for what is not a page address at all (the API, the admin,
 * assets, media, other files, a target that is not a path).
 */
export function publicPath(asked: string): PublicPath | undefined {
  if (LOCALIZED_FIXED_PAGES.has(asked)) return { status: 200, kind: "page", path: asked };
  if (!asked.startsWith("/")) return undefined;
  const path = normalise(asked);
  if (NOT_PAGES.test(path)) return undefined;
  if (path.endsWith(DATA_SUFFIX)) {
    // Route data of another spelling of a page is sent to the page's own; of anything else, 404.
    const page = path === ROOT_DATA ? "/" : path.slice(0, -DATA_SUFFIX.length).toLowerCase();
    if (pageAt(page) !== page) return { status: 404, kind: "data" };
    const canonical = page === "/" ? ROOT_DATA : `${page}${DATA_SUFFIX}`;
    return canonical === asked
      ? { status: 200, kind: "data", path: canonical, page }
      : { status: 301, kind: "data", path: canonical };
  }
  const lower = path.toLowerCase();
  if (CONTENT_FILES.has(lower)) return found("file", lower, asked);
  // Other files (favicon, images, sitemap.xml, robots.txt) are not pages.
  if (path.lastIndexOf(".") > path.lastIndexOf("/")) return undefined;
  const page = pageAt(lower);
  return page === undefined ? { status: 404, kind: "page" } : found("page", page, asked);
}

/**
 * The route a request path is counted under in the server's logs and metrics,
 * few and fixed whatever visitors ask for: a page's own path, or its route
 * pattern for posts (`/blog/:slug`) and blog pages (`/blog/page/:page`), each
 * plus `.data` for its route data (React Router's patterns, app/routes.ts);
 * `redirect` for another spelling, `not-found` for a page-shaped path of no
 * page; undefined for what is not a page address at all (as publicPath).
 */
export function publicRoute(asked: string): string | undefined {
  const found = publicPath(asked);
  if (found === undefined) return undefined;
  if (found.status === 301) return "redirect";
  if (found.status === 404) return "not-found";
  if (found.kind !== "data") return routeOfPage(found.path);
  return found.path === ROOT_DATA ? ROOT_DATA : `${routeOfPage(found.page)}${DATA_SUFFIX}`;
}

/** The route pattern of a canonical page or content file. */
function routeOfPage(path: string): string {
  const page = publicPage(path);
  if (page?.route === "blog-page") return localePath(page.locale, "/blog/page/:page");
  if (page?.route === "post") return localePath(page.locale, "/blog/:slug");
  // Team pages' addresses are the team's to make, and visitors' to make up: one label for all.
  if (page?.route === "landing") return localePath(page.locale, "/:page");
  return path;
}

// Addresses of posts and of the blog's pages: in a module of their own, which the pages' code
// imports without this one (and the team pages' address rules it checks).
export { blogPagePath, isPostPath, postPath } from "./post-paths.ts";

/**
 * What the canonical address of a page (publicPath's `path`) shows: a page at a
 * fixed address, a page of the blog (its number, 2 or more), a post (its
 * slug) or a team page (its address below the language's prefix); undefined
 * for any other path. Whether that blog page, post or team page exists is the
 * store's to say.
 */
export type PublicPage = { locale: Locale } & (
  | { route: "fixed"; path: string }
  | { route: "blog-page"; path: string; page: number }
  | { route: "post"; path: string; slug: string }
  | { route: "landing"; path: string; address: string }
);

export function publicPage(path: string): PublicPage | undefined {
  if (pageAt(path) !== path) return undefined;
  const { locale, rest } = splitLocale(path);
  if (FIXED_PAGES.has(rest)) return { locale, route: "fixed", path };
  const blogPage = BLOG_PAGE.exec(rest)?.[1];
  if (blogPage !== undefined) return { locale, route: "blog-page", path, page: parsePageNumber(blogPage)! };
  const slug = POST_PAGE.exec(rest)?.[1];
  if (slug !== undefined && isPostSlug(slug)) return { locale, route: "post", path, slug };
  return { locale, route: "landing", path, address: rest };
}

/** A lowercase path's language and the path below its prefix: `/si/about` → si, `/about`. */
function splitLocale(path: string): { locale: Locale; rest: string } {
  const prefix = LOCALE_PREFIX.exec(path)?.[1] as Locale | undefined;
  if (prefix === undefined) return { locale: DEFAULT_LOCALE, rest: path };
  return { locale: prefix, rest: path.slice(prefix.length + 1) || "/" };
}

/**
 * The canonical page a request path names (following a 301), or undefined
 * when it names none: what Insights store as a page.
 */
export function canonicalPagePath(asked: string): string | undefined {
  const found = publicPath(asked);
  return found && found.status !== 404 && found.kind === "page" ? found.path : undefined;
}

function found(kind: "page" | "file", path: string, asked: string): PublicPath {
  return path === asked ? { status: 200, kind, path } : { status: 301, kind, path };
}

/** The canonical page a lowercase path may be (posts and blog pages by their shape), or undefined. */
function pageAt(path: string): string | undefined {
  const { locale, rest } = splitLocale(path);
  const page = pageBelowPrefix(rest);
  return page === undefined ? undefined : localePath(locale, page);
}

/** pageAt for a path without a language prefix. */
function pageBelowPrefix(path: string): string | undefined {
  if (FIXED_PAGES.has(path)) return path;
  const blogPage = BLOG_PAGE.exec(path);
  if (blogPage) {
    const page = parsePageNumber(blogPage[1]);
    // The first page of the blog is /blog itself.
    return page === undefined ? undefined : page === 1 ? "/blog" : path;
  }
  const slug = POST_PAGE.exec(path)?.[1];
  if (slug !== undefined) return isPostSlug(slug) ? path : undefined;
  return isLandingPath(path) ? path : undefined;
}

/**
 * A path as URLs compare it (RFC 3986 §6.2.2): percent-escapes of unreserved
 * characters decoded (others kept), dot segments resolved, empty segments (a
 * doubled or trailing slash) dropped; `\` read as `/`, as browsers do.
 */
function normalise(path: string): string {
  const decoded = path.includes("%")
    ? path.replace(/%[0-9a-f]{2}/gi, (escape) => {
        const char = String.fromCharCode(parseInt(escape.slice(1), 16));
        return /[\w.~-]/.test(char) ? char : escape;
      })
    : path;
  const segments: string[] = [];
  for (const segment of decoded.split(/[/\\]/)) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}
