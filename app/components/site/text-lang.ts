/**
 * `lang="en"` for a text a page in another language still shows in English
 * (issue 25 item 2): its path is in the loader's `english` (readPageDocument,
 * #app/lib/content.server.ts), e.g. `<h1 lang={langOf(english, "title")}>`,
 * `features.${index}.title` for a list item's. Nothing for any other text: it
 * is in the page's language, which `<html lang>` says.
 */
export function langOf(english: readonly string[], path: string): "en" | undefined {
  return english.includes(path) ? "en" : undefined;
}
