import type { Locale } from "#content/locales.ts";
import type { PostSummary } from "#content/posts.ts";
import type { BlogCardPost } from "#app/components/site/blog-card.tsx";
import { dateLabel, readTimeLabel } from "#app/lib/i18n.server.ts";

/**
 * What a post's card shows (never its body), for a page in `locale`: its date
 * and reading time written in that language, and which of its texts are
 * still in English there.
 */
export function postCard(post: PostSummary, locale: Locale): BlogCardPost {
  const { slug, title, excerpt, date, readTime, image, imageAlt } = post;
  return {
    slug,
    title,
    excerpt,
    date,
    dateLabel: dateLabel(date, locale),
    readTime: readTimeLabel(readTime, locale),
    image,
    ...(imageAlt && { imageAlt }),
    english: post.english ?? [],
  };
}
