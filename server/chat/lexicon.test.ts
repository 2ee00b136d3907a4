import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultContact } from "#content/defaults.ts";
import { si } from "#content/translations/si.ts";
import { documentPairs, Lexicon } from "./lexicon.ts";
import type { SiteIndex } from "./site-index.ts";
import { indexTerm } from "./terms.ts";
import { openRecordedIndex } from "../../tests/helpers/site-index.ts";

// The lexicon the chat learns from the site's Sinhala and Tamil texts and their English twins (issue 41).

const stem = (word: string) => indexTerm(word)!;

describe("a lexicon learnt from aligned texts", () => {
  it("pairs a word with the English word it goes with across the pairs, not with its neighbours", () => {
    const lexicon = Lexicon.learn([
      { text: "අපගේ කාර්යාලය කොළඹ", english: "Our office is in Colombo" },
      { text: "කාර්යාලය සෙනසුරාදා වසා ඇත", english: "The office is closed on Saturday" },
      { text: "කොළඹ වෙළඳපොළ", english: "The Colombo market" },
      { text: "සෙනසුරාදා හමුවීම්", english: "Meetings on Saturday" },
    ]);
    expect(lexicon.translate(stem("කාර්යාලය"))[0]?.[0]).toBe(stem("office"));
    expect(lexicon.translate(stem("කාර්යාලයේ"))[0]?.[0]).toBe(stem("office"));
    expect(lexicon.translate(stem("සෙනසුරාදා"))[0]?.[0]).toBe(stem("saturday"));
    expect(lexicon.translate(stem("කාර්යාලය")).map(([english]) => english)).not.toContain(stem("colombo"));
  });

  it("learns nothing from a text left in English", () => {
    expect(Lexicon.learn([{ text: "Our office", english: "Our office" }]).size).toBe(0);
  });

  it("aligns a document's fields by their place, each translated field with its English twin", () => {
    const pairs = documentPairs("contact", si.documents.contact, defaultContact);
    expect(pairs).toContainEqual({ text: si.documents.contact.title, english: defaultContact.title });
    // The address is the same in both: nothing to learn.
    expect(pairs.some(({ english }) => english === defaultContact.info.email)).toBe(false);
  });
});

describe("the search with the site's lexicon", () => {
  let index: SiteIndex;
  let close: () => Promise<void>;
  beforeEach(async () => ({ index, close } = await openRecordedIndex()));
  afterEach(() => close());

  it("finds the English knowledge base's opening hours from a Sinhala question on Saturdays", async () => {
    const found = await index.search("සෙනසුරාදට ඔෆිස් එක ඇරලද?", 3, { locale: "si" });
    expect(found.map(({ passage }) => passage.text).join(" ")).toContain("Saturdays by appointment");
  });

  it("leaves a question about something else unanswered", async () => {
    expect(await index.search("IELTS පන්ති තියෙනවද?", 3, { locale: "si" })).toEqual([]);
  });
});
