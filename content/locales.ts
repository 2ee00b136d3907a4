/**
 * The site's languages (issue 25): English at the root, Sinhala under /si/ and
 * Tamil under /ta/, with the same paths below. One table: routes, links, the
 * language switcher, hreflang, the sitemap, the admin's language switch and the
 * API's `?locale=` all read it.
 */
export const LOCALES = {
  en: { label: "English", nativeName: "English", htmlLang: "en", ogLocale: "en_LK", intl: "en-LK", prefix: "" },
  si: { label: "Sinhala", nativeName: "සිංහල", htmlLang: "si", ogLocale: "si_LK", intl: "si-LK", prefix: "/si" },
  ta: { label: "Tamil", nativeName: "தமிழ்", htmlLang: "ta", ogLocale: "ta_LK", intl: "ta-LK", prefix: "/ta" },
} as const;

export type Locale = keyof typeof LOCALES;

/** Every language, English first. */
export const locales = Object.keys(LOCALES) as Locale[];

/** The languages a text is translated into (all but English). */
export type TranslatedLocale = Exclude<Locale, "en">;

export const DEFAULT_LOCALE: Locale = "en";

/** Whether `locale` is a language other than English: its texts are translations of the English ones. */
export function isTranslated(locale: Locale | undefined): locale is TranslatedLocale {
  return locale !== undefined && locale !== DEFAULT_LOCALE;
}

export const translatedLocales = locales.filter(isTranslated);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && Object.hasOwn(LOCALES, value);
}

/** The language of a site path (or its route data): `/si/services` and `/si.data` are Sinhala, `/services` English. */
export function localeOfPath(pathname: string): Locale {
  const first = /^\/([a-z]{2})(?:\/|\.data$|$)/.exec(pathname)?.[1];
  return first !== undefined && first !== "en" && isLocale(first) ? first : DEFAULT_LOCALE;
}

/** The path without its language prefix: `/si/blog/x` → `/blog/x`, `/si` → `/`. */
export function unlocalizedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  return pathname.slice(LOCALES[locale].prefix.length) || "/";
}

/** A site path in a language: `localePath("si", "/blog")` → `/si/blog`, `localePath("si", "/")` → `/si`. */
export function localePath(locale: Locale, path: string): string {
  const { prefix } = LOCALES[locale];
  if (!prefix || !path.startsWith("/")) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}
