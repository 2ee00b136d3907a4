import type { SavedEvent } from "./live-events.ts";
import { localeOfPath, unlocalizedPath, type Locale } from "./locales.ts";
import { LANDING_PAGE_CONTENT } from "./landing-content.ts";
import {
  BLOG_PAGE_CONTENT,
  FIXED_PAGE_CONTENT,
  LAYOUT_CONTENT,
  POST_PAGE_CONTENT,
  showsSave,
  type PageContent,
} from "./page-content.ts";
import { FEED_PATH } from "./posts.ts";
import { publicPage } from "./public-pages.ts";
import { isDocumentKey, type DocumentKey } from "./sections.ts";

/**
 * Which pages the page cache keeps a save outdates (server/page-cache/), from ./page-content.ts's
 * table. Apart from it, which every public page loads with its live refresh: this one knows every
 * address (./public-pages.ts), the team pages' included, and only the server needs it.
 */

/** What a page shows by its route (./public-pages.ts `publicPage`), besides a fixed page's own entry. */
const ROUTE_CONTENT = { "blog-page": BLOG_PAGE_CONTENT, post: POST_PAGE_CONTENT, landing: LANDING_PAGE_CONTENT };
/** The feed (`/blog/feed.xml`): the blog's title and its newest posts. */
export const FEED_CONTENT: PageContent = { documents: ["blog"], posts: "all" };

/**
 * The response header in which a team page's render names the documents its blocks drew
 * (./landing-content.ts `BLOCK_DOCUMENTS`; comma-separated, empty for none), as a CDN's surrogate
 * keys: the page cache keeps it with the render, so a save of a document drops only the kept team
 * pages that show it, and does not send it on.
 */
export const SHOWS_HEADER = "x-page-shows";

/** The documents a SHOWS_HEADER value names, or undefined when there is no such header or it names something else. */
export function showsOf(header: string | null): DocumentKey[] | undefined {
  if (header === null) return undefined;
  const keys = header === "" ? [] : header.split(",");
  return keys.every(isDocumentKey) ? keys : undefined;
}

/**
 * What the page at canonical path `path` (a page's, with its layout's; or the feed's) shows;
 * undefined for no page. `shows`: for a team page, the documents its render's blocks drew
 * (SHOWS_HEADER); without, every document a team page's block may draw.
 */
export function contentAt(
  path: string,
  shows?: readonly DocumentKey[],
): { locale: Locale; content: PageContent } | undefined {
  if (unlocalizedPath(path) === FEED_PATH) return { locale: localeOfPath(path), content: FEED_CONTENT };
  const page = publicPage(path);
  if (!page) return undefined;
  const own: PageContent =
    page.route === "fixed"
      ? FIXED_PAGE_CONTENT[unlocalizedPath(path) as keyof typeof FIXED_PAGE_CONTENT]
      : page.route === "landing" && shows
        ? { documents: shows }
        : ROUTE_CONTENT[page.route];
  return {
    locale: page.locale,
    content: { ...own, documents: [...LAYOUT_CONTENT.documents, ...(own.documents ?? [])] },
  };
}

/**
 * Whether a kept copy of the page at canonical path `path` may be out of date after a save (the
 * page cache drops it). A post's page is dropped for any post's change, in every language: the
 * cache does not know which post a page is, and a post's page names its translations (hreflang),
 * which a save in another language can add or remove. A path of no known page is always dropped.
 * A team page's save drops the pages at its addresses, in every language; a document's save drops
 * a team page whose kept render's blocks drew it (`shows`, SHOWS_HEADER; not known, as for a
 * render under way: any page whose blocks may).
 */
export function keptPageOutdatedBy(path: string, event: SavedEvent, shows?: readonly DocumentKey[]): boolean {
  const at = contentAt(path, shows);
  // A team page's save drops its address (and the one it left) in every language: a translation
  // published or withdrawn changes the other languages' alternates (hreflang).
  if (event.type === "page") {
    const own = unlocalizedPath(path);
    return !at || event.path === undefined || own === event.path || own === event.formerPath;
  }
  if (!at) return true;
  const { locale, content } = at;
  if (event.type === "post" && content.posts === "shown") return true;
  return showsSave(
    { locale, documents: new Set(content.documents), posts: new Set(content.posts ? ["*"] : []) },
    event,
  );
}
