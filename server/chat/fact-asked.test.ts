import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultContact } from "#content/defaults.ts";
import type { Locale } from "#content/locales.ts";
import { noProvider } from "#server/ai/provider.ts";
import { openRecordedIndex } from "../../tests/helpers/site-index.ts";
import { answerQuestion } from "./answer.ts";
import { actionVerb, asksClockTime, asksForAction, namedFactsAsked } from "./fact-asked.ts";
import { asksWhatWeDo } from "./question-kind.ts";
import type { SiteIndex } from "./site-index.ts";
import { indexTerm } from "./terms.ts";

// Issue 41 item 2, second round: the site's facts asked for in any words, a vague "what do you
// do?", and what still goes unanswered (a doing the site never speaks of, a fact's name said of
// something else).

const isStop = (word: string) => indexTerm(word) === null;

describe("a vague question about what the business does", () => {
  it.each([
    "What do you do?",
    "so what exactly do you guys do",
    "ඔයාලා මොනවද කරන්නෙ",
    "මොන වගේ වැඩද කරන්නේ?",
    "நீங்கள் என்ன செய்கிறீர்கள்?",
    "என்ன வேலை பண்றீங்க",
  ])("is one: %s", (question) => expect(asksWhatWeDo(question, isStop)).toBe(true));

  it.each([
    "How do you work?", // the engagement, not the list
    "What do you do with my data?",
    "What do you do for hotels?",
    "මගේ දත්ත වලින් මොනවද කරන්නේ?",
    "Do you do websites?",
    "என் தரவை வைத்து என்ன செய்வீர்கள்?",
  ])("is not: %s", (question) => expect(asksWhatWeDo(question, isStop)).toBe(false));
});

describe("a contact fact asked for by its name", () => {
  it.each([
    ["What's your phone number?", "en", "phone"],
    ["can you send me the address pls", "en", "address"],
    ["ඊමේල් ලිපිනය එවන්න පුළුවන්ද?", "si", "email"],
    ["ඔෆිස් එකේ ලොකේෂන් එක කියන්නකෝ", "si", "address"],
    ["போன் நம்பர் இருக்கா?", "ta", "phone"],
    ["மெயில் பண்ணனும், ஈமெயில் தாங்க", "ta", "email"],
  ] as const)("is asked: %s", (question, locale, fact) => {
    expect(namedFactsAsked(question, locale).asked).toContain(fact);
  });

  it.each([
    ["do you repair mobile phones", "en"],
    ["Can you fix my phone?", "en"],
    ["ෆෝන් රිපෙයාර් කරනවද?", "si"],
    ["போன் ரிப்பேர் பண்ணுவீங்களா?", "ta"],
    ["வெப்சைட் செய்து தருவீர்களா?", "ta"], // to make a website: no question about ours
    ["වෙබ්සයිට් එකක් හදලා දෙනවද?", "si"],
  ] as const)("is not asked when the question asks for a doing: %s", (question, locale) => {
    expect(asksForAction(question, locale)).toBe(true);
    expect(namedFactsAsked(question, locale).asked.size).toBe(0);
  });

  it("is not asked when the question asks for a time or an amount of what the fact names", () => {
    expect(namedFactsAsked("What time does your office close?", "en").asked.size).toBe(0);
    expect(namedFactsAsked("හවස කීයටද ඔෆිස් එක වහන්නේ?", "si").asked.size).toBe(0);
    expect(namedFactsAsked("ஆபீஸ் எத்தனை மணிக்கு திறக்கும்?", "ta").asked.size).toBe(0);
  });

  it("is what a time or an amount is asked of: its own passage does not answer it", () => {
    expect(namedFactsAsked("වෙබ් සයිට් එකක් හදන්න කීයක් විතර යනවද", "si").action).toContain("website");
    expect(namedFactsAsked("வெப்சைட் செய்ய எவ்வளவு செலவாகும்?", "ta").action).toContain("website");
  });

  it.each([
    ["I need a website for my shop", "en"],
    ["අලුත් වෙබ් සයිට් එකක් ඕනේ", "si"],
    ["எங்க ஹோட்டலுக்கு வெப்சைட் ஒன்று வேணும்", "ta"],
    ["we want a new website", "en"],
  ] as const)("is not asked when the visitor wants one made: %s", (question, locale) => {
    expect(namedFactsAsked(question, locale).asked.size).toBe(0);
    expect(namedFactsAsked(question, locale).action).toContain("website");
  });

  it.each([
    ["Do you have a website?", "en", "website"],
    ["I need your phone number", "en", "phone"],
    ["ඔයාලට වෙබ් සයිට් එකක් තියෙනවද?", "si", "website"],
    ["உங்க போன் நம்பர் வேணும்", "ta", "phone"],
  ] as const)("is still asked when the visitor wants ours: %s", (question, locale, fact) => {
    expect(namedFactsAsked(question, locale).asked).toContain(fact);
  });

  it("is no fact's name for sharing a start with one: science (විද්‍යාව) is not electronic (විද්‍යුත්) mail", () => {
    expect(namedFactsAsked("ක්වොන්ටම් භෞතික විද්‍යාව ගැන කියන්න", "si").asked.size).toBe(0);
  });

  it("tells the verb of a question asking whether the business does something", () => {
    expect(actionVerb("do you repair mobile phones")).toBe("repair");
    expect(actionVerb("Can you guys also fix laptops?")).toBe("fix");
    expect(actionVerb("Do you have an email address?")).toBeUndefined();
    expect(actionVerb("Where is your office?")).toBeUndefined();
  });
});

describe("a question asking the time of day", () => {
  it.each(["What time do you open?", "හවස කීයටද වහන්නේ?", "காலையில் எத்தனை மணிக்கு திறப்பீர்கள்?"])("is one: %s", (question) =>
    expect(asksClockTime(question)).toBe(true),
  );

  it.each(["How long does a website take?", "වෙබ් අඩවියකට සති කීයක් යනවද?", "Do you work in the morning"])(
    "is not: %s",
    (question) => expect(asksClockTime(question)).toBe(false),
  );
});

describe("answers with no model", () => {
  let index: SiteIndex;
  let close: () => Promise<void>;
  beforeAll(async () => ({ index, close } = await openRecordedIndex()));
  afterAll(() => close());

  const ask = async (question: string, locale: Locale) => {
    const answer = await answerQuestion({
      question,
      history: [],
      provider: noProvider(),
      index,
      contactEmail: defaultContact.info.email,
      locale,
    });
    let text = "";
    for await (const piece of answer.pieces) text += piece;
    return { text, answered: answer.answered };
  };

  it.each([
    ["So what do you actually do?", "en", "Web Design & Development"],
    ["ඔයාලා මොනවද කරන්නෙ", "si", "වෙබ් අඩවි නිර්මාණය"],
    ["நீங்கள் என்ன செய்கிறீர்கள்?", "ta", "இணையத்தள வடிவமைப்பு"],
  ] as const)("gives the services to a vague question: %s", async (question, locale, service) => {
    const { text, answered } = await ask(question, locale);
    expect(answered).toBe(true);
    expect(text).toContain(service);
  });

  it.each([
    ["ඔයාලව බලන්න එන්න හිතුවා, ඇඩ්‍රස් එක එවන්නකෝ", "si", "ගාලු පාර"],
    ["அட்ரஸ் அனுப்புங்க, நாளைக்கு நேர்ல வரணும்", "ta", "காலி வீதி"],
    ["டெலிபோன் நம்பர் தாங்க ப்ளீஸ்", "ta", defaultContact.info.phone],
  ] as const)(
    "gives a contact fact asked for by name amid words the site never uses: %s",
    async (question, locale, fact) => {
      const { text, answered } = await ask(question, locale);
      expect(answered).toBe(true);
      expect(text).toContain(fact);
    },
  );

  it.each([
    ["do you repair mobile phones", "en"],
    ["Can you repair my phone screen?", "en"],
    ["ෆෝන් එකේ ඩිස්ප්ලේ එක රිපෙයාර් කරනවද?", "si"],
    ["போன் டிஸ்ப்ளே ரிப்பேர் பண்ணுவீங்களா?", "ta"],
    ["Do you sell cars?", "en"],
    ["ඔබ කාර් විකුණනවාද?", "si"],
  ] as const)("leaves a question about a doing the site never offers unanswered: %s", async (question, locale) => {
    expect((await ask(question, locale)).answered).toBe(false);
  });

  it.each([
    ["At what time do you start in the morning?", "en"],
    ["උදේට කීයට ඉඳලද ඔෆිස් එකේ වැඩ පටන් ගන්නේ?", "si"],
    ["மாலையில் எத்தனை மணிக்கு வேலை முடியும்?", "ta"],
  ] as const)("gives the opening hours to a question asking the time of day: %s", async (question, locale) => {
    const { text, answered } = await ask(question, locale);
    expect(answered).toBe(true);
    expect(text).toContain("9:00 am to 5:30 pm");
  });

  it.each([
    ["What time does the cricket match start?", "en"],
    ["බස් එක එන්නේ කීයටද?", "si"],
    ["கிரிக்கெட் மேட்ச் எத்தனை மணிக்கு?", "ta"],
  ] as const)("leaves the time of something the site never speaks of unanswered: %s", async (question, locale) => {
    expect((await ask(question, locale)).answered).toBe(false);
  });

  it("tells Galle from a call in Tamil: asking to call is no question about Galle Road", async () => {
    const { text } = await ask("கால் பண்ணலாமா? நம்பர் என்ன?", "ta");
    expect(text).toContain(defaultContact.info.phone);
  });
});
