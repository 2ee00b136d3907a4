import { describe, expect, it } from "vitest";
import { DEFAULT_SUGGESTED_QUESTIONS } from "./suggested-questions.ts";
import { defaultAiSettings } from "./defaults.ts";
import { aiSettingsSchema } from "./schemas.ts";

describe("AI settings schema", () => {
  it("reads settings saved before the daily chat limit, the retention and the suggested questions existed, with their defaults", () => {
    const old = { greeting: "Hi", knowledgeBase: "", blogKnowledgeBase: "" };
    expect(aiSettingsSchema.parse(old)).toEqual({
      ...old,
      chatDailyLimit: 500,
      chatRetentionDays: 90,
      suggestedQuestions: [...DEFAULT_SUGGESTED_QUESTIONS],
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
