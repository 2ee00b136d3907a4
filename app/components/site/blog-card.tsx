import { ArrowRight } from "#app/components/site/icons/arrow-right.ts";
import { Link } from "react-router";
import type { PostSummary } from "#content/posts.ts";
import { postPath } from "#content/post-paths.ts";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { BlogPostMeta } from "./blog-post-meta.tsx";
import { SiteImage } from "./site-image.tsx";
import { langOf } from "./text-lang.ts";

/**
 * What a card shows of a post (the posts list's fields, never its body), as
 * the server made it for the page's language (app/routes/site/post-card.server.ts):
 * `dateLabel` and `readTime` written in it, `english` the texts still in English.
 */
export type BlogCardPost = Pick<
  PostSummary,
  "slug" | "title" | "excerpt" | "date" | "readTime" | "image" | "imageAlt"
> & {
  dateLabel: string;
  english: readonly string[];
};

/**
 * A post in the blog grid. The title is the one link (stretched over the whole
 * card), so screen readers hear each post once and by its name.
 */
export function BlogCard({ post, priority = false }: { post: BlogCardPost; priority?: boolean }) {
  const locale = useLocale();
  const { blog } = useMessages();
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl bg-white/5 ring-1 ring-white/10 transition duration-300 hover:-translate-y-1 hover:bg-white/[0.08] hover:ring-white/20 motion-reduce:transition-none motion-reduce:hover:translate-y-0 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-300">
      <div className="aspect-[16/9] overflow-hidden bg-brand-900">
        {post.image ? (
          <SiteImage
            src={post.image}
            alt={post.title}
            lang={langOf(post.english, "title")}
            ownAlt={{ text: post.imageAlt, lang: langOf(post.english, "imageAlt") }}
            width={800}
            height={450}
            sizes="(min-width: 1024px) 352px, (min-width: 640px) 50vw, 100vw"
            priority={priority}
            className="h-full w-full object-cover transition duration-500 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <BlogPostMeta date={post.date} dateLabel={post.dateLabel} readTime={post.readTime} />
        <h2 lang={langOf(post.english, "title")} className="mt-3 text-xl font-semibold leading-snug text-white">
          <Link
            to={postPath(post.slug, locale)}
            preventScrollReset
            data-post-link={post.slug}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {post.title}
          </Link>
        </h2>
        <p lang={langOf(post.english, "excerpt")} className="mt-3 line-clamp-3 flex-1 leading-relaxed text-slate-300">
          {post.excerpt}
        </p>
        <span
          aria-hidden="true"
          className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-300 transition group-hover:gap-2.5 group-hover:text-white motion-reduce:transition-none"
        >
          {blog.readMore}
          <ArrowRight className="size-4" />
        </span>
      </div>
    </article>
  );
}
