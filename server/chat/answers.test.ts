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

/**
 * The built-in FAQ entries (4 on), each with two paraphrases per language as visitors type them
 * (spoken forms, loanwords, no question mark), by the index of the entry that must answer them.
 */
const FAQ: readonly (readonly [number, readonly string[], readonly string[], readonly string[]])[] = [
  [
    4,
    ["what do you guys offer", "What kind of services do you have?"],
    ["ඔයාලගෙ සර්විස් මොනවද?", "ඔයාලා දෙන සේවා මොනවාද?"],
    ["என்ன சேவைகள் வழங்குகிறீர்கள்?", "உங்க சர்வீஸ்கள் என்னென்ன?"],
  ],
  [
    5,
    ["How much does a website cost?", "Could you tell me your prices please"],
    ["මිල කීයද?", "ගාස්තු කීයද?"],
    ["கட்டணம் எவ்வளவு?", "ஒரு இணையத்தளத்துக்கு எவ்வளவு செலவாகும்?"],
  ],
  [
    6,
    ["How long does SEO usually take?", "how long will the project take"],
    ["ප්‍රොජෙක්ට් එකක් ඉවර කරන්න කොච්චර කල් යනවද?", "SEO වැඩ කරන්න කොච්චර කාලයක් ඕනෙද?"],
    ["திட்டம் முடிய எவ்வளவு காலம் எடுக்கும்?", "SEO பலன் தர எவ்வளவு காலம் ஆகும்?"],
  ],
  [
    7,
    ["How do I start working with you?", "is the first consultation free"],
    ["වැඩ පටන් ගන්න ඕන නම් මොකද කරන්න ඕනේ?", "ෆ්‍රී කන්සල්ටේෂන් එකක් ගන්න පුළුවන්ද?"],
    ["உங்களுடன் வேலை ஆரம்பிக்க என்ன செய்ய வேண்டும்?", "இலவச ஆலோசனை உண்டா?"],
  ],
  [
    8,
    ["whats your address", "Where's your office?"],
    ["ඔෆිස් එක කොහෙද තියෙන්නේ?", "ඔයාලගේ ලිපිනය මොකක්ද?"],
    ["உங்கள் அலுவலகம் எங்கு உள்ளது?", "உங்கள் முகவரி?"],
  ],
  [
    9,
    ["Are you open on Sunday?", "Is your office open on Saturday?"],
    ["ඔෆිස් එක වහන්නේ කීයටද?", "ඉරිදාට ඔෆිස් එක ඇරලද?"],
    ["எத்தனை மணிக்கு அலுவலகம் திறக்கும்?", "ஞாயிறு அன்று திறந்திருக்குமா?"],
  ],
  [
    10,
    ["can I have your phone number", "whats your email"],
    ["ඔයාලගේ ෆෝන් නම්බර් එක දෙන්න", "ඔයාලගේ ඊමේල් ඇඩ්‍රස් එක දෙන්න පුළුවන්ද?"],
    ["உங்களை எப்படி தொடர்பு கொள்வது?", "உங்கள் ஈமெயில் முகவரி என்ன?"],
  ],
  [
    11,
    ["Do you work with restaurants?", "what industries do you serve"],
    ["හෝටල් වලට වැඩ කරනවද?", "ඔයාලා වැඩ කරන්නේ මොන වගේ ව්‍යාපාර එක්කද?"],
    ["ஹோட்டலுக்கு வேலை செய்வீர்களா?", "எந்த மாதிரியான வணிகங்களுடன் பணியாற்றுகிறீர்கள்?"],
  ],
  [
    12,
    ["do you speak sinhala", "can you do content in tamil"],
    ["දෙමළෙන් කන්ටෙන්ට් හදලා දෙනවද?", "සිංහලෙන් කතා කරන්න පුළුවන්ද?"],
    ["தமிழில் கண்டென்ட் செய்வீர்களா?", "தமிழில் பேசலாமா?"],
  ],
  [
    13,
    ["do you handle instagram", "can you manage my facebook page"],
    ["සෝෂල් මීඩියා හැන්ඩ්ල් කරනවද?", "ෆේස්බුක් පේජ් එක බලාගන්න පුළුවන්ද?"],
    ["சோஷியல் மீடியா மேனேஜ் செய்வீர்களா?", "பேஸ்புக் பேஜ் மேனேஜ் செய்வீர்களா?"],
  ],
  [
    14,
    ["Do you offer SEO?", "Do you help businesses with SEO?"],
    ["SEO කරනවද?", "ගූගල් රෑන්කින් එක වැඩි කරන්න පුළුවන්ද?"],
    ["SEO செய்வீர்களா?", "கூகுள் ரேங்கிங்கை உயர்த்துவீர்களா?"],
  ],
  [
    15,
    ["do you do facebook ads", "can you run google ads for me"],
    ["ෆේස්බුක් ඇඩ්ස් දාලා දෙනවද?", "LinkedIn ප්‍රචාරණ ව්‍යාපාර සඳහා ඔබට උදව් කළ හැකිද?"],
    ["பேஸ்புக் விளம்பரம் செய்வீர்களா?", "கூகுள் விளம்பரம் நடத்தித் தருவீர்களா?"],
  ],
  [
    16,
    ["can you make me a logo", "I want to rebrand my company"],
    ["ලෝගෝ එකක් හදලා දෙනවද?", "බ්‍රෑන්ඩිං කරනවද?"],
    ["லோகோ செய்து தருவீர்களா?", "பிராண்டிங் செய்து தருவீர்களா?"],
  ],
  [
    17,
    ["Do you build websites?", "can you create an ecommerce site"],
    ["ඔයාලා වෙබ් අඩවි හදලා දෙනවද?", "වෙබ්සයිට් එකක් හදලා දෙනවද?"],
    ["நீங்கள் இணையத்தளங்கள் உருவாக்குவீர்களா?", "ஒரு வெப்சைட் செய்து தர முடியுமா?"],
  ],
  [
    18,
    ["can you do a survey of my customers", "Can you do research on my market?"],
    ["මාකට් රිසර්ච් කරලා දෙනවද?", "සමීක්ෂණ කරනවද?"],
    ["சந்தை ஆய்வு செய்வீர்களா?", "மார்க்கெட் ரிசர்ச் பண்ணித் தருவீர்களா?"],
  ],
  [
    19,
    ["will you send me reports", "how do I know the ads are working"],
    ["මාසෙකට රිපෝට් එකක් දෙනවද?", "ප්‍රතිඵල වාර්තා කරනවද?"],
    ["மாதாந்திர அறிக்கை தருவீர்களா?", "ரிப்போர்ட் தருவீர்களா?"],
  ],
  [
    20,
    ["what are the terms of payment", "do I have to pay in advance"],
    ["ඇඩ්වාන්ස් ගෙවන්න ඕනෙද?", "ගෙවීම් කොහොමද කරන්නේ?"],
    ["எப்படிப் பணம் செலுத்துவது?", "முற்பணம் செலுத்த வேண்டுமா?"],
  ],
  [
    21,
    ["who's in your team?", "How many people are on the team?"],
    ["ඔයාලගේ ටීම් එකේ ඉන්නේ කවුද?", "ඔයාලගේ කණ්ඩායමේ කවුද ඉන්නේ?"],
    ["உங்கள் குழுவில் யாரெல்லாம் இருக்கிறார்கள்?", "டீமில் யார் யார் இருக்கிறார்கள்?"],
  ],
];

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

  it.each(
    FAQ.flatMap(([index, en, si, ta]) => [
      ...en.map((question) => [question, "en", index] as const),
      ...si.map((question) => [question, "si", index] as const),
      ...ta.map((question) => [question, "ta", index] as const),
    ]),
  )("answers the FAQ question %j (%s) from the built-in entry %i", (question, locale, index) => {
    expect(builtInAnswer(question, locale)).toBe(index);
  });

  // Entries sharing words take each other's questions only when they ask the same thing.
  it.each([
    ["How long does it take to build a website?", "en", 2],
    ["How long does SEO take?", "en", 6],
    ["Do you build websites?", "en", 17],
    ["How much does a website cost?", "en", 5],
    ["Can I pay monthly?", "en", 0],
    ["Do you have monthly packages?", "en", 0],
    ["What is your email address?", "en", 10],
    ["Where is your office?", "en", 8],
    ["What are your office hours?", "en", 9],
    ["Do you work with startups?", "en", 1],
    ["Do you work with clients overseas?", "en", 3],
    ["වෙබ් අඩවියක් හදන්න කොච්චර කල් යනවද?", "si", 2],
    ["SEO කරන්න කොච්චර කාලයක් යනවද?", "si", 6],
    ["ඊමේල් ඇඩ්‍රස් එක මොකක්ද?", "si", 10],
    ["මාසෙන් මාසෙට ගෙවන්න පුළුවන්ද?", "si", 0],
    ["இணையத்தளம் உருவாக்க எத்தனை காலம் ஆகும்?", "ta", 2],
    ["SEO க்கு எவ்வளவு காலம் ஆகும்?", "ta", 6],
    ["மாதா மாதம் பணம் கட்டலாமா?", "ta", 0],
  ] as const)("gives %j (%s) the entry %i, not a neighbour sharing its words", (question, locale, index) => {
    expect(builtInAnswer(question, locale)).toBe(index);
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
  // Questions the site cannot answer: no entry, however many words it shares with one.
  it.each([
    ["Do you sell cars?", "en"],
    ["Do you fix laptops?", "en"],
    ["What's the weather?", "en"],
    ["What is the weather like in Colombo today?", "en"],
    ["Can you book me a flight?", "en"],
    ["Can you book a hotel for me?", "en"],
    ["Can you repair my computer?", "en"],
    ["Do you sell insurance?", "en"],
    ["Do you offer loans?", "en"],
    ["Do you have job vacancies?", "en"],
    ["Do you sell tea?", "en"],
    ["Can I pay by card?", "en"],
    ["Hello", "en"],
    ["ඔයාලා කාර් විකුණනවද?", "si"],
    ["ලැප්ටොප් හදනවද?", "si"],
    ["අද කාලගුණය කොහොමද?", "si"],
    ["මට ප්ලේන් ටිකට් එකක් බුක් කරලා දෙන්න පුළුවන්ද?", "si"],
    ["ඔයාලා පරිගණක අලුත්වැඩියා කරනවද?", "si"],
    ["ණය දෙනවද?", "si"],
    ["රස්සා පුරප්පාඩු තියෙනවද?", "si"],
    ["நீங்கள் கார் விற்கிறீர்களா?", "ta"],
    ["லேப்டாப் பழுது பார்ப்பீர்களா?", "ta"],
    ["இன்றைய வானிலை எப்படி?", "ta"],
    ["எனக்கு விமான டிக்கெட் புக் செய்து தர முடியுமா?", "ta"],
    ["கணினி திருத்துவீர்களா?", "ta"],
    ["கடன் தருவீர்களா?", "ta"],
    ["காப்புறுதி தருவீர்களா?", "ta"],
  ] as const)("leaves %j (%s) unanswered", (question, locale) => {
    expect(builtInAnswer(question, locale)).toBeUndefined();
  });

  // A question sharing most of its words with entries but asking for something none of them says.
  it.each([
    ["Who hosts the websites you build?", "en"],
    ["ඔයාලා හදන වෙබ් අඩවි හෝස්ට් කරන්නේ කවුද?", "si"],
    ["நீங்கள் உருவாக்கும் இணையத்தளங்களை யார் ஹோஸ்ட் செய்கிறார்கள்?", "ta"],
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

  it("reads a question word typed without its apostrophe as one, not as a rare word ('whats')", () => {
    expect(wordingOf("whats your email").terms.map(({ term }) => term)).toEqual(
      wordingOf("What's your email?").terms.map(({ term }) => term),
    );
    expect(answeredBy("whats your address", [entry("What is your address?")])).toBe("What is your address?");
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
