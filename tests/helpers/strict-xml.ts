import { XMLValidator } from "fast-xml-parser";

/** A character XML 1.0 forbids (outside its `Char` production); with the u flag a lone surrogate is one too. */
const NOT_A_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const isChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

const describe = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * Why a strict XML 1.0 parser (libxml2's, expat's, a browser's: what feed readers use) would
 * refuse `xml`, or undefined when it would not: the markup as fast-xml-parser's validator
 * checks it (the feed parser's own XML parser, already installed), and what that validator lets
 * through, every character and every character reference an XML `Char`.
 */
export function strictXmlProblem(xml: string): string | undefined {
  const checked = XMLValidator.validate(xml);
  if (checked !== true) return `${checked.err.msg} (line ${checked.err.line}, column ${checked.err.col})`;
  const bad = NOT_A_CHAR.exec(xml);
  if (bad) {
    const line = xml.slice(0, bad.index).split("\n").length;
    return `${describe(bad[0].codePointAt(0)!)} is not an XML character (line ${line})`;
  }
  for (const [reference, digits] of xml.matchAll(/&#(x[0-9a-fA-F]+|[0-9]+);/g)) {
    const code = digits!.startsWith("x") ? parseInt(digits!.slice(1), 16) : Number(digits);
    if (!isChar(code)) return `${reference} names ${describe(code)}, not an XML character`;
  }
  return undefined;
}
