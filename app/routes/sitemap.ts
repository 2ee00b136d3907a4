import { postPath } from "#content/public-pages.ts";
import { SITEMAP_PAGES } from "#content/sections.ts";
import { xmlText } from "#app/lib/xml.server.ts";
import { loaderOrigin } from "#app/lib/content.server.ts";
import type { Route } from "./+types/sitemap";

/** A W3C datetime from an ISO timestamp or YYYY-MM-DD, or undefined when unknown. */
function lastmod(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function entry(loc: string, modified: string | undefined): string {
  return `  <url>\n    <loc>${xmlText(loc)}</loc>\n${modified ? `    <lastmod>${modified}</lastmod>\n` : ""}  </url>`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = context.deps;
  const origin = loaderOrigin(context, request);
  const docs = new Map(
    await Promise.all(
      SITEMAP_PAGES.map(async ({ document }) => [document, await store.documents.get(document)] as const),
    ),
  );

  const urls = SITEMAP_PAGES.map(({ path, document }) =>
    entry(new URL(path, origin).href, lastmod(docs.get(document)?.updatedAt)),
  );

  for (const post of await store.posts.addresses())
    urls.push(entry(new URL(postPath(post.slug), origin).href, lastmod(post.postUpdatedAt ?? post.date)));

  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
