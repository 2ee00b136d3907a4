import { Suspense, lazy } from "react";
import {
  Link,
  Outlet,
  data,
  useParams,
  isRouteErrorResponse,
  redirect,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { format } from "#content/i18n/format.ts";
import { blogListCode } from "#app/components/site/blog-list-box.ts";
import { localeOfPath } from "#content/locales.ts";
import { PUBLIC_POSTS_PER_PAGE, parsePageNumber } from "#content/posts.ts";
import { blogPagePath, isPostPath } from "#content/post-paths.ts";
import { readPageDocument } from "#app/lib/content.server.ts";
import { messagesOf, useLocale, useMessages } from "#app/lib/i18n.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { BLOG_PAGE_CONTENT } from "#content/page-content.ts";
import { PageHeader } from "#app/components/site/page-header.tsx";
import { ErrorNotice } from "#app/components/site/error-notice.tsx";
import { postCard } from "./post-card.server.ts";
import { loadPageImages } from "#app/lib/page-images.server.ts";
import { PageImagesProvider } from "#app/components/site/site-image.tsx";
import type { Route } from "./+types/blog";

export const handle: LiveHandle = BLOG_PAGE_CONTENT;

export async function loader({ context, params }: Route.LoaderArgs) {
  // /blog and /blog/page/:page (this module serves both routes, app/routes.ts).
  const pageParam = (params as { page?: string }).page;
  const page = pageParam === undefined ? 1 : parsePageNumber(pageParam);
  // /blog/page/1 is /blog: one address per page.
  if (page === 1 && pageParam !== undefined) throw redirect(blogPagePath(1, context.locale), 301);
  const [blog, list] = await Promise.all([
    readPageDocument(context, "blog"),
    page
      ? context.deps.store.posts.list({
          audience: "public",
          locale: context.locale,
          page,
          pageSize: PUBLIC_POSTS_PER_PAGE,
        })
      : undefined,
  ]);
  if (!page || !list || (page > 1 && list.posts.length === 0)) throw data(null, { status: 404 });
  const posts = list.posts.map((post) => postCard(post, context.locale));
  return {
    title: blog.data.title,
    subtitle: blog.data.subtitle,
    english: blog.english,
    // What a card shows, never a post's body.
    posts,
    images: await loadPageImages(
      context,
      posts.map((post) => post.image),
    ),
    page,
    pages: list.pages,
  };
}

/** Opening or closing a post changes only the child route: the list needs no reload. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The first page, or a post open over it (/blog/page/N are pages of their own).
  const listOrPost = (url: URL) =>
    url.pathname === blogPagePath(1, localeOfPath(url.pathname)) || isPostPath(url.pathname);
  if (currentUrl.pathname !== nextUrl.pathname && listOrPost(currentUrl) && listOrPost(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seoMeta(
        {
          title:
            loaderData.page > 1
              ? format(messagesOf(matches)?.blog.metaTitlePage ?? "{title}", {
                  title: loaderData.title,
                  page: loaderData.page,
                })
              : loaderData.title,
          description: loaderData.subtitle,
          path: blogPagePath(loaderData.page),
        },
        siteOf(matches),
      )
    : [];

/**
 * The cards and the links between the blog's pages (blog-list-box.ts): drawn at once on the blog's
 * own pages, whose index route brings their code; behind a post opened at its own address, where
 * the reader covers them, their code comes after the page's (decision 007) and React keeps the
 * server's HTML until it is there.
 */
const BlogList = lazy(() => {
  const here = blogListCode.module;
  const component = (module: NonNullable<typeof here>) => ({ default: module.BlogList });
  // Here already: drawn without suspending (a thenable that answers at once).
  if (here)
    return { then: (resolve: (value: ReturnType<typeof component>) => void) => resolve(component(here)) } as never;
  return import("#app/components/site/blog-list.tsx").then(component);
});

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { title, subtitle, english, posts, page, pages, images } = loaderData;
  // A post open over the list (its child route): its cover is the page's largest image, not the first card's.
  const postOpen = useParams().slug !== undefined;
  return (
    <PageImagesProvider images={images}>
      <section className="mx-auto max-w-6xl px-5 py-16 sm:py-24">
        <PageHeader title={title} subtitle={subtitle} english={english} />
        <Suspense fallback={null}>
          <BlogList posts={posts} page={page} pages={pages} postOpen={postOpen} />
        </Suspense>
      </section>
      <Outlet />
    </PageImagesProvider>
  );
}

/** An unknown post address answers 404 with the not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const locale = useLocale();
  const { blog } = useMessages();
  return (
    <ErrorNotice notFound={notFound} detail={notFound ? blog.notFound : undefined}>
      <Link
        to={blogPagePath(1, locale)}
        className="mt-6 rounded-md bg-white/10 px-5 py-2.5 font-medium hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
      >
        {blog.backToBlog}
      </Link>
    </ErrorNotice>
  );
}
