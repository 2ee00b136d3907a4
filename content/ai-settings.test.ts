import { describe, expect, it } from "vitest";
import { DEFAULT_TRANSLATION_GUIDES, GLOSSARY_MAX_TERMS } from "./ai-translation.ts";
import { DEFAULT_SUGGESTED_QUESTIONS } from "./suggested-questions.ts";
import { translatableFields } from "./translatable.ts";
import { si } from "./translations/si.ts";
import { ta } from "./translations/ta.ts";
import { defaultAiSettings } from "./defaults.ts";
import { aiSettingsSchema } from "./schemas.ts";

describe("AI settings schema", () => {
  it("reads settings saved before the daily chat limit, the retention, the suggested questions and the translation guides existed, with their defaults", () => {
    const old = { greeting: "Hi", knowledgeBase: "", blogKnowledgeBase: "" };
    expect(aiSettingsSchema.parse(old)).toEqual({
      ...old,
      chatDailyLimit: 500,
      chatRetentionDays: 90,
      suggestedQuestions: [...DEFAULT_SUGGESTED_QUESTIONS],
      translation: DEFAULT_TRANSLATION_GUIDES,
    });
  });

  it("refuses a negative or fractional limit", () => {
    const base = { greeting: "Hi", knowledgeBase: "", blogKnowledgeBase: "" };
    expect(aiSettingsSchema.safeParse({ ...base, chatDailyLimit: -1 }).success).toBe(false);
    expect(aiSettingsSchema.safeParse({ ...base, chatDailyLimit: 2.5 }).success).toBe(false);
  });
});

describe("suggested questions", () => {
  const withQuestions = (suggestedQuestions: unknown) =>
    aiSettingsSchema.safeParse({ ...defaultAiSettings, suggestedQuestions });
  const firstError = (suggestedQuestions: unknown) => {
    const result = withQuestions(suggestedQuestions);
    return result.success
      ? undefined
      : { path: result.error.issues[0]!.path.join("."), message: result.error.issues[0]!.message };
  };

  it("defaults to four questions, each short enough", () => {
    expect(defaultAiSettings.suggestedQuestions).toEqual(DEFAULT_SUGGESTED_QUESTIONS);
    expect(DEFAULT_SUGGESTED_QUESTIONS).toHaveLength(4);
    for (const question of DEFAULT_SUGGESTED_QUESTIONS) expect(question.length).toBeLessThanOrEqual(120);
  });

  it("keeps none to four, trimmed", () => {
    expect(withQuestions([]).data?.suggestedQuestions).toEqual([]);
    expect(withQuestions(["  Do you do SEO?  ", "a", "b", "c"]).data?.suggestedQuestions).toEqual([
      "Do you do SEO?",
      "a",
      "b",
      "c",
    ]);
  });

  it("refuses a fifth question, an empty one and one over 120 characters, saying which", () => {
    expect(firstError(["a", "b", "c", "d", "e"])).toEqual({
      path: "suggestedQuestions",
      message: "Suggest at most 4 questions.",
    });
    expect(firstError(["Do you do SEO?", "   "])).toEqual({
      path: "suggestedQuestions.1",
      message: "Type a question or remove this one.",
    });
    expect(firstError(["q".repeat(121)])).toEqual({
      path: "suggestedQuestions.0",
      message: "Keep a question under 120 characters.",
    });
    expect(withQuestions(["q".repeat(120)]).success).toBe(true);
    expect(withQuestions("What?").success).toBe(false);
  });
});

describe("translation guides (glossary and style per language)", () => {
  const withGuide = (locale: "si" | "ta", guide: unknown) =>
    aiSettingsSchema.safeParse({
      ...defaultAiSettings,
      translation: { ...defaultAiSettings.translation, [locale]: guide },
    });
  const firstError = (guide: unknown) => {
    const result = withGuide("si", guide);
    return result.success
      ? undefined
      : { path: result.error.issues[0]!.path.join("."), message: result.error.issues[0]!.message };
  };
  const terms = (count: number) => Array.from({ length: count }, (_, i) => ({ term: `Term ${i}`, translation: "" }));

  it("start with the brand, the partners and the platforms kept as they are, the motto as the built-in translations write it, and a style note", () => {
    for (const locale of ["si", "ta"] as const) {
      const guide = defaultAiSettings.translation[locale];
      expect(guide.glossary).toContainEqual({ term: "Lanka Growth Partners", translation: "" });
      expect(guide.glossary).toContainEqual({ term: "Serendib Cloud", translation: "" });
      expect(guide.style.length).toBeGreaterThan(40);
      const motto = guide.glossary.find((entry) => entry.term === "Built without noise. Powered by purpose.");
      const builtIn = { si, ta }[locale];
      expect(builtIn.documents.home.hero.subtitle).toContain(motto!.translation);
      expect(withGuide(locale, guide).success).toBe(true);
    }
  });

  it("are shared by every language, not a text translated per language", () => {
    expect(translatableFields["ai-settings"].some((path) => path.startsWith("translation"))).toBe(false);
  });

  it("read a language missing from older settings with its defaults", () => {
    const result = aiSettingsSchema.parse({
      ...defaultAiSettings,
      translation: { si: { style: "Formal.", glossary: [] } },
    });
    expect(result.translation).toEqual({ si: { style: "Formal.", glossary: [] }, ta: DEFAULT_TRANSLATION_GUIDES.ta });
  });

  it("trim terms and translations to one line, keep a Sinhala translation's joiners, and keep an empty translation (kept as it is)", () => {
    const result = withGuide("si", {
      style: "  Warm.  ",
      glossary: [
        { term: "  Brand\nStrategy ", translation: " ශ්\u200Dරී " },
        { term: "Palmyra Media", translation: "" },
      ],
    });
    expect(result.data?.translation.si).toEqual({
      style: "Warm.",
      glossary: [
        { term: "Brand Strategy", translation: "ශ්\u200Dරී" },
        { term: "Palmyra Media", translation: "" },
      ],
    });
  });

  it(`hold at most ${GLOSSARY_MAX_TERMS} terms, each under 100 characters, none empty or twice, and a style note under 1,000 characters`, () => {
    expect(withGuide("si", { style: "", glossary: terms(GLOSSARY_MAX_TERMS) }).success).toBe(true);
    expect(firstError({ style: "", glossary: terms(GLOSSARY_MAX_TERMS + 1) })).toEqual({
      path: "translation.si.glossary",
      message: "A glossary can hold at most 200 terms.",
    });
    expect(firstError({ style: "", glossary: [{ term: "x".repeat(101), translation: "" }] })).toEqual({
      path: "translation.si.glossary.0.term",
      message: "Keep this under 100 characters.",
    });
    expect(firstError({ style: "", glossary: [{ term: "SEO", translation: "y".repeat(101) }] })).toEqual({
      path: "translation.si.glossary.0.translation",
      message: "Keep this under 100 characters.",
    });
    expect(firstError({ style: "", glossary: [{ term: "  ", translation: "x" }] })).toEqual({
      path: "translation.si.glossary.0.term",
      message: "Type a term or remove this one.",
    });
    expect(
      firstError({
        style: "",
        glossary: [
          { term: "SEO", translation: "" },
          { term: "Meta", translation: "" },
          { term: " seo ", translation: "සර්ච්" },
        ],
      }),
    ).toEqual({ path: "translation.si.glossary.2.term", message: '"seo" is already in the glossary.' });
    expect(firstError({ style: "s".repeat(1_001), glossary: [] })).toEqual({
      path: "translation.si.style",
      message: "Keep the style note under 1,000 characters.",
    });
    expect(firstError({ style: "", glossary: [{ term: "SEO" }] })?.path).toBe("translation.si.glossary.0.translation");
    expect(firstError({ style: "", glossary: [{ term: "SEO", translation: "", note: "x" }] })?.message).toMatch(/note/);
    expect(
      aiSettingsSchema.safeParse({ ...defaultAiSettings, translation: { fr: { style: "", glossary: [] } } }).success,
    ).toBe(false);
  });
});
