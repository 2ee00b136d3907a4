import { DEFAULT_LOCALE, localePath, translatedLocales, type Locale } from "./locales.ts";
import { isPostSlug } from "./post-slug.ts";

/**
 * The addresses of posts and of the blog's pages, for the pages' own code (links, the language
 * menu, the live events' reader): apart from ./public-pages.ts, which re-exports them, so that
 * every page does not carry the whole canonicaliser and the team pages' address rules with them
 * (docs/decisions/007-initial-javascript.md).
 */

/**
 * Whether `path` is a post's address in any language (`/blog/<slug>`,
 * `/si/blog/<slug>`): ./public-pages.ts `publicPage`'s `route === "post"`,
 * without the rest of the canonicaliser.
 */
export function isPostPath(path: string): boolean {
  const slug = POST_PATH.exec(path)?.[1];
  return slug !== undefined && isPostSlug(slug);
}
const POST_PATH = new RegExp(`^(?:/(?:${translatedLocales.join("|")}))?/blog/([^/]+)$`);

/** The address of the post at `slug`, in `locale`. */
export const postPath = (slug: string, locale: Locale = DEFAULT_LOCALE) => localePath(locale, `/blog/${slug}`);

/** The address of page `page` of the blog (the first is /blog itself), in `locale`. */
export const blogPagePath = (page: number, locale: Locale = DEFAULT_LOCALE) =>
  localePath(locale, page <= 1 ? "/blog" : `/blog/page/${page}`);
