import { describe, expect, it } from "vitest";
import type { AiProvider } from "#server/ai/provider.ts";
import { REWRITE_PROMPT_START, rewriteForSearch, rewritePrompt } from "./rewrite.ts";

// The model's rewrite of a question for the search (issue 41 item 4); with the fake model
// server: tests/integration/ai-chat.test.ts.

const provider = (kind: AiProvider["kind"], generate: AiProvider["generate"]): AiProvider => ({
  kind,
  generate,
  // eslint-disable-next-line require-yield -- a rewrite never streams
  async *stream() {
    throw new Error("a rewrite never streams");
  },
});

describe("the rewrite for search", () => {
  it("asks for the site's words in the visitor's language, then in English", () => {
    const prompt = rewritePrompt("ඔෆිස් එක   කොහෙද?", "si");
    expect(prompt.startsWith(REWRITE_PROMPT_START)).toBe(true);
    expect(prompt).toContain("in Sinhala, then in English");
    expect(prompt).toContain("Question: ඔෆිස් එක කොහෙද?");
    expect(rewritePrompt("Where is your office?", "en")).toContain(
      "words its pages would use for what is asked, in English:",
    );
  });

  it("is the model's line, cut short, or nothing when there is no model or it fails", async () => {
    expect(
      await rewriteForSearch(
        provider("gemini", async () => "  office address  \n"),
        "q",
        "en",
      ),
    ).toBe("office address");
    expect(
      (await rewriteForSearch(
        provider("gemini", async () => "word ".repeat(200)),
        "q",
        "en",
      ))!.length,
    ).toBe(300);
    let called = false;
    const none = provider("none", async () => ((called = true), ""));
    expect(await rewriteForSearch(none, "q", "en")).toBeUndefined();
    expect(called).toBe(false);
    const failing = provider("openai", async () => Promise.reject(new Error("down")));
    expect(await rewriteForSearch(failing, "q", "en")).toBeUndefined();
    expect(
      await rewriteForSearch(
        provider("gemini", async () => "  "),
        "q",
        "en",
      ),
    ).toBeUndefined();
  });
});
