import { FEED_PATH, FEED_POSTS } from "#content/posts.ts";
import { markupToHtml } from "#content/markup.ts";
import { blogPagePath, postPath } from "#content/public-pages.ts";
import { SITE_NAME } from "#content/constants.ts";
import { DEFAULT_LOCALE, LOCALES, localePath } from "#content/locales.ts";
import { xmlText } from "#app/lib/xml.server.ts";
import { loaderOrigin, readDocument } from "#app/lib/content.server.ts";
import type { Route } from "./+types/feed";

/** RFC 822 date, as RSS wants it: a post's day at midnight UTC. */
const rfc822 = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString();

/**
 * The blog as RSS 2.0: the newest posts with their title, address, a guid
 * that stays when a post is renamed (a tag URI of its id), the publish date,
 * the excerpt as description and the whole post as HTML. Cached and emptied
 * like the pages (server/page-cache).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = loaderOrigin(context, request);
  const { locale } = context;
  const [blog, posts] = await Promise.all([
    readDocument(context, "blog"),
    context.deps.store.posts.newest(FEED_POSTS, locale),
  ]);
  const host = new URL(origin).hostname;
  const items = posts.map(({ id, slug, data }) =>
    [
      "    <item>",
      `      <title>${xmlText(data.title)}</title>`,
      `      <link>${xmlText(new URL(postPath(slug, locale), origin).href)}</link>`,
      `      <guid isPermaLink="false">tag:${xmlText(host)},2025:post:${id}${locale === DEFAULT_LOCALE ? "" : `:${locale}`}</guid>`,
      `      <pubDate>${rfc822(data.date)}</pubDate>`,
      `      <description>${xmlText(data.excerpt)}</description>`,
      `      <content:encoded>${xmlText(markupToHtml(data.content))}</content:encoded>`,
      "    </item>",
    ].join("\n"),
  );
  const newest = posts.reduce((latest, post) => (post.updatedAt > latest ? post.updatedAt : latest), "");
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "  <channel>",
    `    <title>${xmlText(`${blog.title} | ${SITE_NAME}`)}</title>`,
    `    <link>${xmlText(new URL(blogPagePath(1, locale), origin).href)}</link>`,
    `    <description>${xmlText(blog.subtitle)}</description>`,
    `    <language>${LOCALES[locale].htmlLang}</language>`,
    `    <atom:link href="${xmlText(new URL(localePath(locale, FEED_PATH), origin).href)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
