import { describe, expect, it } from "vitest";
import { defaultPosts } from "./defaults.ts";
import {
  blocksToPlainText,
  MAX_INLINE_NESTING,
  markupToHtml,
  markupToPlainText,
  parseInline,
  parseMarkup,
  type Block,
  type Inline,
} from "./markup.ts";

const t = (text: string): Inline => ({ type: "text", text });
const strong = (...children: Inline[]): Inline => ({ type: "strong", children });
const em = (...children: Inline[]): Inline => ({ type: "em", children });
const p = (...children: Inline[]): Block => ({ type: "p", children });

describe("parseMarkup blocks", () => {
  it("parses headings, paragraphs and dash bullets", () => {
    const source = [
      "## Why it matters",
      "First line of a paragraph",
      "continues here.",
      "",
      "### Details",
      "- one",
      "- **two**",
      "",
      "Last paragraph.",
    ].join("\n");
    expect(parseMarkup(source)).toEqual<Block[]>([
      { type: "h2", children: [t("Why it matters")] },
      p(t("First line of a paragraph continues here.")),
      { type: "h3", children: [t("Details")] },
      { type: "ul", items: [[t("one")], [strong(t("two"))]] },
      p(t("Last paragraph.")),
    ]);
  });

  it("returns no blocks for empty or blank input", () => {
    expect(parseMarkup("")).toEqual([]);
    expect(parseMarkup(" \n\n \t\n")).toEqual([]);
  });

  it("handles CRLF line endings and extra blank lines", () => {
    expect(parseMarkup("a\r\nb\r\n\r\n\r\n\r\nc")).toEqual([p(t("a b")), p(t("c"))]);
  });

  it("ends a paragraph at a heading or bullet without a blank line", () => {
    expect(parseMarkup("Intro\n## Heading\nText\n- item\n- item 2")).toEqual<Block[]>([
      p(t("Intro")),
      { type: "h2", children: [t("Heading")] },
      p(t("Text")),
      { type: "ul", items: [[t("item")], [t("item 2")]] },
    ]);
  });

  it("joins an indented continuation line to the bullet; an unindented line starts a paragraph", () => {
    expect(parseMarkup("- first item\n  wraps here\n- second\nAfter the list")).toEqual<Block[]>([
      { type: "ul", items: [[t("first item wraps here")], [t("second")]] },
      p(t("After the list")),
    ]);
  });

  it("splits lists separated by a blank line", () => {
    expect(parseMarkup("- a\n\n- b")).toEqual<Block[]>([
      { type: "ul", items: [[t("a")]] },
      { type: "ul", items: [[t("b")]] },
    ]);
  });

  it("tolerates #, #### and * / • bullets from generated text", () => {
    expect(parseMarkup("# Title\n#### Small\n* star item\n• dot item")).toEqual<Block[]>([
      { type: "h2", children: [t("Title")] },
      { type: "h3", children: [t("Small")] },
      { type: "ul", items: [[t("star item")], [t("dot item")]] },
    ]);
  });

  it("does not read hashtags, bare markers or bold-at-line-start as structure", () => {
    expect(parseMarkup("#Colombo is lovely")).toEqual([p(t("#Colombo is lovely"))]);
    expect(parseMarkup("##")).toEqual([p(t("##"))]);
    expect(parseMarkup("-not a bullet")).toEqual([p(t("-not a bullet"))]);
    expect(parseMarkup("**Bold** start")).toEqual([p(strong(t("Bold")), t(" start"))]);
    expect(parseMarkup("*Italic* start")).toEqual([p(em(t("Italic")), t(" start"))]);
    expect(parseMarkup("## Learn C#")).toEqual([{ type: "h2", children: [t("Learn C#")] }]);
  });

  it("treats --- and *** lines as block separators only", () => {
    expect(parseMarkup("one\n---\ntwo\n\n***\n\nthree")).toEqual([p(t("one")), p(t("two")), p(t("three"))]);
  });

  it("keeps HTML as plain text and never produces markup strings", () => {
    const blocks = parseMarkup('<script>alert("x")</script>\n\n## <img src=x onerror=alert(1)>');
    expect(blocks).toEqual<Block[]>([
      p(t('<script>alert("x")</script>')),
      { type: "h2", children: [t("<img src=x onerror=alert(1)>")] },
    ]);
  });
});

describe("parseInline", () => {
  it("parses bold and italic among text", () => {
    expect(parseInline("A **bold** and *italic* word")).toEqual([
      t("A "),
      strong(t("bold")),
      t(" and "),
      em(t("italic")),
      t(" word"),
    ]);
  });

  it("nests italic inside bold and bold inside italic", () => {
    expect(parseInline("**bold *and italic***")).toEqual([strong(t("bold "), em(t("and italic")))]);
    expect(parseInline("*italic **and bold** too*")).toEqual([em(t("italic "), strong(t("and bold")), t(" too"))]);
    expect(parseInline("***both***")).toEqual([em(strong(t("both")))]);
  });

  it("leaves unmatched or spaced markers as literal text", () => {
    expect(parseInline("2 * 3 * 4")).toEqual([t("2 * 3 * 4")]);
    expect(parseInline("a ** b ** c")).toEqual([t("a ** b ** c")]);
    expect(parseInline("**unclosed bold")).toEqual([t("**unclosed bold")]);
    expect(parseInline("*unclosed")).toEqual([t("*unclosed")]);
    expect(parseInline("****")).toEqual([t("****")]);
    expect(parseInline("**")).toEqual([t("**")]);
  });

  it("supports \\* as a literal asterisk", () => {
    expect(parseInline("\\*not italic\\*")).toEqual([t("*not italic*")]);
    expect(parseInline("**5\\* rating**")).toEqual([strong(t("5* rating"))]);
  });

  it("parses adjacent runs", () => {
    expect(parseInline("**a** **b**")).toEqual([strong(t("a")), t(" "), strong(t("b"))]);
    expect(parseInline("**a***b*")).toEqual([strong(t("a")), em(t("b"))]);
  });
});

describe("hostile input", () => {
  it.each([
    ["unclosed em openers", "*a ".repeat(70_000)],
    ["unclosed strong openers", "**a ".repeat(50_000)],
    ["alternating openers", "*a **b ".repeat(30_000)],
    ["one long star run", `a${"*".repeat(200_000)}b`],
    ["many small pairs", "*a* ".repeat(50_000)],
  ])("%s parse in linear time", (_name, source) => {
    // CPU time, not wall-clock time: other work on a busy machine delays the parse but does not
    // add to this (a quadratic parse of these inputs takes minutes either way).
    const started = process.cpuUsage();
    const blocks = parseMarkup(source);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(2_000);
    expect(blocks).toHaveLength(1);
  });

  it("caps nesting depth and keeps the text", () => {
    const depth = 40;
    const nest = (k: number): string => (k === 0 ? "c" : k % 2 ? `*a ${nest(k - 1)} z*` : `**b ${nest(k - 1)} y**`);
    const source = nest(depth);
    const [block] = parseMarkup(source);
    const measure = (nodes: Inline[]): number =>
      Math.max(0, ...nodes.map((n) => (n.type === "text" ? 0 : 1 + measure(n.children))));
    expect(block?.type).toBe("p");
    if (block?.type !== "p") return;
    expect(measure(block.children)).toBe(MAX_INLINE_NESTING);
    expect(markupToPlainText(source)).toContain("c");
    expect(markupToPlainText(source).replace(/[*\s]/g, "")).toBe(`${"ba".repeat(depth / 2)}c${"zy".repeat(depth / 2)}`);
    // Below the cap nothing is lost.
    const shallow = parseInline(nest(4));
    expect(shallow).toEqual([strong(t("b "), em(t("a "), strong(t("b "), em(t("a c z")), t(" y")), t(" z")), t(" y"))]);
  });
});

describe("plain text", () => {
  it("drops markers and separates blocks", () => {
    expect(markupToPlainText("## Title\nSome **bold** and *italic* text\nthat wraps.\n\n- one\n- two")).toBe(
      "Title\n\nSome bold and italic text that wraps.\n\none\ntwo",
    );
    expect(markupToPlainText("")).toBe("");
  });

  it("blocksToPlainText agrees with markupToPlainText", () => {
    const source = defaultPosts[0]!.content;
    expect(blocksToPlainText(parseMarkup(source))).toBe(markupToPlainText(source));
  });

  it("leaves no markup markers in the default posts", () => {
    for (const post of defaultPosts) {
      const text = markupToPlainText(post.content);
      expect(text).not.toMatch(/\*|^#|^- /m);
      expect(text.length).toBeGreaterThan(1000);
    }
  });
});

describe("default posts parse into a sensible structure", () => {
  it.each(defaultPosts.map((post) => [post.title, post.content] as const))("%s", (_title, content) => {
    const blocks = parseMarkup(content);
    const types = new Set(blocks.map((b) => b.type));
    expect(types.has("h2")).toBe(true);
    expect(types.has("p")).toBe(true);
    expect(types.has("ul")).toBe(true);
    const json = JSON.stringify(blocks);
    expect(json).toContain('"type":"strong"');
    expect(json).toContain('"type":"em"');
  });
});

describe("markupToHtml", () => {
  it("gives the site's elements, with every text escaped", () => {
    expect(markupToHtml('## Plan & grow\n\nA **bold** and *slanted* <script>alert(1)</script>\n\n- one\n- "two"')).toBe(
      [
        "<h2>Plan &amp; grow</h2>",
        "<p>A <strong>bold</strong> and <em>slanted</em> &lt;script&gt;alert(1)&lt;/script&gt;</p>",
        "<ul><li>one</li><li>&quot;two&quot;</li></ul>",
      ].join("\n"),
    );
    expect(markupToHtml("")).toBe("");
  });
});
