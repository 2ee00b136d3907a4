import type { TextFormat } from "#content/ai-translation.ts";

/**
 * Links are never translated: before a text goes to the model, every address
 * in it becomes a numbered placeholder (⟦1⟧, ⟦2⟧ …) and the answer gets them
 * back. A model cannot then "translate" a slug, drop a query string or
 * invent an address; it only has to keep the placeholders, which
 * `restoreLinks` checks.
 */

const placeholder = (n: number) => `⟦${n}⟧`;
const PLACEHOLDER = /⟦(\d+)⟧/g;

/** An address up to a space, a quote or an angle bracket; ")" only as part of a "(…)" pair (Wikipedia's). */
const ADDRESS = String.raw`(?:[^\s()<>"'` + "`" + String.raw`]|\([^\s()<>"']*\))+`;

/** The places an address is found, by format: each pattern's first group is the address. */
const HTML_ATTRIBUTE = /\b(?:href|src|action|cite|poster)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
const MARKDOWN_TARGET = new RegExp(String.raw`\]\(\s*(<[^>\n]*>|${ADDRESS})`, "g");
const AUTOLINK = /<((?:https?:\/\/|mailto:|tel:)[^\s<>]+)>/gi;
/** A bare address; a sentence's final full stop, comma or bracket is not part of it. */
const BARE_URL = new RegExp(String.raw`\bhttps?:\/\/${ADDRESS}`, "gi");

const count = (text: string, character: string) => text.split(character).length - 1;

/** A bare address without the sentence's punctuation after it; a ")" stays when it closes a "(" of the address. */
function withoutTrailingPunctuation(url: string): string {
  let end = url.length;
  for (; end > 0; end -= 1) {
    const last = url[end - 1]!;
    if (last === ")") {
      const head = url.slice(0, end);
      if (count(head, "(") >= count(head, ")")) break;
    } else if (!".,;:!?]".includes(last)) break;
  }
  return url.slice(0, end);
}

export interface ProtectedText {
  /** The text with each address replaced by its placeholder. */
  text: string;
  /** The addresses, placeholder n's at index n - 1. */
  links: string[];
}

export function protectLinks(source: string, format: TextFormat): ProtectedText {
  const links: string[] = [];
  const hide = (link: string) => {
    links.push(link);
    return placeholder(links.length);
  };
  let text = source;
  if (format !== "plain") {
    text = text.replace(HTML_ATTRIBUTE, (whole: string, ...groups: (string | undefined)[]) => {
      const value = groups.slice(0, 3).find((group) => group !== undefined) ?? "";
      if (!value.trim()) return whole;
      const at = whole.lastIndexOf(value);
      return `${whole.slice(0, at)}${hide(value)}${whole.slice(at + value.length)}`;
    });
  }
  if (format === "markdown") {
    text = text.replace(MARKDOWN_TARGET, (whole: string, target: string) => whole.replace(target, hide(target)));
    text = text.replace(AUTOLINK, (_whole: string, link: string) => `<${hide(link)}>`);
  }
  text = text.replace(BARE_URL, (match: string) => {
    const url = withoutTrailingPunctuation(match);
    return `${hide(url)}${match.slice(url.length)}`;
  });
  return { text, links };
}

/**
 * The answer with its placeholders replaced by the addresses, or undefined
 * when the model lost one, wrote one twice or made one up (the caller asks
 * again).
 */
export function restoreLinks(answer: string, links: readonly string[]): string | undefined {
  const seen = new Array<number>(links.length).fill(0);
  for (const [, n] of answer.matchAll(PLACEHOLDER)) {
    const index = Number(n) - 1;
    if (!(index in seen)) return undefined;
    seen[index]! += 1;
  }
  if (seen.some((count) => count !== 1)) return undefined;
  return answer.replace(PLACEHOLDER, (_whole, n: string) => links[Number(n) - 1]!);
}
