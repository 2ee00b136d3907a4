import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { blogPagePath, postPath } from "#content/public-pages.ts";
import type { BlogPost } from "#content/schemas.ts";
import { BlogPostMeta } from "./blog-post-meta.tsx";

export interface FeaturedPost {
  /** Only what a card shows: the post's text stays out of the page's data. */
  post: Pick<BlogPost, "title" | "excerpt" | "date" | "readTime" | "image">;
  slug: string;
}

/** "Featured Insights" on the home page; renders nothing when no post is featured. */
export function FeaturedInsights({ posts }: { posts: readonly FeaturedPost[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="insights-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
        <div>
          <h2 id="insights-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Featured Insights
          </h2>
          <p className="mt-3 max-w-xl text-slate-300">
            Practical thinking on marketing and growth from our team in Colombo.
          </p>
        </div>
        <Link
          to={blogPagePath(1)}
          className="inline-flex items-center gap-2 rounded-lg font-semibold text-brand-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-300"
        >
          View All Articles
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {posts.map(({ post, slug }) => (
          <li
            key={slug}
            className="group relative flex flex-col overflow-hidden rounded-2xl bg-white/5 ring-1 ring-white/10 transition hover:-translate-y-0.5 hover:bg-white/[0.08] hover:ring-white/20 motion-reduce:transform-none"
          >
            {post.image ? (
              <img
                src={post.image}
                alt=""
                width={640}
                height={360}
                loading="lazy"
                decoding="async"
                className="aspect-video w-full object-cover"
              />
            ) : null}
            <div className="flex flex-1 flex-col p-6">
              <BlogPostMeta date={post.date} readTime={post.readTime} />
              <h3 className="mt-3 text-lg leading-snug font-semibold">
                <Link
                  to={postPath(slug)}
                  className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-300"
                >
                  {post.title}
                </Link>
              </h3>
              <p className="mt-3 line-clamp-3 text-sm leading-6 text-slate-300">{post.excerpt}</p>
              <span
                aria-hidden="true"
                className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-brand-300 group-hover:text-white"
              >
                Read More <ArrowRight className="size-4" />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
