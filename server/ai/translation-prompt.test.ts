import { describe, expect, it } from "vitest";
import { DEFAULT_TRANSLATION_GUIDES } from "#content/ai-translation.ts";
import { termsIn, translationPrompt } from "./translation-prompt.ts";

const glossary = [
  { term: "Lanka Growth Partners", translation: "" },
  { term: "Meta", translation: "" },
  { term: "brand strategy", translation: "සන්නාම උපාය මාර්ග" },
  { term: "C++", translation: "" },
];

describe("glossary terms in a text", () => {
  it("finds terms whatever their case, as whole words only", () => {
    expect(termsIn("Lanka growth partners runs META ads and Brand Strategy workshops.", glossary)).toEqual([
      glossary[0],
      glossary[1],
      glossary[2],
    ]);
    expect(termsIn("Metadata and metal are not Meta-", glossary)).toEqual([glossary[1]]);
    expect(termsIn("Metadata matters.", glossary)).toEqual([]);
    expect(termsIn("We write C++ too.", glossary)).toEqual([glossary[3]]);
  });
});

describe("the translation prompt", () => {
  const guide = { style: "Warm, not stiff.", glossary };

  it("names the language, holds the style note and only the glossary terms in the text, then the text", () => {
    const prompt = translationPrompt({
      locale: "si",
      text: "Brand strategy for Lanka Growth Partners.",
      format: "plain",
      links: 0,
      guide,
    });
    expect(prompt).toContain("from English into Sinhala (සිංහල)");
    expect(prompt).toContain("native Sinhala copywriter");
    expect(prompt).toContain("not word for word");
    expect(prompt).toContain("Style for Sinhala:\nWarm, not stiff.");
    expect(prompt).toContain('- "Lanka Growth Partners": keep it exactly as it is, in English.');
    expect(prompt).toContain('- "brand strategy": always translate it as "සන්නාම උපාය මාර්ග".');
    expect(prompt).not.toContain('"Meta"');
    expect(prompt).toContain("Answer with the Sinhala translation only");
    expect(prompt).not.toContain("⟦1⟧");
    expect(prompt.endsWith("English text:\nBrand strategy for Lanka Growth Partners.")).toBe(true);
  });

  it("asks for markdown and HTML markup kept, and the link placeholders kept once each", () => {
    const markdown = translationPrompt({ locale: "ta", text: "[Home](⟦1⟧)", format: "markdown", links: 1, guide });
    expect(markdown).toContain("into Tamil (தமிழ்)");
    expect(markdown).toMatch(/simple markdown: keep every mark exactly/);
    expect(markdown).toMatch(/keep every placeholder exactly as it is, each once/);
    const html = translationPrompt({ locale: "ta", text: "<p>Hi</p>", format: "html", links: 0, guide });
    expect(html).toMatch(/HTML: keep every tag, attribute and entity exactly as it is/);
    expect(html).not.toContain("Glossary");
  });

  it("leaves out an empty style note", () => {
    const prompt = translationPrompt({
      locale: "si",
      text: "Hello",
      format: "plain",
      links: 0,
      guide: { style: " ", glossary: [] },
    });
    expect(prompt).not.toContain("Style for");
  });

  it("keeps the built-in glossaries' brand and motto in the prompt when the text has them", () => {
    const prompt = translationPrompt({
      locale: "ta",
      text: "Lanka Growth Partners: built without noise. Powered by purpose.",
      format: "plain",
      links: 0,
      guide: DEFAULT_TRANSLATION_GUIDES.ta,
    });
    expect(prompt).toContain('- "Lanka Growth Partners": keep it exactly as it is, in English.');
    expect(prompt).toContain(
      '- "Built without noise. Powered by purpose.": always translate it as "ஆரவாரமற்ற உருவாக்கம். நோக்கம் நிறைந்த இயக்கம்."',
    );
  });
});
