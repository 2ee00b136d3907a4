import { parsePageNumber, PUBLIC_POSTS_PER_PAGE } from "#content/posts.ts";
import { publicPath } from "#content/public-pages.ts";
import type { PostStore } from "#server/posts/types.ts";

const BLOG_PAGE = /^\/blog\/page\/([^/]+)$/;
const POST_PAGE = /^\/blog\/([^/]+)$/;

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
  const blogPage = BLOG_PAGE.exec(path)?.[1];
  if (blogPage !== undefined) {
    const { total } = await posts.list({ audience: "public", page: 1, pageSize: 1 });
    return parsePageNumber(blogPage)! <= Math.ceil(total / PUBLIC_POSTS_PER_PAGE);
  }
  const slug = POST_PAGE.exec(path)?.[1];
  if (slug === undefined) return true;
  const post = await posts.findBySlug(slug);
  return post !== undefined && post.renamedFrom === undefined;
}
