import { parsePageNumber, PUBLIC_POSTS_PER_PAGE } from "#content/posts.ts";
import { SLUG_MAX_LENGTH } from "#content/rules.ts";
import { SITE_PAGES } from "#content/sections.ts";
import type { PostStore } from "#server/posts/types.ts";

/** The public pages of the route table (app/routes.ts) that are not posts or blog pages. */
const FIXED_PAGES = new Set([...SITE_PAGES.map((page) => page.path), "/done"]);
const BLOG_PAGE = /^\/blog\/page\/([^/]+)$/;
/** A post's address: its slug is lowercase ASCII words joined by "-" (content/rules.ts `postSlug`). */
const POST_PAGE = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/**
 * Whether `path` is a page the site answers with content (200) for anyone:
 * a page of the registry, a blog page that exists, a published post at its
 * current address. The beacon counts nothing else, so made-up paths never
 * reach the statistics.
 */
export async function isPublicPage(path: string, posts: Pick<PostStore, "findBySlug" | "list">): Promise<boolean> {
  if (FIXED_PAGES.has(path)) return true;
  const blogPage = BLOG_PAGE.exec(path);
  if (blogPage) {
    const page = parsePageNumber(blogPage[1]);
    if (page === undefined || page < 2) return false;
    const { total } = await posts.list({ audience: "public", page: 1, pageSize: 1 });
    return page <= Math.ceil(total / PUBLIC_POSTS_PER_PAGE);
  }
  const slug = POST_PAGE.exec(path)?.[1];
  if (!slug || slug.length > SLUG_MAX_LENGTH) return false;
  const found = await posts.findBySlug(slug);
  return found !== undefined && found.renamedFrom === undefined;
}
