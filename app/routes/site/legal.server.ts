import { documentDefaults } from "#content/defaults.ts";
import { isTranslated, type Locale } from "#content/locales.ts";
import type { LegalContent } from "#content/schemas.ts";
import { langOf } from "#app/components/site/text-lang.ts";
import { sanitizeRichHtml } from "#server/content/sanitize.ts";

export type LegalKey = "privacy-policy" | "terms-conditions";

/** Which legal document a request is for: the route's path is the document key. */
export function legalKeyOf(request: Request): LegalKey {
  const path = new URL(request.url).pathname.replace(/(\.data)?\/*$/, "");
  return path.endsWith("/terms-conditions") ? "terms-conditions" : "privacy-policy";
}

/**
 * What a legal page shows in `locale`: the stored title, or the default when
 * it is blank; the stored content sanitised again, or the default when
 * nothing is left. `titleLang` and `contentLang` are "en" for a text shown in
 * English on a page in another language (`english`, readPageDocument), the
 * built-in English defaults included.
 */
export function legalPage(key: LegalKey, doc: LegalContent, english: readonly string[], locale: Locale) {
  const fallbackLang = !isTranslated(locale) ? undefined : "en";
  const title = doc.title.trim();
  const html = sanitizeRichHtml(doc.content).trim();
  return {
    title: title || documentDefaults[key].title,
    titleLang: title ? langOf(english, "title") : fallbackLang,
    html: html || sanitizeRichHtml(documentDefaults[key].content),
    contentLang: html ? langOf(english, "content") : fallbackLang,
  };
}
