/**
 * Characters XML 1.0 forbids (its `Char` production): C0 controls other than tab, line feed
 * and carriage return, lone surrogate halves, and U+FFFE and U+FFFF. Not even a character
 * reference may name them, so a strict parser (every feed reader's) refuses the whole
 * document over one: a form feed pasted from a PDF would drop the feed's every post.
 */
const CONTROLS = /(?:(?![\t\n\r\u007F-\u009F])\p{Cc})+/gu;
/** With the u flag a surrogate pair is one character, so only a lone half matches. */
const NOT_CHARACTERS = /[\uFFFE\uFFFF\uD800-\uDFFF]/gu;

const ESCAPES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" };

/**
 * `text` as the content of an XML element or attribute, for every XML document we write (the
 * feed, the sitemap): markup characters escaped, each run of forbidden controls made one space
 * (a form feed or vertical tab separated words), each other forbidden character U+FFFD.
 */
export function xmlText(text: string): string {
  return text
    .replace(CONTROLS, " ")
    .replace(NOT_CHARACTERS, "\uFFFD")
    .replace(/[<>&'"]/g, (ch) => ESCAPES[ch]!);
}
