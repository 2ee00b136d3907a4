import { describe, expect, it } from "vitest";
import { CHAT_LIMITS } from "#content/chat.ts";
import { locales } from "#content/locales.ts";
import { CHAT_REPLIES } from "./replies.ts";

const ways = { email: "hello@example.lk", contactPage: "PAGE" };

/** Every text a language's replies can make, by name. */
function texts(locale: (typeof locales)[number]): Record<string, string> {
  const replies = CHAT_REPLIES[locale];
  return {
    ...replies.refusals,
    hello: replies.hello(ways),
    helloNoEmail: replies.hello({ ...ways, email: "" }),
    notFound: replies.notFound(ways),
    found: replies.found(["FIRST", "SECOND"], ways),
    fromPost: replies.fromPost("TITLE", "TEXT"),
    handoff: replies.handoff,
  };
}

describe("the chat's own words in each language", () => {
  it("cover every language, each text its own (none left in English)", () => {
    expect(Object.keys(CHAT_REPLIES).sort()).toEqual([...locales].sort());
    const english = texts("en");
    for (const locale of locales.filter((other) => other !== "en")) {
      for (const [name, text] of Object.entries(texts(locale))) {
        expect(text.trim(), `${locale} ${name}`).not.toBe("");
        expect(text, `${locale} ${name}`).not.toBe(english[name]);
        expect(text, `${locale} ${name}`).toMatch(locale === "si" ? /[\u0D80-\u0DFF]/u : /[\u0B80-\u0BFF]/u);
      }
    }
  });

  it("offer the Contact page by its name and the email where there is one, and quote every passage", () => {
    for (const locale of locales) {
      const replies = CHAT_REPLIES[locale];
      for (const text of [replies.hello(ways), replies.notFound(ways), replies.found(["A"], ways)]) {
        expect(text, locale).toContain("PAGE");
        expect(text, locale).toContain("hello@example.lk");
      }
      expect(replies.notFound({ ...ways, email: "" }), locale).not.toContain("@");
      const found = replies.found(["FIRST", "SECOND"], ways);
      expect(found.indexOf("FIRST"), locale).toBeLessThan(found.indexOf("SECOND"));
      // Paragraphs apart: the answer streams in paragraph-sized pieces.
      expect(found, locale).toContain("\n\nFIRST\n\nSECOND\n\n");
      expect(replies.fromPost("TITLE", "TEXT"), locale).toMatch(/TITLE.*TEXT/s);
      expect(replies.refusals.tooLong, locale).toContain(String(CHAT_LIMITS.message));
    }
  });

  it("write Sinhala's rakaransaya and yansaya with the zero-width joiner (ප්‍රශ්න, not ප්රශ්න)", () => {
    for (const [name, text] of Object.entries(texts("si")))
      expect(/(?<!\u0DBB)\u0DCA(?=[\u0DBB\u0DBA])/u.test(text), name).toBe(false);
    expect(texts("si")["dailyCap"]).toContain("ප්\u200Dරශ්න");
  });
});
