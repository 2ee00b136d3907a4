import type { Locale } from "#content/locales.ts";
import { parseMarkup } from "#content/markup.ts";
import type { BlogPost } from "#content/schemas.ts";
import { dateLabel, readTimeLabel } from "#app/lib/i18n.server.ts";

/**
 * What the reader shows of a post (`id`: a stored post's, which live updates
 * follow) on a page in `locale`: its date and reading time written in that
 * language, and `english`, its texts still in English there. Its text goes
 * out parsed (content/markup.ts blocks), so the browser renders it without
 * shipping the parser: on the post page that is about 2 KiB gzip less of our
 * own code.
 */
export function readerPost(
  { id, slug, data, english }: { id?: string | undefined; slug: string; data: BlogPost; english?: readonly string[] },
  locale: Locale,
) {
  const { title, excerpt, content, date, readTime, image, imageAlt, updatedAt } = data;
  return {
    id,
    slug,
    title,
    excerpt,
    body: parseMarkup(content),
    date,
    dateLabel: dateLabel(date, locale),
    readTime: readTimeLabel(readTime, locale),
    image,
    ...(imageAlt && { imageAlt }),
    updatedAt,
    english: english ?? [],
  };
}
