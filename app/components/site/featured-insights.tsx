import { ArrowRight } from "#app/components/site/icons/arrow-right.ts";
import { Link } from "react-router";
import { blogPagePath, postPath } from "#content/post-paths.ts";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import type { BlogCardPost } from "./blog-card.tsx";
import { BlogPostMeta } from "./blog-post-meta.tsx";
import { langOf } from "./text-lang.ts";
import { SiteImage } from "./site-image.tsx";
import { THREE_CARDS } from "./three-cards.ts";

/** "Featured Insights" on the home page; renders nothing when no post is featured. */
export function FeaturedInsights({ posts }: { posts: readonly BlogCardPost[] }) {
  const locale = useLocale();
  const { home, blog } = useMessages();
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="insights-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      {/* The link goes under the title when they do not fit side by side (Tamil's is 400 px wide). */}
      <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:flex-wrap sm:items-end">
        <div>
          <h2 id="insights-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {home.insightsTitle}
          </h2>
          <p className="mt-3 max-w-xl text-slate-300">{home.insightsIntro}</p>
        </div>
        <Link
          to={blogPagePath(1, locale)}
          className="inline-flex shrink-0 items-center gap-2 rounded-lg font-semibold text-brand-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-300"
        >
          {home.viewAllArticles}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <ul className={`mt-10 grid gap-6 ${THREE_CARDS[locale].grid}`}>
        {posts.map((post) => (
          <li
            key={post.slug}
            className="group relative flex flex-col overflow-hidden rounded-2xl bg-white/5 ring-1 ring-white/10 transition hover:-translate-y-0.5 hover:bg-white/[0.08] hover:ring-white/20 motion-reduce:transform-none"
          >
            {post.image ? (
              <SiteImage
                src={post.image}
                alt=""
                ownAlt={{ text: post.imageAlt, lang: langOf(post.english, "imageAlt") }}
                width={640}
                height={360}
                sizes={THREE_CARDS[locale].sizes}
                className="aspect-video w-full object-cover"
              />
            ) : null}
            <div className="flex flex-1 flex-col p-6">
              <BlogPostMeta date={post.date} dateLabel={post.dateLabel} readTime={post.readTime} />
              <h3 lang={langOf(post.english, "title")} className="mt-3 text-lg leading-snug font-semibold">
                <Link
                  to={postPath(post.slug, locale)}
                  className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-300"
                >
                  {post.title}
                </Link>
              </h3>
              <p lang={langOf(post.english, "excerpt")} className="mt-3 line-clamp-3 text-sm leading-6 text-slate-300">
                {post.excerpt}
              </p>
              <span
                aria-hidden="true"
                className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-brand-300 group-hover:text-white"
              >
                {blog.readMore} <ArrowRight className="size-4" />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
