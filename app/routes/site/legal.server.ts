import { documentDefaults } from "#content/defaults.ts";
import { sanitizeRichHtml } from "#server/content/sanitize.ts";

export type LegalKey = "privacy-policy" | "terms-conditions";

/** Which legal document a request is for: the route's path is the document key. */
export function legalKeyOf(request: Request): LegalKey {
  const path = new URL(request.url).pathname.replace(/(\.data)?\/*$/, "");
  return path.endsWith("/terms-conditions") ? "terms-conditions" : "privacy-policy";
}

/** The title to show: the stored one, or the default when it is blank. */
export function legalTitle(key: LegalKey, title: string): string {
  return title.trim() || documentDefaults[key].title;
}

/** The HTML to render: the stored content sanitised again, or the defaults when nothing is left. */
export function legalHtml(key: LegalKey, content: string): string {
  const clean = sanitizeRichHtml(content).trim();
  return clean !== "" ? clean : sanitizeRichHtml(documentDefaults[key].content);
}
