import type { MetaDescriptor } from "react-router";
import { SITE_NAME } from "#content/constants.ts";
import { truncateText } from "#content/graphemes.ts";
import { DEFAULT_LOCALE, LOCALES, isLocale, localePath, locales, type Locale } from "#content/locales.ts";

/** A page's path (without prefix) in each language it exists in. */
export type PageAlternates = Partial<Record<Locale, string>>;

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page without its language prefix, e.g. "/services" (the page's own language adds it). */
  path: string;
  /**
   * The page in each language it exists in, by path without prefix, when not
   * every language has it at `path` (a post translated under its own slug, or
   * not at all). Default: every language, at `path`.
   */
  alternates?: PageAlternates;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  type?: "website" | "article";
}

/** What a page's head tags need of the site: its origin and the page's language (the root loader's). */
export interface PageSite {
  origin: string;
  locale: Locale;
}

/**
 * Title, description, canonical URL, the page in the other languages
 * (hreflang, with English as x-default), OpenGraph and Twitter tags for a page
 * in its language. `site` comes from the root loader (`siteOf`).
 */
export function seoMeta(page: PageSeo, { origin, locale }: PageSite): MetaDescriptor[] {
  const url = new URL(localePath(locale, page.path), origin).href;
  const alternates = locales.flatMap((other) => {
    const path = page.alternates ? page.alternates[other] : page.path;
    return path === undefined ? [] : [{ locale: other, href: new URL(localePath(other, path), origin).href }];
  });
  const english = alternates.find((alternate) => alternate.locale === DEFAULT_LOCALE);
  const title = page.path === "/" ? page.title : `${page.title} | ${SITE_NAME}`;
  const image = new URL(page.image ?? "/og-image.svg", origin).href;
  const description = truncateText(page.description.replace(/\s+/g, " ").trim(), 300);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    // Google's format: every version lists every version, itself included, and the default.
    ...(alternates.length > 1
      ? [
          ...alternates.map(({ locale: other, href }) => ({
            tagName: "link",
            rel: "alternate",
            hrefLang: LOCALES[other].htmlLang,
            href,
          })),
          ...(english ? [{ tagName: "link", rel: "alternate", hrefLang: "x-default", href: english.href }] : []),
        ]
      : []),
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: LOCALES[locale].ogLocale },
    ...alternates
      .filter((alternate) => alternate.locale !== locale)
      .map((alternate) => ({ property: "og:locale:alternate", content: LOCALES[alternate.locale].ogLocale })),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/** The site's origin and the page's language from the root loader's data, for use inside `meta({ matches })`. */
export function siteOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): PageSite {
  const root = matches.find((match) => match?.id === "root")?.data as { origin?: string; locale?: unknown } | undefined;
  return {
    origin: root?.origin ?? "http://localhost:3000",
    locale: isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE,
  };
}
