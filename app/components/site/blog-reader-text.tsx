import type { Block } from "#content/markup.ts";
import { Markup } from "./markup.tsx";
import { BlogPostMeta } from "./blog-post-meta.tsx";
import { langOf } from "./text-lang.ts";
import { SiteImage } from "./site-image.tsx";

export interface BlogReaderPost {
  slug: string;
  title: string;
  /** The post's text, parsed on the server (content/markup.ts). */
  body: readonly Block[];
  date: string;
  /** The date and reading time as the server wrote them in the page's language. */
  dateLabel: string;
  readTime: string;
  image: string;
  /** The cover's own alt text, if the post gives one. */
  imageAlt?: string | undefined;
  /** The post's texts still in English on a page in another language. */
  english: readonly string[];
}

/** What the reader shows of a post (./blog-reader.tsx): its cover, date and reading time, title (`titleId`, the dialog's label) and text. */
export function BlogReaderText({ post, titleId }: { post: BlogReaderPost; titleId: string }) {
  return (
    <>
      {post.image ? (
        <SiteImage
          src={post.image}
          alt={post.title}
          lang={langOf(post.english, "title")}
          ownAlt={{ text: post.imageAlt, lang: langOf(post.english, "imageAlt") }}
          width={800}
          height={450}
          sizes="(min-width: 808px) 768px, 100vw"
          priority
          className="aspect-[16/9] w-full rounded-2xl object-cover shadow-2xl shadow-black/40 ring-1 ring-white/10"
        />
      ) : null}
      <BlogPostMeta date={post.date} dateLabel={post.dateLabel} readTime={post.readTime} className="mt-8" />
      <h1
        id={titleId}
        lang={langOf(post.english, "title")}
        className="mt-4 text-3xl font-bold leading-tight tracking-tight text-balance text-white sm:text-5xl"
      >
        {post.title}
      </h1>
      <div className="my-8 h-px bg-linear-to-r from-brand-400/60 via-white/10 to-transparent" />
      <Markup blocks={post.body} lang={langOf(post.english, "content")} className="text-base sm:text-lg" />
    </>
  );
}
