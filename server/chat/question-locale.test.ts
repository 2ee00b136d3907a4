import { describe, expect, it } from "vitest";
import { questionLocale } from "./question-locale.ts";

describe("the language a question is answered in", () => {
  it("is Sinhala or Tamil when the question is written in that script, whatever the page", () => {
    expect(questionLocale("ඔබේ කාර්යාලය කොහේද?", "/")).toBe("si");
    expect(questionLocale("உங்கள் அலுவலகம் எங்கே?", "/services")).toBe("ta");
    expect(questionLocale("ඔබේ කාර්යාලය කොහේද?", "/ta/contact")).toBe("si");
    expect(questionLocale("உங்கள் அலுவலகம் எங்கே?", "/si")).toBe("ta");
  });

  it("counts Sinhala or Tamil letters over Latin ones: loanwords in Latin letters do not make it English", () => {
    expect(questionLocale("SEO package price එක කීයද?", "/")).toBe("si");
    expect(questionLocale("Google Ads campaign setup பண்ணுவீர்களா?", "/")).toBe("ta");
  });

  it("with both scripts, goes by the one with more letters; a tie by the page", () => {
    expect(questionLocale("ශ්‍රී ලංකාවේ ව්‍යාපාර (இலங்கை)", "/")).toBe("si");
    expect(questionLocale("இலங்கை வணிகங்கள் (ලංකා)", "/si")).toBe("ta");
    expect(questionLocale("අප இல", "/ta/about")).toBe("ta");
    expect(questionLocale("අප இல", "/si/about")).toBe("si");
  });

  it("is the page's language for a question in Latin letters, English on an English page or none", () => {
    expect(questionLocale("Where is your office?", "/si/contact")).toBe("si");
    expect(questionLocale("oyala kohenda?", "/si")).toBe("si");
    expect(questionLocale("Where is your office?", "/ta")).toBe("ta");
    expect(questionLocale("Where is your office?", "/contact")).toBe("en");
    expect(questionLocale("Where is your office?", undefined)).toBe("en");
    expect(questionLocale("", "/si/blog/x")).toBe("si");
    // A path that only looks like a language's is English's.
    expect(questionLocale("Hello", "/simple")).toBe("en");
  });

  it("reads letters with their joiners and marks as typed: ZWJ and ZWNJ are no letters of either", () => {
    expect(questionLocale("\u200D\u200C Hello", "/")).toBe("en");
    expect(questionLocale("ශ්\u200Dරී", "/ta")).toBe("si");
  });
});
