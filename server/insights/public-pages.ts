import { PUBLIC_POSTS_PER_PAGE } from "#content/posts.ts";
import { publicPage, publicPath } from "#content/public-pages.ts";
import type { VariantName } from "#content/landing-pages.ts";
import { variantFor } from "#content/landing-variant.ts";
import type { LandingPageReadModel } from "#server/pages/types.ts";
import type { PostStore } from "#server/posts/types.ts";

/**
 * Whether `path` is the address of a page the site answers with content (200)
 * for anyone: the canonical address of a public page (content/public-pages.ts),
 * and for a blog page or a post, one that exists: a blog page with posts on it,
 * a published post at its current address, a team page public there. The beacon counts nothing else, so
 * made-up paths and other spellings never reach the statistics.
 */
export async function isPublicPage(
  path: string,
  posts: Pick<PostStore, "findBySlug" | "list">,
  pages: Pick<LandingPageReadModel, "findByPath">,
): Promise<boolean> {
  const found = publicPath(path);
  if (found?.status !== 200 || found.kind !== "page") return false;
  const page = publicPage(path);
  if (page?.route === "landing") return (await pages.findByPath(page.address, page.locale)) !== undefined;
  if (page?.route === "blog-page") {
    const { total } = await posts.list({ audience: "public", page: 1, pageSize: 1, locale: page.locale });
    return page.page <= Math.ceil(total / PUBLIC_POSTS_PER_PAGE);
  }
  if (page?.route !== "post") return true;
  const post = await posts.findBySlug(page.slug, page.locale);
  return post !== undefined && post.renamedFrom === undefined;
}

/**
 * The variant of the team page at `path` a visitor was shown (the same split as its render's,
 * app/routes/site/landing.server.ts), for a page with a variant B; undefined for any other page.
 * A page reached by a client-side navigation is counted under it too.
 */
export async function variantShownAt(
  path: string,
  pages: Pick<LandingPageReadModel, "findByPath">,
  visitorKey: () => Promise<string>,
): Promise<VariantName | undefined> {
  const page = publicPage(path);
  if (page?.route !== "landing") return undefined;
  const found = await pages.findByPath(page.address, page.locale);
  return found && found.data.variants.length > 0 ? variantFor(await visitorKey(), found.id) : undefined;
}
