import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultContact } from "#content/defaults.ts";
import type { SiteIndex } from "./site-index.ts";
import { formalForm } from "./spoken.ts";
import { indexTerm } from "./terms.ts";
import { openRecordedIndex } from "../../tests/helpers/site-index.ts";

// Spoken Sinhala and Tamil (issue 41): a visitor's spoken form is read as its written twin.

describe("the written form of a spoken word", () => {
  it("rewrites Tamil's spoken verb endings as the written ones", () => {
    expect(formalForm("ta", "செய்றீங்களா")).toBe("செய்கிறீர்களா");
    expect(formalForm("ta", "தருவீங்களா")).toBe("தருவீர்களா");
    expect(formalForm("ta", "இருக்கு")).toBe("இருக்கிறது");
    expect(formalForm("ta", "ஆரம்பிச்சது")).toBe("ஆரம்பித்தது");
    expect(formalForm("ta", "மொபைல்ல")).toBe("மொபைல்");
    // The future's long vowel typed short, a phone keyboard's slip.
    expect(formalForm("ta", "தருவிங்களா")).toBe("தருவீர்களா");
    expect(formalForm("ta", "மூடுவிங்க")).toBe("மூடுவீர்கள்");
  });

  it("rewrites Sinhala's spoken participle and request particle", () => {
    expect(formalForm("si", "පිහිටලා")).toBe("පිහිටා");
    expect(formalForm("si", "දෙන්නකෝ")).toBe("දෙන්න");
    expect(formalForm("si", "ඇරලද")).toBe("ඇරා");
  });

  it("stems a spoken form as its written twin, so a spoken verb of asking is a stop word too", () => {
    expect(indexTerm("செய்வீங்களா")).toBeNull();
    expect(indexTerm("இருக்கு")).toBeNull();
    expect(indexTerm("පිහිටලා")).toBe(indexTerm("පිහිටා"));
  });
});

describe("a colloquial question", () => {
  let index: SiteIndex;
  let close: () => Promise<void>;
  beforeEach(async () => ({ index, close } = await openRecordedIndex()));
  afterEach(() => close());

  it("in spoken Tamil finds the Contact page's address", async () => {
    const [best] = await index.search("உங்க ஆபிஸ் எங்க இருக்கு?", 3, { locale: "ta" });
    expect(best?.passage.url).toBe("/ta/contact");
    expect(best?.passage.text).toContain("காலி வீதி");
  });

  it("in spoken Sinhala finds the phone number", async () => {
    const [best] = await index.search("කෝල් එකක් ගන්න නම්බර් එක මොකක්ද?", 3, { locale: "si" });
    expect(best?.passage.text).toContain(defaultContact.info.phone);
  });

  it("about something the site does not do stays unanswered", async () => {
    expect(await index.search("கம்ப்யூட்டர் ரிப்பேர் பண்ணுவீங்களா?", 3, { locale: "ta" })).toEqual([]);
    expect(await index.search("වාහන ලීසිං දෙනවද?", 3, { locale: "si" })).toEqual([]);
  });
});
