import { describe, expect, it } from "vitest";
import { defaultAnswers } from "#content/defaults.ts";
import { answersSchema, type AnswerEntry } from "#content/schemas.ts";
import { builtInTranslations } from "#content/translations/index.ts";
import { CLOSE_ENOUGH, closeness, contentTerms, matchAnswer, taughtPassage } from "./answers.ts";

// Issue 41 item 3: the team's Answers, matched before the site's passages.

const english = defaultAnswers.answers;
const sinhala = builtInTranslations.si.documents.answers.answers;
const tamil = builtInTranslations.ta.documents.answers.answers;

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
  it.each([
    ["Do you have monthly packages?", "Do you offer monthly packages?"],
    ["do u offer monthly retainers", "Do you offer monthly packages?"],
    ["Can I pay monthly?", "Do you offer monthly packages?"],
    ["Do you work with startups?", "Do you work with small businesses and start-ups?"],
    ["How long does a website take to build?", "How long does it take to build a website?"],
    ["when will my new website be ready", "How long does it take to build a website?"],
    ["Do you work with clients overseas?", "Do you work with clients outside Colombo?"],
  ])("answers %j from %j", (question, expected) => {
    expect(answeredBy(question, english)).toBe(expected);
  });

  it.each([
    ["ඔයාලා මාසික පැකේජ දෙනවද?", 0],
    ["වෙබ් අඩවියක් හදන්න කොච්චර කල් යනවද?", 2],
    ["ඔබ කොළඹින් පිටත වැඩ කරනවාද?", 3],
  ])("answers the Sinhala %j from the Sinhala entry %i", (question, index) => {
    expect(answeredBy(question, sinhala)).toBe(sinhala[index]!.question);
  });

  it.each([
    ["மாதாந்திர பேக்கேஜ் ஏதாவது இருக்கிறதா?", 0],
    ["ஸ்டார்ட்அப்களுடன் பணியாற்றுவீர்களா?", 1],
    ["இணையத்தளம் உருவாக்க எத்தனை காலம் ஆகும்?", 2],
    ["கொழும்புக்கு வெளியே பணியாற்றுவீர்களா?", 3],
  ])("answers the Tamil %j from the Tamil entry %i", (question, index) => {
    expect(answeredBy(question, tamil)).toBe(tamil[index]!.question);
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
    expect(matchAnswer(question, english)).toBeUndefined();
  });

  it.each([
    ["ඔයාලා කාර් විකුණනවද?", sinhala],
    ["ලැප්ටොප් හදනවද?", sinhala],
    ["நீங்கள் கார் விற்கிறீர்களா?", tamil],
    ["லேப்டாப் பழுது பார்ப்பீர்களா?", tamil],
  ])("leaves %j unanswered", (question, entries) => {
    expect(matchAnswer(question, entries)).toBeUndefined();
  });

  it("needs two shared words from a phrasing of several: one common word is no match", () => {
    expect(answeredBy("Can I pay?", [entry("Can I pay monthly?")])).toBeUndefined();
    expect(answeredBy("Can I pay monthly?", [entry("Can I pay monthly?")])).toBe("Can I pay monthly?");
  });

  it("does not take a short word for a part of a longer one (car, care)", () => {
    expect(closeness(contentTerms("car"), contentTerms("care"))).toBe(0);
  });

  it("scores a question the same as its phrasing 1, and at least CLOSE_ENOUGH to be answered", () => {
    const terms = contentTerms("How long does it take to build a website?");
    expect(closeness(terms, terms)).toBe(1);
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
