/**
 * The blog's simple markup (spec §2): `## ` and `### ` headings, `**bold**`,
 * `*italic*`, `- ` dash bullets and paragraphs separated by blank lines
 * (consecutive lines inside a paragraph join with a space).
 *
 * The parser returns a small AST and never produces HTML: the renderer maps
 * each node to a React element, so anything that looks like HTML in a post
 * (`<script>`, `<img onerror>`) stays plain text. Isomorphic: no Node imports.
 *
 * Tolerances, because posts are also written by a language model:
 * - `# ` is read as an h2 and `#### `…`###### ` as an h3;
 * - `* ` and `• ` bullets are read like `- `;
 * - a bullet's indented continuation line joins the item; an unindented
 *   plain line directly after a list starts a new paragraph;
 * - `---` / `***` lines only separate blocks;
 * - `\*` is a literal asterisk; unmatched `*` / `**` stay literal text.
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] };

export type Block =
  | { type: "h2" | "h3" | "p"; children: Inline[] }
  | { type: "ul"; items: Inline[][] };

const HEADING = /^(#{1,6})[ \t]+(.*)$/;
const RULE = /^([-*_])(?:[ \t]*\1){2,}$/;
const BULLET = /^[-*•][ \t]+(.*)$/;

/** Parses a whole post into blocks. Empty or blank input gives `[]`. */
export function parseMarkup(markup: string): Block[] {
  const lines = String(markup ?? "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;

  const flushParagraph = () => {
    if (paragraph.length > 0) {
      const children = parseInline(paragraph.join(" "));
      if (children.length > 0) blocks.push({ type: "p", children });
      paragraph = [];
    }
  };
  const flushList = () => {
    if (list) {
      const items = list.map((item) => parseInline(item)).filter((item) => item.length > 0);
      if (items.length > 0) blocks.push({ type: "ul", items });
      list = null;
    }
  };
  const flush = () => {
    flushParagraph();
    flushList();
  };

  for (const rawLine of lines) {
    const line = rawLine.trim();
    if (line === "") {
      flush();
      continue;
    }

    if (RULE.test(line)) {
      // "---" / "***": a thematic break only separates blocks.
      flush();
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      const children = parseInline(heading[2] ?? "");
      if (children.length > 0) blocks.push({ type: level <= 2 ? "h2" : "h3", children });
      continue;
    }

    const bullet = BULLET.exec(line);
    // "**bold** start" is a paragraph, not a "*" bullet: a bullet marker is followed by whitespace.
    if (bullet) {
      flushParagraph();
      list ??= [];
      list.push((bullet[1] ?? "").trim());
      continue;
    }

    if (list) {
      const continuesItem = /^[ \t]/.test(rawLine) && list.length > 0;
      if (continuesItem) {
        list[list.length - 1] = `${list[list.length - 1]} ${line}`.trim();
        continue;
      }
      flushList();
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Parses one line of text into text / strong / em nodes (adjacent text merged). */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let buffer = "";
  const pushText = () => {
    if (buffer !== "") {
      out.push({ type: "text", text: buffer });
      buffer = "";
    }
  };

  let i = 0;
  while (i < source.length) {
    const ch = source[i];

    if (ch === "\\" && source[i + 1] === "*") {
      buffer += "*";
      i += 2;
      continue;
    }

    if (source.startsWith("**", i)) {
      const close = findStrongClose(source, i + 2);
      if (close !== -1) {
        pushText();
        out.push({ type: "strong", children: parseInline(source.slice(i + 2, close)) });
        i = close + 2;
        continue;
      }
      // An unmatched "**" is literal; skip both so the second is not read as an opener.
      buffer += "**";
      i += 2;
      continue;
    }

    if (ch === "*") {
      const close = findEmClose(source, i + 1);
      if (close !== -1) {
        pushText();
        out.push({ type: "em", children: parseInline(source.slice(i + 1, close)) });
        i = close + 1;
        continue;
      }
    }

    buffer += ch;
    i += 1;
  }
  pushText();
  return mergeText(out);
}

/** Flattens a post to plain text: blocks separated by blank lines, list items by newlines. */
export function markupToPlainText(markup: string): string {
  return blocksToPlainText(parseMarkup(markup));
}

/** Plain text of already-parsed blocks (see {@link markupToPlainText}). */
export function blocksToPlainText(blocks: readonly Block[]): string {
  return blocks
    .map((block) =>
      block.type === "ul" ? block.items.map((item) => inlineToPlainText(item)).join("\n") : inlineToPlainText(block.children),
    )
    .join("\n\n");
}

/** Plain text of inline nodes (markers removed). */
export function inlineToPlainText(nodes: readonly Inline[]): string {
  return nodes.map((node) => (node.type === "text" ? node.text : inlineToPlainText(node.children))).join("");
}

// ---------------------------------------------------------------------------

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);

/** Index of the "**" closing a strong run opened just before `from`, or -1. */
function findStrongClose(source: string, from: number): number {
  if (isSpace(source[from])) return -1; // "** x" does not open
  let j = from;
  while (j < source.length) {
    if (source[j] === "\\" && source[j + 1] === "*") {
      j += 2;
      continue;
    }
    if (source.startsWith("**", j) && j > from && !isSpace(source[j - 1])) {
      // In a run of 3+ stars ("***x***", "**a *b***") the closer is the last
      // two stars when an em opened inside the strong run still needs closing.
      let runEnd = j;
      while (source[runEnd] === "*") runEnd += 1;
      const openEm = source[from] === "*" || countStars(source.slice(from, j)) % 2 === 1;
      return runEnd - j > 2 && openEm ? runEnd - 2 : j;
    }
    j += 1;
  }
  return -1;
}

/** Index of the single "*" closing an em run opened just before `from`, or -1. */
function findEmClose(source: string, from: number): number {
  if (isSpace(source[from])) return -1; // "2 * 3" does not open
  let j = from;
  while (j < source.length) {
    if (source[j] === "\\" && source[j + 1] === "*") {
      j += 2;
      continue;
    }
    if (source.startsWith("**", j)) {
      // A nested strong run inside the em: skip over it when it closes.
      const inner = findStrongClose(source, j + 2);
      if (inner !== -1) {
        j = inner + 2;
        continue;
      }
      if (j > from && !isSpace(source[j - 1])) return j; // "*x**" → em "x", then literal "*"
      j += 2;
      continue;
    }
    if (source[j] === "*" && j > from && !isSpace(source[j - 1])) return j;
    j += 1;
  }
  return -1;
}

/** Unescaped "*" characters in `text`. */
function countStars(text: string): number {
  return text.replace(/\\\*/g, "").split("*").length - 1;
}

function mergeText(nodes: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const node of nodes) {
    const last = merged[merged.length - 1];
    if (node.type === "text" && last?.type === "text") {
      last.text += node.text;
    } else if (node.type !== "text" && node.children.length === 0) {
      continue;
    } else {
      merged.push(node);
    }
  }
  return merged;
}
