import { describe, expect, it } from "vitest";
import { cleanModelText, parseBlogContent, parseExcerpt, parseParagraph, parseServiceDraft } from "./parsers.ts";

/** Runs `parse` and checks it took time in proportion to a long answer, not its square. */
function quickly<T>(parse: () => T): T {
  const started = performance.now();
  const result = parse();
  expect(performance.now() - started).toBeLessThan(3_000);
  return result;
}

describe("cleanModelText", () => {
  it("removes a code fence, a 'Here is…:' line and wrapping quotes", () => {
    expect(cleanModelText("```\nHello there.\n```")).toBe("Hello there.");
    expect(cleanModelText("```markdown\nHello there.\n```")).toBe("Hello there.");
    expect(cleanModelText("Sure, here is the text:\nHello there.")).toBe("Hello there.");
    expect(cleanModelText("Here's a description for you:\n\nHello there.")).toBe("Hello there.");
    expect(cleanModelText("“Hello there.”")).toBe("Hello there.");
    expect(cleanModelText("\r\n  Hello\r\nthere.  \r\n")).toBe("Hello\nthere.");
  });

  it("keeps quotes that are part of the text", () => {
    expect(cleanModelText('"He said "hi"."')).toBe('"He said "hi"."');
  });
});

describe("parseParagraph (a feature's description)", () => {
  it("keeps a well-formed answer as it is", () => {
    expect(parseParagraph("We plan campaigns that pay for themselves. Every rupee is tracked.")).toBe(
      "We plan campaigns that pay for themselves. Every rupee is tracked.",
    );
  });

  it("drops fences, preambles, labels, markdown and line breaks", () => {
    expect(parseParagraph("```\nWe plan campaigns.\n```")).toBe("We plan campaigns.");
    expect(parseParagraph("Here is a description:\n\n**Description:** We plan *campaigns*\nthat **pay**.")).toBe(
      "We plan campaigns that pay.",
    );
    expect(parseParagraph("## Description\nWe plan campaigns.")).toBe("We plan campaigns.");
    expect(parseParagraph('"We plan campaigns."')).toBe("We plan campaigns.");
  });

  it("keeps bold text that follows a plain label", () => {
    expect(parseParagraph("Description: **Campaigns** that pay.")).toBe("Campaigns that pay.");
  });

  it("is empty for an empty or blank answer", () => {
    expect(parseParagraph("")).toBe("");
    expect(parseParagraph(" \n\t ")).toBe("");
    expect(parseParagraph("```\n```")).toBe("");
  });
});

describe("parseExcerpt (a post's excerpt)", () => {
  it("keeps only the first line", () => {
    expect(parseExcerpt("A short guide for busy founders.\nThis second line is dropped.")).toBe(
      "A short guide for busy founders.",
    );
  });

  it("drops preambles, labels and markdown", () => {
    expect(parseExcerpt("\n\nHere is an excerpt:\n\nA short guide.")).toBe("A short guide.");
    expect(parseExcerpt("**Excerpt:** A *short* guide.")).toBe("A short guide.");
    expect(parseExcerpt("Excerpt: **A short guide.**")).toBe("A short guide.");
  });

  it("is empty for an empty answer", () => {
    expect(parseExcerpt("")).toBe("");
  });
});

describe("parseBlogContent (a full post)", () => {
  it("keeps the markup of a well-formed post", () => {
    expect(parseBlogContent("## Start with the customer\n\nText.\n\n- **Listen** first", "Growth")).toBe(
      "## Start with the customer\n\nText.\n\n- **Listen** first",
    );
  });

  it("drops a title line and a fence", () => {
    expect(parseBlogContent("# Growth for founders\n\n## Start\n\nText", "Growth for founders")).toBe(
      "## Start\n\nText",
    );
    expect(parseBlogContent("**Growth for Founders**\n\n## Start", "growth for founders")).toBe("## Start");
    expect(parseBlogContent("```markdown\n## Start\n\nText\n```", "Anything")).toBe("## Start\n\nText");
  });

  it("is empty for an empty answer", () => {
    expect(parseBlogContent("", "Growth")).toBe("");
  });
});

describe("parseServiceDraft", () => {
  it("reads the requested 'Description: / Features:' format", () => {
    expect(
      parseServiceDraft(
        "Description: Brands that travel. We do it all.\nFeatures: Market research, Export branding, Trade-show kits, Buyer outreach",
      ),
    ).toEqual({
      description: "Brands that travel. We do it all.",
      features: ["Market research", "Export branding", "Trade-show kits", "Buyer outreach"],
    });
  });

  it("reads labels in bold or as headings, with bullets or a numbered list", () => {
    expect(
      parseServiceDraft("**Description:** Brands that travel.\n\n**Features:**\n- Market research\n- Export branding."),
    ).toEqual({
      description: "Brands that travel.",
      features: ["Market research", "Export branding"],
    });
    expect(
      parseServiceDraft(
        "Here's a draft for you:\n\n### Service Description\nBrands that travel.\n\n### Key Features\n1. Market research\n2. Export branding",
      ),
    ).toEqual({
      description: "Brands that travel.",
      features: ["Market research", "Export branding"],
    });
    expect(parseServiceDraft("Description: Brands.\nFeatures: **Research**, Branding")).toEqual({
      description: "Brands.",
      features: ["Research", "Branding"],
    });
  });

  it("reads unlabelled answers: a list after the description, or a last paragraph of commas", () => {
    expect(parseServiceDraft("Brands that travel.\n- One\n- Two")).toEqual({
      description: "Brands that travel.",
      features: ["One", "Two"],
    });
    expect(parseServiceDraft("Brands that travel.\n\nResearch, Branding, Outreach, Kits")).toEqual({
      description: "Brands that travel.",
      features: ["Research", "Branding", "Outreach", "Kits"],
    });
  });

  it("keeps a comma inside parentheses in its feature", () => {
    expect(parseServiceDraft("Description: X\nFeatures: Ads (search, social), SEO; Email").features).toEqual([
      "Ads (search, social)",
      "SEO",
      "Email",
    ]);
  });

  it("reads JSON, fenced or with prose around it", () => {
    expect(
      parseServiceDraft(
        '```json\n{"description": "We **build** brands.", "features": ["- Market research.", "Export branding", 3]}\n```',
      ),
    ).toEqual({
      description: "We build brands.",
      features: ["Market research", "Export branding"],
    });
    expect(
      parseServiceDraft(
        'Sure! Here is the JSON:\n{"Description": "We build brands.", "Features": "Research, Branding; Outreach"}\nHope this helps!',
      ),
    ).toEqual({
      description: "We build brands.",
      features: ["Research", "Branding", "Outreach"],
    });
  });

  it("leaves a missing part empty (the route then answers that generation failed)", () => {
    expect(parseServiceDraft("Brands that travel. We do it all.")).toEqual({
      description: "Brands that travel. We do it all.",
      features: [],
    });
    expect(parseServiceDraft("Features: a, b")).toEqual({ description: "", features: ["a", "b"] });
    expect(parseServiceDraft('{"features": ["a", "b"]}')).toEqual({ description: "", features: ["a", "b"] });
    expect(parseServiceDraft('{"description": "Brands."}')).toEqual({ description: "Brands.", features: [] });
  });

  it("is empty for an empty answer", () => {
    expect(parseServiceDraft("")).toEqual({ description: "", features: [] });
    expect(parseServiceDraft("```\n```")).toEqual({ description: "", features: [] });
  });

  it("keeps at most eight features", () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `f${i}`);
    expect(parseServiceDraft(`Description: X\nFeatures: ${twelve.join(", ")}`).features).toEqual(twelve.slice(0, 8));
    expect(parseServiceDraft(JSON.stringify({ description: "X", features: twelve })).features).toEqual(
      twelve.slice(0, 8),
    );
  });
});

describe("oversized answers (a model stuck in a loop) are parsed in time in proportion to their length", () => {
  it("runs of blank lines, spaces and tabs", () => {
    expect(quickly(() => parseServiceDraft(`Brands.${"\n".repeat(200_000)}x`)).description).toBe("Brands. x");
    quickly(() => parseServiceDraft(`a${" \n".repeat(100_000)}b`));
    quickly(() => parseServiceDraft(`a\n${"\t".repeat(200_000)}b`));
    quickly(() => parseParagraph(`Description${" ".repeat(200_000)}:x`));
  });

  it("long feature lists, parentheses and punctuation", () => {
    expect(
      quickly(() => parseServiceDraft(`Description: X\nFeatures: ${"SEO, ".repeat(100_000)}`)).features,
    ).toHaveLength(8);
    quickly(() => parseServiceDraft(`Description: X\nFeatures: ${"(a, ".repeat(50_000)}`));
    quickly(() => parseServiceDraft(`Description: X\nFeatures: ${".".repeat(200_000)}x`));
    quickly(() => parseServiceDraft("- a\n".repeat(50_000)));
  });

  it("markdown markers, quotes and fences", () => {
    quickly(() => parseExcerpt("**".repeat(100_000)));
    quickly(() => parseParagraph("* ".repeat(100_000)));
    quickly(() => parseParagraph(`"${"a".repeat(200_000)}`));
    quickly(() => parseBlogContent("```x\n".repeat(50_000), "T"));
    expect(quickly(() => parseBlogContent("word ".repeat(200_000), "T"))).toHaveLength(999_999);
  });
});
