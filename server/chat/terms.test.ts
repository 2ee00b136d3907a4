import { stemmer } from "stemmer";
import { describe, expect, it } from "vitest";
import { scriptOf, scriptStem } from "./script-words.ts";
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

  it("holds lower-case words only (Latin, Sinhala or Tamil), each row with site words", () => {
    for (const [word, siteWords] of Object.entries(SYNONYMS)) {
      expect(word).toMatch(/^(?:[a-z]+|[\u0D80-\u0DFF\u200D]+|[\u0B80-\u0BFF]+)$/u);
      expect(siteWords.length, word).toBeGreaterThan(0);
      for (const siteWord of siteWords)
        expect(siteWord).toMatch(
          /^(?:[a-z]+|[\u0D80-\u0DFF\u200D]+|[\u0B80-\u0BFF]+)(?:[ -](?:[a-z]+|[\u0D80-\u0DFF\u200D]+|[\u0B80-\u0BFF]+))*$/u,
        );
    }
  });

  it("has no two Sinhala or Tamil rows under one stem (the later would hide the earlier)", () => {
    const seen = new Map<string, string>();
    for (const key of Object.keys(SYNONYMS).filter((word) => !/^[a-z]+$/.test(word))) {
      const [word] = words(key);
      const stem = scriptStem(scriptOf(word!)!, word!);
      expect(seen.get(stem), `${key} and ${seen.get(stem)}`).toBeUndefined();
      seen.set(stem, key);
    }
  });

  it("finds a Sinhala or Tamil row by the word's stem, whatever its ending, and each row's site words are on the site's side", () => {
    // "office": the visitor's loanword, in three forms; the site says කාර්යාලය.
    for (const question of ["ඔෆිස් එක කොහෙද?", "ඔෆිස් එකේ ලිපිනය", "ඔෆිස්"])
      expect(questionTerms(question).weights.get(indexTerm("කාර්යාලය")!), question).toBe(SYNONYM_WEIGHT);
    // "where?": a stop word, so not a word asked, but its site words count.
    const where = questionTerms("உங்கள் அலுவலகம் எங்கே?");
    expect(where.weights.get(indexTerm("முகவரி")!)).toBe(SYNONYM_WEIGHT);
    expect(where.asked).toEqual([[indexTerm("அலுவலகம்")]]);
    // "how?" is not "where?": their stems differ.
    expect(questionTerms("කොහොමද?").weights.size).toBe(0);
    // A Sinhala question about what only the English knowledge base says finds it in English words.
    expect(questionTerms("වෙලාවල් මොනවද?").weights.get(indexTerm("open")!)).toBe(SYNONYM_WEIGHT);
  });
});

describe("words in Sinhala and Tamil", () => {
  it("keeps their vowel signs and virama, and finds a word written with or without its joiner", () => {
    expect(words("ශ්\u200Dරී ලංකාවේ ව්‍යාපාර")).toEqual(["ශ්රී", "ලංකාවේ", "ව්යාපාර"]);
    expect(words("ශ්රී")).toEqual(words("ශ්\u200Dරී"));
    expect(words("இலங்கை வணிகங்களுக்கான சந்தைப்படுத்தல்")).toEqual(["இலங்கை", "வணிகங்களுக்கான", "சந்தைப்படுத்தல்"]);
  });

  it("stems them by their own endings, never as English, and still reads Latin words as before", () => {
    // The same word with its endings, written with and without the joiner, is one term.
    expect(new Set(["ව්‍යාපාර", "ව්‍යාපාරය", "ව්‍යාපාරයක්", "ව්යාපාරවලට"].map((w) => indexTerm(words(w)[0]!)))).toEqual(
      new Set([indexTerm("ව්යාපාර")]),
    );
    expect(new Set(["சேவை", "சேவைகள்", "சேவைகளை", "சேவைக்கு"].map(indexTerm))).toEqual(new Set([indexTerm("சேவை")]));
    expect(indexTerm("சேவைகள்")).not.toBe(stemmer("சேவைகள்"));
    expect(words("Café brand-new")).toEqual(["cafe", "brand", "new"]);
    expect(words("Serendib Cloud සමඟ")).toEqual(["serendib", "cloud", "සමඟ"]);
  });

  it("reads the site's own name as no word, in any script around it: it names every page, and 'you' in a question", () => {
    expect(words("Lanka Growth Partners සමඟ")).toEqual(["සමඟ"]);
    expect(words("What does lanka growth-partners do? Our partners")).toEqual([
      "what",
      "does",
      "do",
      "our",
      "partners",
    ]);
    // Not a part of another word, and the e-mail address stays as it is.
    expect(words("hello@lankagrowthpartners.lk")).toEqual(["hello", "lankagrowthpartners", "lk"]);
  });

  it("spells out English as typed in a chat box, in any script around it", () => {
    expect(words("hw can i call u, wats ur number")).toEqual(["how", "can", "i", "call", "u", "what", "ur", "number"]);
    expect(words("do u run fb n insta ads til march")).toEqual([
      "do",
      "u",
      "run",
      "facebook",
      "and",
      "instagram",
      "ads",
      "until",
      "march",
    ]);
    expect(words("fb පේජ් එක")).toEqual(["facebook", "පේජ්", "එක"]);
  });

  it("drops their stop words (the words a question is wrapped in) and parts digits from letters", () => {
    for (const word of ["ඔයාලගේ", "මොකක්ද", "පුළුවන්ද", "உங்கள்", "என்ன", "முடியுமா"])
      expect(indexTerm(words(word)[0]!), word).toBeNull();
    expect(words("පැය 24ක් ඇතුළත")).toEqual(["පැය", "24", "ක්", "ඇතුළත"]);
    expect(words("8ஆம் மாடி")).toEqual(["8", "ஆம்", "மாடி"]);
  });
});
