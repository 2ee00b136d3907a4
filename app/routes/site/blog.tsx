import { Link, Outlet, isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import { postSlugs, sortPostsNewestFirst } from "#content/rules.ts";
import { readDocument } from "#app/lib/content.server.ts";
import { originFrom, seoMeta } from "#app/lib/seo.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { PageHeader } from "#app/components/site/page-header.tsx";
import { ErrorNotice } from "#app/components/site/error-notice.tsx";
import { BlogCard } from "#app/components/site/blog-card.tsx";
import type { Route } from "./+types/blog";

export const handle: LiveHandle = { documents: ["blog"] };

export async function loader({ context }: Route.LoaderArgs) {
  const blog = await readDocument(context, "blog");
  const slugs = postSlugs(blog.posts);
  const posts = sortPostsNewestFirst(
    blog.posts.map((post, index) => ({
      slug: slugs[index]!,
      title: post.title,
      excerpt: post.excerpt,
      date: post.date,
      readTime: post.readTime,
      image: post.image,
      updatedAt: post.updatedAt,
    })),
  );
  return { title: blog.title, subtitle: blog.subtitle, posts };
}

/** Opening or closing a post changes only the child route: the list needs no reload. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const withinBlog = (url: URL) => url.pathname === "/blog" || url.pathname.startsWith("/blog/");
  if (currentUrl.pathname !== nextUrl.pathname && withinBlog(currentUrl) && withinBlog(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seoMeta({ title: loaderData.title, description: loaderData.subtitle, path: "/blog" }, originFrom(matches))
    : [];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { title, subtitle, posts } = loaderData;
  return (
    <>
      <section className="mx-auto max-w-6xl px-5 py-16 sm:py-24">
        <PageHeader title={title} subtitle={subtitle} />
        {posts.length > 0 ? (
          <div className="mt-14 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <BlogCard key={post.slug} post={post} priority={index === 0} />
            ))}
          </div>
        ) : (
          <p className="mt-14 rounded-2xl bg-white/5 p-10 text-center text-slate-300 ring-1 ring-white/10">
            New articles are on their way. Please check back soon.
          </p>
        )}
      </section>
      <Outlet />
    </>
  );
}

/** An unknown post address answers 404 with the not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorNotice notFound={notFound} detail={notFound ? "The article you are looking for does not exist." : undefined}>
      <Link
        to="/blog"
        className="mt-6 rounded-md bg-white/10 px-5 py-2.5 font-medium hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
      >
        Back to the blog
      </Link>
    </ErrorNotice>
  );
}
