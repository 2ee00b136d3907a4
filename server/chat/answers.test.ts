import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAnswers } from "#content/defaults.ts";
import type { Locale } from "#content/locales.ts";
import { answersSchema, type AnswerEntry } from "#content/schemas.ts";
import { builtInTranslations } from "#content/translations/index.ts";
import { openRecordedIndex, type RecordedIndex } from "../../tests/helpers/site-index.ts";
import { CLOSE_ENOUGH, closeness, matchAnswer, taughtPassage, wordingOf, type WordCounts } from "./answers.ts";

// Issue 41 item 3: the team's Answers, matched before the site's passages.

const english = defaultAnswers.answers;
const sinhala = builtInTranslations.si.documents.answers.answers;
const tamil = builtInTranslations.ta.documents.answers.answers;

/** The built-in site's words in each language, which the chat weighs the Answers' words by. */
let site: RecordedIndex;
const counts = new Map<Locale, WordCounts>();
beforeAll(async () => {
  site = await openRecordedIndex();
  for (const locale of ["en", "si", "ta"] as const) counts.set(locale, await site.index.wordCounts(locale));
});
afterAll(() => site.close());

const builtIn = { en: english, si: sinhala, ta: tamil } as const;
/** The built-in entry `question` in `locale` is answered from (its index), as the chat matches it beside the built-in site. */
const builtInAnswer = (question: string, locale: keyof typeof builtIn) => {
  const found = matchAnswer(question, builtIn[locale], counts.get(locale));
  return found && builtIn[locale].indexOf(found.entry);
};

const entry = (question: string, otherWays: string[] = [], answer = `Answer to: ${question}`): AnswerEntry => ({
  question,
  otherWays,
  answer,
  placementId: 0,
});

/** The question of the entry `question` is answered from, or undefined. */
const answeredBy = (question: string, entries: readonly AnswerEntry[]) =>
  matchAnswer(question, entries)?.entry.question;

describe("the built-in Answers", () => {
  it("are valid Answers in every language, the translations in the English entries' order", () => {
    for (const answers of [english, sinhala, tamil]) expect(answersSchema.safeParse({ answers }).success).toBe(true);
    expect(sinhala.map((e) => e.placementId)).toEqual(english.map((e) => e.placementId));
    expect(tamil.map((e) => e.otherWays.length)).toEqual(english.map((e) => e.otherWays.length));
  });

  it("keep Sinhala's zero-width joiners (ව්‍යාපාර, ශ්‍රී)", () => {
    const texts = sinhala.flatMap((e) => [e.question, ...e.otherWays, e.answer]).join("\n");
    expect(texts).toContain("ව්\u200Dයාපාර");
    expect(texts).toContain("ශ්\u200Dරී");
    // A yansaya or rakaransaya without its joiner would draw the virama apart.
    expect(texts).not.toMatch(/[^\u0DBB]\u0DCA[\u0DBA\u0DBB]/);
  });
});

describe("matching a visitor's question", () => {
  // Each English entry's question and other ways, put as visitors put them: right matches, pinned.
  it.each([
    ["Do you have monthly packages?", 0],
    ["do u offer monthly retainers", 0],
    ["Can I pay monthly?", 0],
    ["Is there a monthly plan?", 0],
    ["Do you work with startups?", 1],
    ["Do you work with start-ups?", 1],
    ["Do you help small businesses?", 1],
    ["How long does a website take to build?", 2],
    ["How long would it take to make a website?", 2],
    ["How many weeks will my website take?", 2],
    ["when will my new website be ready", 2],
    ["What is the timeline to build a website?", 2],
    ["Do you work with clients overseas?", 3],
    ["Can you work with clients in Jaffna?", 3],
  ])("answers %j from the English entry %i", (question, index) => {
    expect(builtInAnswer(question, "en")).toBe(index);
  });

  it.each([
    ["ඔයාලා මාසික පැකේජ දෙනවද?", 0],
    ["මාසික සැලසුමක් තියෙනවද?", 0],
    ["ස්ටාර්ට්අප් එක්ක වැඩ කරනවද?", 1],
    ["පොඩි ව්‍යාපාරවලට උදව් කරනවද?", 1],
    ["වෙබ් අඩවියක් හදන්න කොච්චර කල් යනවද?", 2],
    ["වෙබ් අඩවියක් නිර්මාණය කරන්න කොපමණ කාලයක් යනවද?", 2],
    ["ඔබ කොළඹින් පිටත වැඩ කරනවාද?", 3],
    ["ඔයාලා ඔන්ලයින් වැඩ කරනවද?", 3],
  ])("answers the Sinhala %j from the Sinhala entry %i", (question, index) => {
    expect(builtInAnswer(question, "si")).toBe(index);
  });

  it.each([
    ["மாதாந்திர பேக்கேஜ் ஏதாவது இருக்கிறதா?", 0],
    ["மாதாந்திரத் திட்டம் ஏதும் உண்டா?", 0],
    ["ஸ்டார்ட்அப்களுடன் பணியாற்றுவீர்களா?", 1],
    ["இணையத்தளம் உருவாக்க எத்தனை காலம் ஆகும்?", 2],
    ["என் இணையத்தளம் தயாராக எத்தனை வாரங்கள் ஆகும்?", 2],
    ["கொழும்புக்கு வெளியே பணியாற்றுவீர்களா?", 3],
    ["வெளிநாட்டு வாடிக்கையாளர்களுடன் பணியாற்றுவீர்களா?", 3],
  ])("answers the Tamil %j from the Tamil entry %i", (question, index) => {
    expect(builtInAnswer(question, "ta")).toBe(index);
  });

  it("matches a word by its parts where a language adds endings (கொழும்பு, கொழும்பில்)", () => {
    const entries = [entry("கொழும்பு அலுவலகம் எங்கே இருக்கிறது?")];
    expect(answeredBy("கொழும்பில் அலுவலகம் எங்கே?", entries)).toBe(entries[0]!.question);
  });

  it("gives the closest entry when several share words", () => {
    const entries = [entry("Do you work online?"), entry("Do you work with start-ups online?")];
    expect(answeredBy("Do you work with start-ups online?", entries)).toBe("Do you work with start-ups online?");
  });
});

describe("precision: no answer from an unrelated entry", () => {
  it.each([
    "Do you sell cars?",
    "Do you fix laptops?",
    "What services do you provide?",
    "What is your phone number?",
    "Can I pay by card?",
    "Do you offer SEO?",
    "Do you work on weekends?",
    "How much does a website cost?",
    "Hello",
  ])("leaves %j to the site's passages", (question) => {
    expect(builtInAnswer(question, "en")).toBeUndefined();
  });

  it.each([
    ["ඔයාලා කාර් විකුණනවද?", "si"],
    ["ලැප්ටොප් හදනවද?", "si"],
    ["நீங்கள் கார் விற்கிறீர்களா?", "ta"],
    ["லேப்டாப் பழுது பார்ப்பீர்களா?", "ta"],
  ] as const)("leaves %j unanswered", (question, locale) => {
    expect(builtInAnswer(question, locale)).toBeUndefined();
  });

  // Questions that share most of their words with an entry but ask something else: a yes or no
  // where the entry gives a time, a person, a sort of client; or a rare word the entry lacks.
  it.each([
    ["Do you build websites?", "en"],
    ["Who hosts the websites you build?", "en"],
    ["What kind of businesses do you work with?", "en"],
    ["Which businesses do you work with?", "en"],
    ["Do you help businesses with SEO?", "en"],
    ["ඔයාලා වෙබ් අඩවි හදලා දෙනවද?", "si"],
    ["ඔබ වෙබ් අඩවි නිර්මාණය කරනවාද?", "si"],
    ["ඔයාලා හදන වෙබ් අඩවි හෝස්ට් කරන්නේ කවුද?", "si"],
    ["ඔයාලා වැඩ කරන්නේ මොන වගේ ව්‍යාපාර එක්කද?", "si"],
    ["ඔබ වැඩ කරන්නේ කුමන ආකාරයේ ව්‍යාපාර සමඟද?", "si"],
    ["நீங்கள் இணையத்தளங்கள் உருவாக்குவீர்களா?", "ta"],
    ["இணையத்தளம் உருவாக்கித் தருவீர்களா?", "ta"],
    ["நீங்கள் உருவாக்கும் இணையத்தளங்களை யார் ஹோஸ்ட் செய்கிறார்கள்?", "ta"],
    ["எந்த மாதிரியான வணிகங்களுடன் பணியாற்றுகிறீர்கள்?", "ta"],
    ["எந்த வகையான வணிகங்களுடன் நீங்கள் பணியாற்றுகிறீர்கள்?", "ta"],
  ] as const)("leaves %j to the site, though it shares most words with an entry", (question, locale) => {
    expect(builtInAnswer(question, locale)).toBeUndefined();
  });

  it("weighs words by their rarity: a common word missing from the question matters less than a rare one", () => {
    const asked = wordingOf("Do you work with startups?");
    const phrasing = wordingOf("Do you work with small businesses and start-ups?");
    const rare = (term: string) => (term === "startup" ? 4 : 1);
    const common = (term: string) => (term === "startup" ? 1 : 4);
    expect(closeness(asked, phrasing, rare)).toBeGreaterThan(closeness(asked, phrasing, common));
  });

  it("needs two shared words from a phrasing of several: one common word is no match", () => {
    expect(answeredBy("Can I pay?", [entry("Can I pay monthly?")])).toBeUndefined();
    expect(answeredBy("Can I pay monthly?", [entry("Can I pay monthly?")])).toBe("Can I pay monthly?");
  });

  it("does not take a short word for a part of a longer one (car, care)", () => {
    expect(closeness(wordingOf("car"), wordingOf("care"))).toBe(0);
  });

  it("scores a question the same as its phrasing 1, and at least CLOSE_ENOUGH to be answered", () => {
    const asked = wordingOf("How long does it take to build a website?");
    expect(closeness(asked, asked)).toBe(1);
    expect(matchAnswer("How long does it take to build a website?", english)?.closeness).toBeGreaterThanOrEqual(
      CLOSE_ENOUGH,
    );
  });
});

describe("a taught answer given to a model", () => {
  it("is a passage with no address, so no source is listed under the answer", () => {
    const taught = matchAnswer("Do you have monthly packages?", english)!;
    expect(taughtPassage(taught)).toMatchObject({ url: null, heading: english[0]!.question, text: english[0]!.answer });
  });
});
