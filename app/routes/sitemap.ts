import { LOCALES, localePath, locales, type Locale, isTranslated } from "#content/locales.ts";
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

/** One address, with the page in every language it exists in (itself included) and English as x-default. */
function entry(
  loc: string,
  modified: string | undefined,
  alternates: { hreflang: string; href: string }[] = [],
): string {
  const links = alternates.map(
    ({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlText(href)}"/>\n`,
  );
  return `  <url>\n    <loc>${xmlText(loc)}</loc>\n${modified ? `    <lastmod>${modified}</lastmod>\n` : ""}${links.join("")}  </url>`;
}

/**
 * The entries of a page in each language it is in (`href`: its address there, undefined where it
 * is not), each listing the others and English as x-default when it has several.
 */
function inLanguages(
  href: (locale: Locale) => string | undefined,
  modified: (locale: Locale) => string | null | undefined,
): string[] {
  const languages = locales.filter((locale) => href(locale) !== undefined);
  const alternates: { hreflang: string; href: string }[] =
    languages.length > 1
      ? languages.map((locale) => ({ hreflang: LOCALES[locale].htmlLang, href: href(locale)! }))
      : [];
  const english = href("en");
  if (alternates.length > 0 && english) alternates.push({ hreflang: "x-default", href: english });
  return languages.map((locale) => entry(href(locale)!, lastmod(modified(locale)), alternates));
}

/** The later of two times (either may be unknown). */
const later = (a: string | null | undefined, b: string | null | undefined) => (!a ? b : !b ? a : a > b ? a : b);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = context.deps;
  const origin = loaderOrigin(context, request);
  const urls: string[] = [];
  // Google's format (developers.google.com/search/docs/specialty/international/localized-versions#sitemap):
  // each language's address is a <url> of its own, listing every language's, itself included.
  for (const { path, document } of SITEMAP_PAGES) {
    const english = await store.documents.get(document);
    const alternates: { hreflang: string; href: string }[] = locales.map((locale) => ({
      hreflang: LOCALES[locale].htmlLang,
      href: new URL(localePath(locale, path), origin).href,
    }));
    alternates.push({ hreflang: "x-default", href: alternates[0]!.href });
    for (const locale of locales) {
      const translated = !isTranslated(locale) ? undefined : await store.translations.get({ key: document, locale });
      const modified = lastmod(later(english.updatedAt, translated?.updatedAt));
      urls.push(entry(new URL(localePath(locale, path), origin).href, modified, alternates));
    }
  }

  // Each post in each language it is published in, under its address there, with the others as alternates.
  for (const post of await store.posts.addressesInLanguages()) {
    urls.push(
      ...inLanguages(
        (locale) => post.languages[locale] && new URL(postPath(post.languages[locale].slug, locale), origin).href,
        (locale) => (!isTranslated(locale) ? (post.postUpdatedAt ?? post.date) : post.languages[locale]!.updatedAt),
      ),
    );
  }

  // Each team page public and not hidden from search engines (issue 42), likewise.
  for (const page of await store.pages.addressesInLanguages()) {
    urls.push(
      ...inLanguages(
        (locale) => page.languages[locale] && new URL(localePath(locale, page.path), origin).href,
        (locale) => page.languages[locale]!.updatedAt,
      ),
    );
  }

  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
