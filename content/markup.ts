/**
 * The blog's simple markup (docs/product.md §2): `## ` and `### ` headings, `**bold**`,
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
  { type: "text"; text: string } | { type: "strong"; children: Inline[] } | { type: "em"; children: Inline[] };

export type Block = { type: "h2" | "h3" | "p"; children: Inline[] } | { type: "ul"; items: Inline[][] };

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

/** Deepest strong/em nesting kept; deeper runs are unwrapped (their markers dropped). */
export const MAX_INLINE_NESTING = 8;

/**
 * Parses one line of text into text / strong / em nodes (adjacent text
 * merged). Emphasis follows the CommonMark delimiter-run algorithm, reduced to
 * `*`: a run can open when the next character is not whitespace and close
 * when the previous one is not; pairs are matched innermost first, two stars
 * making strong and one em. Runs in linear time on hostile input.
 */
export function parseInline(source: string): Inline[] {
  const text = String(source ?? "");
  const head: Cell = { kind: "text", text: "", prev: null, next: null, depth: 0 };
  let tail: Cell = head;
  let firstDelim: DelimCell | null = null;
  let lastDelim: DelimCell | null = null;
  let buffer = "";

  const append = (cell: Cell) => {
    cell.prev = tail;
    tail.next = cell;
    tail = cell;
  };
  const flushText = () => {
    if (buffer !== "") {
      append({ kind: "text", text: buffer, prev: null, next: null, depth: 0 });
      buffer = "";
    }
  };

  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\\" && text[i + 1] === "*") {
      buffer += "*";
      i += 2;
      continue;
    }
    if (ch !== "*") {
      buffer += ch;
      i += 1;
      continue;
    }
    let end = i;
    while (text[end] === "*") end += 1;
    flushText();
    const before = i === 0 ? undefined : text[i - 1];
    const after = text[end];
    const delim: DelimCell = {
      kind: "delim",
      count: end - i,
      original: end - i,
      canOpen: !isSpace(after),
      canClose: !isSpace(before),
      prev: null,
      next: null,
      depth: 0,
      prevDelim: lastDelim,
      nextDelim: null,
    };
    if (lastDelim) lastDelim.nextDelim = delim;
    else firstDelim = delim;
    lastDelim = delim;
    append(delim);
    i = end;
  }
  flushText();

  processEmphasis(firstDelim);

  const out: Inline[] = [];
  for (let cell = head.next; cell; cell = cell.next) out.push(...cellToInlines(cell));
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
      block.type === "ul"
        ? block.items.map((item) => inlineToPlainText(item)).join("\n")
        : inlineToPlainText(block.children),
    )
    .join("\n\n");
}

/** Plain text of inline nodes (markers removed). */
export function inlineToPlainText(nodes: readonly Inline[]): string {
  return nodes.map((node) => (node.type === "text" ? node.text : inlineToPlainText(node.children))).join("");
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/**
 * A post as HTML, for readers outside the site (the RSS feed): the same
 * elements the site renders, every piece of text escaped, so anything that
 * looks like a tag in a post stays text.
 */
export function markupToHtml(markup: string): string {
  const inline = (nodes: readonly Inline[]): string =>
    nodes
      .map((node) =>
        node.type === "text" ? escapeHtml(node.text) : `<${node.type}>${inline(node.children)}</${node.type}>`,
      )
      .join("");
  return parseMarkup(markup)
    .map((block) =>
      block.type === "ul"
        ? `<ul>${block.items.map((item) => `<li>${inline(item)}</li>`).join("")}</ul>`
        : `<${block.type}>${inline(block.children)}</${block.type}>`,
    )
    .join("\n");
}

// ---------------------------------------------------------------------------

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);

type CellBase = { prev: Cell | null; next: Cell | null; depth: number };
type TextCell = CellBase & { kind: "text"; text: string };
type NodeCell = CellBase & { kind: "node"; node: Inline };
type DelimCell = CellBase & {
  kind: "delim";
  count: number;
  original: number;
  canOpen: boolean;
  canClose: boolean;
  prevDelim: DelimCell | null;
  nextDelim: DelimCell | null;
};
type Cell = TextCell | NodeCell | DelimCell;

function unlinkDelim(delim: DelimCell) {
  if (delim.prevDelim) delim.prevDelim.nextDelim = delim.nextDelim;
  if (delim.nextDelim) delim.nextDelim.prevDelim = delim.prevDelim;
}

function unlinkCell(cell: Cell) {
  if (cell.prev) cell.prev.next = cell.next;
  if (cell.next) cell.next.prev = cell.prev;
}

/** CommonMark "process emphasis" for `*` runs, matching closers left to right. */
function processEmphasis(first: DelimCell | null) {
  // Per closer kind, the delimiter below which no opener can match it.
  const openersBottom = new Map<string, DelimCell | null>();
  let closer = first;
  while (closer) {
    if (!closer.canClose) {
      closer = closer.nextDelim;
      continue;
    }
    const key = `${closer.canOpen}:${closer.original % 3}`;
    const bottom = openersBottom.has(key) ? openersBottom.get(key)! : undefined;
    let opener = closer.prevDelim;
    while (opener && opener !== bottom) {
      const oddMatch =
        (opener.canClose || closer.canOpen) &&
        (opener.original + closer.original) % 3 === 0 &&
        !(opener.original % 3 === 0 && closer.original % 3 === 0);
      if (opener.canOpen && !oddMatch) break;
      opener = opener.prevDelim;
    }
    if (!opener || opener === bottom) {
      openersBottom.set(key, closer.prevDelim);
      const next: DelimCell | null = closer.nextDelim;
      if (!closer.canOpen) unlinkDelim(closer);
      closer = next;
      continue;
    }

    const use = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
    opener.count -= use;
    closer.count -= use;
    // Delimiters between the pair can no longer match anything.
    opener.nextDelim = closer;
    closer.prevDelim = opener;

    const children: Inline[] = [];
    let depth = 0;
    for (let cell = opener.next; cell && cell !== closer; cell = cell.next) {
      children.push(...cellToInlines(cell));
      depth = Math.max(depth, cell.depth);
    }
    const inner = mergeText(children);
    const wrapped: Cell[] =
      depth + 1 > MAX_INLINE_NESTING
        ? inner.map((node) => ({ kind: "node", node, prev: null, next: null, depth }))
        : [
            {
              kind: "node",
              node: { type: use === 2 ? "strong" : "em", children: inner },
              prev: null,
              next: null,
              depth: depth + 1,
            },
          ];
    let left: Cell = opener;
    for (const cell of wrapped) {
      left.next = cell;
      cell.prev = left;
      left = cell;
    }
    left.next = closer;
    closer.prev = left;

    if (opener.count === 0) {
      unlinkDelim(opener);
      unlinkCell(opener);
    }
    if (closer.count === 0) {
      const next: DelimCell | null = closer.nextDelim;
      unlinkDelim(closer);
      unlinkCell(closer);
      closer = next;
    }
  }
}

/** A cell as inline nodes; leftover delimiters are literal stars. */
function cellToInlines(cell: Cell): Inline[] {
  switch (cell.kind) {
    case "text":
      return cell.text === "" ? [] : [{ type: "text", text: cell.text }];
    case "delim":
      return cell.count > 0 ? [{ type: "text", text: "*".repeat(cell.count) }] : [];
    case "node":
      return [cell.node];
  }
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
