import { messagesFor, numberLabel, serverMessagesFor } from "#content/i18n/dictionaries.ts";
import { format } from "#content/i18n/format.ts";
import {
  DEFAULT_LOCALE,
  LOCALES,
  localeOfPath,
  localePath,
  translatedLocales,
  type Locale,
  isTranslated,
} from "#content/locales.ts";
import { publicPath } from "#content/public-pages.ts";
import type { LanguageOffers } from "./i18n.ts";

/**
 * The interface strings and the formatting of dates and numbers for a page in
 * its language (issue 25 item 5). Server only: the dictionaries stay out of
 * the browser's code, and a page gets its own language's strings in the root
 * loader's data (#app/lib/i18n.ts reads them there).
 */

export { messagesFor, numberLabel, serverMessagesFor };

/**
 * What the line offering another language (app/components/site/language-offer.tsx)
 * says, in that language, for each language a page in `locale` may offer: the
 * page cannot know which one the browser prefers until it runs there.
 */
export function languageOffers(locale: Locale): LanguageOffers {
  return Object.fromEntries(
    translatedLocales.filter((other) => other !== locale).map((other) => [other, messagesFor(other).language]),
  );
}

/**
 * The Intl locale dates are written in. English keeps the day-first date of
 * British English ("12 March 2025", docs/product.md), as Sri Lanka writes it,
 * where `en-LK` (content/locales.ts) gives "March 12, 2025".
 */
const dateLocale = (locale: Locale) => (!isTranslated(locale) ? "en-GB" : LOCALES[locale].intl);

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A post's date ("2025-03-12") as a page in `locale` writes it: "12 March
 * 2025", "2025 මැදින් 12", "12 மார்ச், 2025"; the text as it is when it is no
 * date. Written here, on the server, and sent with the page: browsers lack
 * some languages' data (Chromium has no si-LK), so formatting again there
 * would differ and break hydration. In UTC: the same whatever the time zone.
 */
export function dateLabel(date: string, locale: Locale): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  let formatter = dateFormats.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(dateLocale(locale), {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    dateFormats.set(locale, formatter);
  }
  return formatter.format(time);
}

/** How content/rules.ts `readingTime` writes a post's reading time, which is what posts store. */
const READ_TIME = /^(\d{1,4}) min read$/;

/**
 * A post's stored reading time in `locale`: "3 min read" → "මිනිත්තු 3ක
 * කියවීමක්"; anything else the admin typed, as it is.
 */
export function readTimeLabel(readTime: string, locale: Locale): string {
  const minutes = READ_TIME.exec(readTime.trim())?.[1];
  if (minutes === undefined) return readTime;
  return format(messagesFor(locale).blog.minRead, { count: numberLabel(Number(minutes), locale) });
}

/**
 * An address the admin typed (the hero's button), in `locale` when it is one
 * of the site's pages: `/services#team` → `/si/services#team`. Anything else
 * (another site, a file, `#id`, a page already in a language) stays as it is.
 */
export function pageLinkIn(url: string, locale: Locale): string {
  const [, path = "", rest = ""] = /^([^?#]*)(.*)$/s.exec(url) ?? [];
  if (!path.startsWith("/") || path.startsWith("//") || localeOfPath(path) !== DEFAULT_LOCALE) return url;
  const page = publicPath(path);
  return page?.kind === "page" && page.status !== 404 ? `${localePath(locale, path)}${rest}` : url;
}
