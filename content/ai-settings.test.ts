import { describe, expect, it } from "vitest";
import { aiSettingsSchema } from "./schemas.ts";

describe("AI settings schema", () => {
  it("reads settings saved before the daily chat limit and the retention existed, with their defaults", () => {
    const old = { greeting: "Hi", knowledgeBase: "", blogKnowledgeBase: "" };
    expect(aiSettingsSchema.parse(old)).toEqual({ ...old, chatDailyLimit: 500, chatRetentionDays: 90 });
  });

  it("refuses a negative or fractional limit", () => {
    const base = { greeting: "Hi", knowledgeBase: "", blogKnowledgeBase: "" };
    expect(aiSettingsSchema.safeParse({ ...base, chatDailyLimit: -1 }).success).toBe(false);
    expect(aiSettingsSchema.safeParse({ ...base, chatDailyLimit: 2.5 }).success).toBe(false);
  });
});
