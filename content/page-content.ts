import type { SavedEvent } from "./live-events.ts";
import { localeOfPath, unlocalizedPath, type Locale } from "./locales.ts";
import { FEED_PATH } from "./posts.ts";
import { publicPage } from "./public-pages.ts";
import type { DocumentKey } from "./sections.ts";

/**
 * What a public page shows that a save can change: the documents it reads and whether it shows
 * posts, `"all"` (a list: any post's change may show) or `"shown"` (one post's page: only that
 * post's changes matter). One table, read by the page's live refresh (its route module's `handle`,
 * app/hooks/use-live-content.ts) and by the page cache (which kept pages a save drops,
 * server/page-cache/), so the two never disagree about what a save touches.
 */
export interface PageContent {
  readonly documents?: readonly DocumentKey[];
  readonly posts?: "all" | "shown";
  /** A team page's (issue 42): its own saves, the page's id in its loader data (`landing.id`). */
  readonly page?: "shown";
}

/** What every public page shows: the footer's contact details (app/routes/site/layout.tsx). */
export const LAYOUT_CONTENT = { documents: ["contact"] } as const satisfies PageContent;

/** What each page at a fixed address shows, by its path below a language's prefix. */
export const FIXED_PAGE_CONTENT = {
  "/": { documents: ["home", "partners", "ai-settings"], posts: "all" },
  "/services": { documents: ["services"] },
  "/blog": { documents: ["blog"], posts: "all" },
  "/partners": { documents: ["partners"] },
  "/about": { documents: ["about"] },
  "/contact": { documents: ["contact"] },
  "/privacy-policy": { documents: ["privacy-policy"] },
  "/terms-conditions": { documents: ["terms-conditions"] },
  "/done": { documents: ["contact"] },
} as const satisfies Record<string, PageContent>;

/** The blog's further pages (`/blog/page/2`) show what its first does. */
export const BLOG_PAGE_CONTENT: PageContent = FIXED_PAGE_CONTENT["/blog"];
/** A post's page. */
export const POST_PAGE_CONTENT: PageContent = { posts: "shown" };
/**
 * A team page (issue 42): its own saves (by id, from its loader data), and the documents its
 * services and logos blocks draw (the cache cannot tell which blocks a kept page has).
 */
export const LANDING_PAGE_CONTENT: PageContent = { documents: ["services", "partners", "home"], page: "shown" };
/** What a page shows by its route (content/public-pages.ts `publicPage`), besides a fixed page's own entry. */
const ROUTE_CONTENT = { "blog-page": BLOG_PAGE_CONTENT, post: POST_PAGE_CONTENT, landing: LANDING_PAGE_CONTENT };
/** The feed (`/blog/feed.xml`): the blog's title and its newest posts. */
export const FEED_CONTENT: PageContent = { documents: ["blog"], posts: "all" };

/**
 * What a page in `locale` shows: its documents (the layout's included) and its posts (`"*"`
 * for any post, else the ids of those it shows).
 */
export interface Shown {
  locale: Locale;
  documents: ReadonlySet<string>;
  posts: ReadonlySet<string>;
  /** The team page it is (issue 42), by id: its own saves show on it. */
  page?: string;
}

/**
 * Whether a save changes what a page shows. A document's texts or a post's translation saved in
 * another language than the page's change nothing on it; an English save shows in every language
 * (the texts not translated are its own). A post event without an id (changes missed while a
 * server was not listening) concerns every post.
 */
export function showsSave(shown: Shown, event: SavedEvent): boolean {
  if (event.locale !== undefined && event.locale !== shown.locale) return false;
  if (event.type === "content") return shown.documents.has(event.key);
  if (event.type === "page") return shown.page !== undefined && (event.id === undefined || event.id === shown.page);
  return shown.posts.has("*") || event.id === undefined || shown.posts.has(event.id);
}

/** What the page at canonical path `path` (a page's, with its layout's; or the feed's) shows; undefined for no page. */
export function contentAt(path: string): { locale: Locale; content: PageContent } | undefined {
  if (unlocalizedPath(path) === FEED_PATH) return { locale: localeOfPath(path), content: FEED_CONTENT };
  const page = publicPage(path);
  if (!page) return undefined;
  const own: PageContent =
    page.route === "fixed"
      ? FIXED_PAGE_CONTENT[unlocalizedPath(path) as keyof typeof FIXED_PAGE_CONTENT]
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
 * A team page's save drops the pages at its addresses, in every language.
 */
export function keptPageOutdatedBy(path: string, event: SavedEvent): boolean {
  const at = contentAt(path);
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
