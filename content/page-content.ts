import type { DocumentSavedEvent, PostSavedEvent } from "./live-events.ts";
import type { Locale } from "./locales.ts";
import type { DocumentKey } from "./sections.ts";

/**
 * What a public page shows that a save can change: the documents it reads and whether it shows
 * posts, `"all"` (a list: any post's change may show) or `"shown"` (one post's page: only that
 * post's changes matter). One table, read by the page's live refresh (its route module's `handle`,
 * app/hooks/use-live-content.ts) and by the page cache (which kept pages a save drops,
 * ./kept-pages.ts), so the two never disagree about what a save touches. A team page's: ./landing-content.ts.
 */
export interface PageContent {
  readonly documents?: readonly DocumentKey[];
  readonly posts?: "all" | "shown";
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
 * What a page in `locale` shows: its documents (the layout's included) and its posts (`"*"`
 * for any post, else the ids of those it shows).
 */
export interface Shown {
  locale: Locale;
  documents: ReadonlySet<string>;
  posts: ReadonlySet<string>;
}

/**
 * Whether a save changes what a page shows. A document's texts or a post's translation saved in
 * another language than the page's change nothing on it; an English save shows in every language
 * (the texts not translated are its own). A post event without an id (changes missed while a
 * server was not listening) concerns every post. A team page's saves: ./landing-content.ts.
 */
export function showsSave(shown: Shown, event: DocumentSavedEvent | PostSavedEvent): boolean {
  if (event.locale !== undefined && event.locale !== shown.locale) return false;
  if (event.type === "content") return shown.documents.has(event.key);
  return shown.posts.has("*") || event.id === undefined || shown.posts.has(event.id);
}
