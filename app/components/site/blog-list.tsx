import { Link } from "react-router";
import { ArrowLeft } from "#app/components/site/icons/arrow-left.ts";
import { ArrowRight } from "#app/components/site/icons/arrow-right.ts";
import { format } from "#content/i18n/format.ts";
import { blogPagePath } from "#content/post-paths.ts";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { BlogCard, type BlogCardPost } from "./blog-card.tsx";

/**
 * The blog's cards and the links between its pages (app/routes/site/blog.tsx). `postOpen`: a post
 * is open over the list, so its cover is the page's largest image, not the first card's.
 */
export function BlogList({
  posts,
  page,
  pages,
  postOpen,
}: {
  posts: readonly BlogCardPost[];
  page: number;
  pages: number;
  postOpen: boolean;
}) {
  const { blog } = useMessages();
  return (
    <>
      {posts.length > 0 ? (
        <div className="mt-14 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <BlogCard key={post.slug} post={post} priority={index === 0 && !postOpen} />
          ))}
        </div>
      ) : (
        <p className="mt-14 rounded-2xl bg-white/5 p-10 text-center text-slate-300 ring-1 ring-white/10">
          {blog.empty}
        </p>
      )}
      {pages > 1 && <BlogPages page={page} pages={pages} />}
    </>
  );
}

/** Links between the blog's pages: plain links, so crawlers reach every post. */
function BlogPages({ page, pages }: { page: number; pages: number }) {
  const locale = useLocale();
  const { blog } = useMessages();
  const link =
    "inline-flex items-center gap-2 rounded-full bg-white/10 px-5 py-2.5 font-medium text-white ring-1 ring-white/15 transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300";
  return (
    <nav aria-label={blog.pagesLabel} className="mt-14 flex flex-wrap items-center justify-center gap-4 text-slate-200">
      {page > 1 ? (
        <Link to={blogPagePath(page - 1, locale)} rel="prev" className={link}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {blog.newer}
        </Link>
      ) : null}
      <span aria-current="page" className="order-first w-full text-center text-sm sm:order-none sm:w-auto">
        {format(blog.pageOf, { page, pages })}
      </span>
      {page < pages ? (
        <Link to={blogPagePath(page + 1, locale)} rel="next" className={link}>
          {blog.older}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
