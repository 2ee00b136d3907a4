import { describe, expect, it } from "vitest";
import { truncateText } from "./graphemes.ts";

describe("truncateText", () => {
  it("keeps short text as it is", () => {
    expect(truncateText("ශ්\u200Dරී ලංකා", 50)).toBe("ශ්\u200Dරී ලංකා");
  });

  it("never ends inside a Sinhala conjunct or on a vowel sign's base", () => {
    const text = "ශ්\u200Dරී ලංකා";
    for (let max = 0; max < text.length; max++) {
      const cut = truncateText(text, max);
      expect(text.startsWith(cut)).toBe(true);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut).not.toMatch(/[\u0DCA\u200D]$/);
      expect(["", "ශ්\u200Dරී", "ශ්\u200Dරී ", "ශ්\u200Dරී ල", "ශ්\u200Dරී ලං", "ශ්\u200Dරී ලංකා"]).toContain(cut);
    }
  });

  it("keeps Tamil letters with their vowel signs and pulli", () => {
    const text = "இலங்கை";
    const cuts = new Set([...Array(text.length).keys()].map((max) => truncateText(text, max)));
    for (const cut of cuts) expect(cut).not.toMatch(/[\u0BCD]$|^[\u0BBE-\u0BCD]/);
    expect(truncateText(text, 2)).toBe("இல");
  });
});
