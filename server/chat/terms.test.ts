import { describe, expect, it } from "vitest";
import { SYNONYMS } from "./synonyms.ts";
import { indexTerm, questionTerms, SYNONYM_WEIGHT, words } from "./terms.ts";

describe("words and terms", () => {
  it("splits on anything but letters and digits, lower-cased, accents dropped", () => {
    expect(words("Café Level-8, 120 Galle Road (Colombo 03)!")).toEqual([
      "cafe",
      "level",
      "8",
      "120",
      "galle",
      "road",
      "colombo",
      "03",
    ]);
  });

  it("stems words to one term and drops stop words and single letters (not digits)", () => {
    expect(indexTerm("located")).toBe(indexTerm("location"));
    expect(indexTerm("services")).toBe(indexTerm("service"));
    expect(indexTerm("pricing")).toBe(indexTerm("price"));
    for (const word of ["the", "where", "you", "please", "s"]) expect(indexTerm(word), word).toBeNull();
    expect(indexTerm("8")).toBe("8");
  });
});

describe("synonyms", () => {
  it("adds the site's words for a visitor's, weighted below the visitor's own", () => {
    const { weights, asked } = questionTerms("Where are you located?");
    expect(weights.get(indexTerm("located")!)).toBe(1);
    expect(weights.get(indexTerm("address")!)).toBe(SYNONYM_WEIGHT);
    expect(weights.get(indexTerm("office")!)).toBe(SYNONYM_WEIGHT);
    // "where" is a stop word: it adds its site words but is not a word asked.
    expect(asked).toEqual([[indexTerm("located"), indexTerm("address"), indexTerm("office")]]);
  });

  it("finds a plural's row, and a word typed counts fully even when a synonym names it too", () => {
    const { weights } = questionTerms("Fees and cost?");
    expect(weights.get(indexTerm("pricing")!)).toBe(SYNONYM_WEIGHT);
    expect(weights.get(indexTerm("cost")!)).toBe(1);
  });

  it("looks rows up by the word, so words sharing a stem keep their own meaning", () => {
    expect(indexTerm("personal")).toBe(indexTerm("person"));
    expect(questionTerms("Can I talk to a person?").weights.has("contact")).toBe(true);
    expect(questionTerms("my personal information").weights.has("contact")).toBe(false);
  });

  it("holds lower-case words only, each row with site words", () => {
    for (const [word, siteWords] of Object.entries(SYNONYMS)) {
      expect(word).toMatch(/^[a-z]+$/);
      expect(siteWords.length, word).toBeGreaterThan(0);
      for (const siteWord of siteWords) expect(siteWord).toMatch(/^[a-z]+( [a-z]+)*$/);
    }
  });
});

describe("words in Sinhala and Tamil", () => {
  it("keeps their vowel signs and virama, and finds a word written with or without its joiner", () => {
    expect(words("ශ්\u200Dරී ලංකාවේ ව්‍යාපාර")).toEqual(["ශ්රී", "ලංකාවේ", "ව්යාපාර"]);
    expect(words("ශ්රී")).toEqual(words("ශ්\u200Dරී"));
    expect(words("இலங்கை வணிகங்களுக்கான சந்தைப்படுத்தல்")).toEqual(["இலங்கை", "வணிகங்களுக்கான", "சந்தைப்படுத்தல்"]);
  });

  it("does not stem them as English, and still reads Latin words as before", () => {
    expect(indexTerm("ව්යාපාර")).toBe("ව්යාපාර");
    expect(indexTerm("சேவைகள்")).toBe("சேவைகள்");
    expect(words("Café brand-new")).toEqual(["cafe", "brand", "new"]);
    expect(words("Lanka Growth Partners සමඟ")).toEqual(["lanka", "growth", "partners", "සමඟ"]);
  });
});
