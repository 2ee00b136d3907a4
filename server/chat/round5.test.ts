import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAnswers } from "#content/defaults.ts";
import type { Locale } from "#content/locales.ts";
import { builtInTranslations } from "#content/translations/index.ts";
import { openRecordedIndex, type RecordedIndex } from "../../tests/helpers/site-index.ts";
import { asksOfSomethingElse, matchAnswer, subjectOf, wordingOf, type WordCounts } from "./answers.ts";
import { asksCount, asksForAction, asksFrequency, namedFactsAsked } from "./fact-asked.ts";
import { timeUnitsAsked } from "./question-kind.ts";
import { WordIndex } from "./word-index.ts";

// Issue 41, fifth round (docs/decisions/032): precision on questions near the agency's world, a
// price or a time asked of a service, and compounds typed as two words. Each rule both ways.

const entries = {
  en: defaultAnswers.answers,
  si: builtInTranslations.si.documents.answers.answers,
  ta: builtInTranslations.ta.documents.answers.answers,
} as const;

let site: RecordedIndex;
const counts = new Map<Locale, WordCounts>();
beforeAll(async () => {
  site = await openRecordedIndex();
  for (const locale of ["en", "si", "ta"] as const) counts.set(locale, await site.index.wordCounts(locale));
});
afterAll(() => site.close());

const answered = (question: string, locale: keyof typeof entries) => {
  const found = matchAnswer(question, entries[locale], counts.get(locale));
  return found && entries[locale].indexOf(found.entry);
};
const best = async (question: string, locale: Locale, limit = 3) =>
  (await site.index.search(question, limit, { locale })).map(({ passage }) => passage);

describe("an Answer's subject", () => {
  it("is the word all its ways of asking but one say (the website of the timeline entry)", () => {
    const timeline = entries.en[2]!;
    const subject = subjectOf([timeline.question, ...timeline.otherWays].map(wordingOf)).map(({ term }) => term);
    expect(subject).toEqual(["websit"]);
  });

  it.each([
    ["How long does it take to make a phone?", "en"],
    ["ෆෝන් එකක් හදන්න කොච්චර කල් යනවද?", "si"],
    ["ஒரு போன் செய்ய எவ்வளவு நாள் ஆகும்?", "ta"],
  ] as const)("must be asked when the question names something else: %s", (question, locale) => {
    expect(answered(question, locale)).toBeUndefined();
  });

  it.each([
    ["How long does it take to build a website?", "en"],
    ["How many weeks for a website?", "en"],
    ["How long will my website take?", "en"],
    ["වෙබ් අඩවියක් හදන්න කොච්චර කල් යනවද?", "si"],
    ["வெப்சைட் எப்போ ரெடியாகும்?", "ta"],
  ] as const)("still answers the entry asked of it: %s", (question, locale) => {
    expect(answered(question, locale)).toBe(2);
  });

  it("lets a question all of whose words the phrasing says match without the subject", () => {
    const phrasing = wordingOf("Do you have monthly retainers?");
    const subject = wordingOf("monthly").terms;
    expect(asksOfSomethingElse(wordingOf("Do you have retainers?"), phrasing, subject)).toBe(false);
    expect(asksOfSomethingElse(wordingOf("Do you have weekly retainers?"), phrasing, subject)).toBe(true);
  });
});

describe("the unit of a time asked", () => {
  it.each([
    ["How many weeks for a website?", ["weeks"]],
    ["how long does it take", ["long", "take"]],
    ["වෙබ් සයිට් එකක් හදන්න සති කීයක් යනවද?", ["සති"]],
    ["ෆෝන් එකක් හදන්න කොච්චර කල් යනවද?", ["කල්"]],
    ["வெப் சைட் செய்ய எத்தனை வாரம் ஆகும்?", ["வாரம்", "ஆகும்"]],
  ])("is the question's form: %s", (question, units) => {
    expect([...timeUnitsAsked(question)]).toEqual(units);
  });

  it.each(["How often should we post on social media?", "வாரத்துக்கு எத்தனை பதிவுகள்?", "weeks of work"])(
    "is what is asked about when it is counted by or asked how often: %s",
    (question) => {
      expect(timeUnitsAsked(question).size).toBe(0);
    },
  );

  it("tells a count and a frequency from a price", () => {
    expect(asksCount("how many people are in your team?")).toBe(true);
    expect(asksCount("உங்கள் டீமில் எத்தனை பேர் இருக்கிறார்கள்?")).toBe(true);
    expect(asksCount("how much for a website?")).toBe(false);
    expect(asksFrequency("ரிப்போர்ட் எத்தனை நாளுக்கு ஒருமுறை அனுப்புவீர்கள்?")).toBe(true);
    expect(asksFrequency("how long does it take?")).toBe(false);
  });
});

describe("a doing asked", () => {
  it.each([
    ["my phone screen is cracked can u fix it", "en"],
    ["போன் ஸ்கிரீன் உடைஞ்சிடுச்சு, மாத்தித் தருவீங்களா?", "ta"],
    ["லோகோவை மாற்றித் தருவீங்களா?", "ta"],
  ] as const)("is a doing, not a fact asked, when typed with 'u' or as a verb given: %s", (question, locale) => {
    expect(asksForAction(question, locale)).toBe(true);
    expect(namedFactsAsked(question, locale).asked.size).toBe(0);
  });

  it.each([
    ["can u send me your phone number", "en", "phone"],
    ["போன் நம்பர் தருவீங்களா?", "ta", "phone"],
    ["அட்ரஸ் அனுப்பித் தருவீங்களா?", "ta", "address"],
  ] as const)("still asks for the fact when what is given is the fact: %s", (question, locale, fact) => {
    expect(namedFactsAsked(question, locale).asked).toContain(fact);
  });
});

describe("a price or a time asked of a service", () => {
  it.each([
    ["how much for a website?", "en"],
    ["වෙබ් සයිට් එකකට කීයද?", "si"],
    ["ஒரு வெப் சைட்டுக்கு எவ்வளவு?", "ta"],
  ] as const)("is answered first by how pricing works: %s", async (question, locale) => {
    expect((await best(question, locale))[0]?.text).toContain("Pricing depends on scope");
  });

  it.each([
    ["how much is a phone?", "en"],
    ["ෆෝන් එකක් කීයද?", "si"],
    ["ලැප්ටොප් එකක් කීයද?", "si"],
    ["லேப்டாப் எவ்வளவு?", "ta"],
  ] as const)("is not the pricing's when nothing offered is named: %s", async (question, locale) => {
    expect((await best(question, locale)).some((passage) => passage.fact === "pricing")).toBe(false);
  });

  it("is not answered by a service's description, which names neither", async () => {
    expect(await best("ෆෝන් එකක් හදන්න කොච්චර කල් යනවද?", "si")).toEqual([]);
    expect((await best("How long does it take to build an online shop?", "en", 6)).some((p) => p.offer)).toBe(false);
    // Asked no price or time, the service answers.
    expect((await best("Do you build online shops?", "en"))[0]?.offer).toBe(true);
  });
});

describe("a post's words when the question names a thing the site never speaks of", () => {
  it("must be three, not two (Colombo and tomorrow, in a quoted sale, are no forecast of rain)", async () => {
    expect(await best("நாளைக்கு கொழும்புல மழை வருமா?", "ta")).toEqual([]);
  });

  it("do not count a Sinhala or Tamil question's last word, its verb", async () => {
    const found = await best("என் பிஸினஸை விரிவாக்கத் தயாரா என்று எப்படித் தெரிந்துகொள்வது?", "ta");
    expect(found[0]?.kind).toBe("post");
  });
});

describe("a compound typed as two words", () => {
  const index = new WordIndex();
  index.add("web", { title: "", heading: "", labels: "வெப்சைட், වෙබ්සයිට්", text: "" }, 1);

  it.each([
    ["வெப் சைட் செய்ய எத்தனை வாரம்?", "வெப்சைட் செய்ய எத்தனை வாரம்?"],
    ["වෙබ් සයිට් එකක් ඕනේ", "වෙබ්සයිට් එකක් ඕනේ"],
  ])("is joined where the site knows it as one word: %s", (question, joined) => {
    expect(index.joinCompounds(question)).toBe(joined);
  });

  it.each(["வெப், சைட்", "ලෝන් එකක් දෙනවද?", "கார் லீசிங் தருவீங்களா?", "web site"])(
    "is left apart where the site does not, or across a comma, a stop word or Latin letters: %s",
    (question) => {
      expect(index.joinCompounds(question)).toBe(question);
    },
  );
});
