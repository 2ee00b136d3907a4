import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "#content/locales.ts";
import { si } from "#content/translations/si.ts";
import { phoneticKey } from "./loanwords.ts";
import type { SiteIndex } from "./site-index.ts";
import { words } from "./terms.ts";
import { openRecordedIndex } from "../../tests/helpers/site-index.ts";

// The loanword bridge (issue 41): an English word typed in Sinhala or Tamil letters finds the
// passages whose English twin says it.

const key = (word: string) => phoneticKey(words(word)[0]!);

describe("phonetic keys", () => {
  it("bring an English word and its Sinhala and Tamil spellings to one key", () => {
    for (const [english, ...spellings] of [
      ["office", "ඔෆිස්", "ஆபீஸ்"],
      ["address", "ඇඩ්‍රස්", "அட்ரஸ்"],
      ["number", "නම්බර්", "நம்பர்"],
      ["service", "සර්විස්", "சர்வீஸ்"],
      ["website", "වෙබ්සයිට්", "வெப்சைட்"],
      ["package", "පැකේජ්", "பேக்கேஜ்"],
      ["marketing", "මාර්කටින්", "மார்க்கெட்டிங்"],
    ]) {
      for (const spelling of spellings) expect([spelling, key(spelling)]).toEqual([spelling, key(english!)]);
    }
  });

  it("gives no key to a word too short to tell from others, nor to one of another script", () => {
    // "call", "car" and "care" would all be one key of two letters.
    expect([key("call"), key("car"), key("කාර්"), key("கால்")]).toEqual([undefined, undefined, undefined, undefined]);
    expect(key("Москва")).toBeUndefined();
  });

  it("keeps the zero-width joiner's word one word (ශ්‍රී and ශ්රී alike)", () => {
    expect(key("ප්‍රයිවසි")).toBe(key("ප්රයිවසි"));
    expect(key("ප්‍රයිවසි")).toBe(key("privacy"));
  });
});

describe("a loanword in a question", () => {
  let index: SiteIndex;
  let close: () => Promise<void>;
  beforeAll(async () => ({ index, close } = await openRecordedIndex()));
  afterAll(() => close());

  const best = async (question: string, locale: Locale) =>
    (await index.search(question, 3, { locale })).map(({ passage }) => passage);

  it("finds the passage in the visitor's language whose English twin says the word", async () => {
    const [policy] = await best("ප්‍රයිවසි පොලිසි එක", "si");
    expect(policy).toMatchObject({ url: "/si/privacy-policy" });
    const [photos] = await best("ෆොටෝග්‍රැෆි කරනවද?", "si");
    expect(photos!.text).toContain("Palmyra Media");
    expect(photos!.url).toBe("/si/partners");
    const [strategy] = await best("ஸ்ட்ராடஜி தருவீர்களா?", "ta");
    expect(strategy!.url).toBe("/ta");
    expect(strategy!.text).toContain("மூலோபாய");
    const [tamilPolicy] = await best("பிரைவசி பாலிசி", "ta");
    expect(tamilPolicy).toMatchObject({ url: "/ta/privacy-policy" });
  });

  it("counts below the page's own word: the Sinhala word for office still ranks the address first", async () => {
    const [office] = await best("ඔෆිස් එක කොහෙද?", "si");
    expect(office!.text).toContain(si.documents.contact.info.address);
  });

  it("leaves unanswered what no English word of the site sounds like", async () => {
    expect(await best("පීසා ඩිලිවරි කරනවද?", "si")).toEqual([]);
    expect(await best("பீட்சா டெலிவரி செய்வீர்களா?", "ta")).toEqual([]);
    // කාර් "car" is neither කාර්යය "task" (./script-words.ts) nor a key long enough to tell.
    expect(await best("ඔබ කාර් විකුණනවාද?", "si")).toEqual([]);
  });
});
