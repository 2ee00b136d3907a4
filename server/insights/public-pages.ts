import { PUBLIC_POSTS_PER_PAGE } from "#content/posts.ts";
import { publicPage, publicPath } from "#content/public-pages.ts";
import type { PostStore } from "#server/posts/types.ts";

/**
 * Whether `path` is the address of a page the site answers with content (200)
 * for anyone: the canonical address of a public page (content/public-pages.ts),
 * and for a blog page or a post, one that exists: a blog page with posts on it,
 * a published post at its current address. The beacon counts nothing else, so
 * made-up paths and other spellings never reach the statistics.
 */
export async function isPublicPage(path: string, posts: Pick<PostStore, "findBySlug" | "list">): Promise<boolean> {
  const found = publicPath(path);
  if (found?.status !== 200 || found.kind !== "page") return false;
  const page = publicPage(path);
  if (page?.route === "blog-page") {
    const { total } = await posts.list({ audience: "public", page: 1, pageSize: 1, locale: page.locale });
    return page.page <= Math.ceil(total / PUBLIC_POSTS_PER_PAGE);
  }
  if (page?.route !== "post") return true;
  const post = await posts.findBySlug(page.slug, page.locale);
  return post !== undefined && post.renamedFrom === undefined;
}
