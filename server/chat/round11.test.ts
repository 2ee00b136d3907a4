import { describe, expect, it } from "vitest";
import { recordedIndexPerFile } from "../../tests/helpers/site-index.ts";
import { namesAFact } from "./fact-asked.ts";
import { indexTerm } from "./terms.ts";
import { questionKind } from "./question-kind.ts";

// Issue 41, eleventh round (docs/decisions/032): the office named as what a thing the site never
// speaks of is near, or a compound typed in English after it, holds nothing asked; an account
// hacked asks for a repair the site does not offer; an English "when" inside a sentence joins a
// clause; "hotline" is the phone, "sat" Saturday, "direct" no address; spoken Sinhala "කවද්ද" asks
// a time, "ගාන" a price; "believe" asks the values; a Tamil ending typed alone is no word; a name
// beside an English word no page says is no answer. Each rule both ways.

const { answer } = recordedIndexPerFile();

describe("the office named as where a thing the site never speaks of is", () => {
  it.each([
    // Near the office (Sinhala "ළඟ", "අසල"; Tamil "பக்கத்தில"): an ATM, a bank, a car park.
    ["ඔෆිස් එක ළඟ ATM එකක් තියෙනවද?", "si"],
    ["ඔෆිස් එක අසල බැංකුවක් තියෙනවද?", "si"],
    ["ஆபிஸ் பக்கத்தில ATM இருக்கா?", "ta"],
    // In the office, a thing named by an English compound ("meeting room": the room, not the meeting).
    ["ඔෆිස් එකේ meeting room එක කුලියට දෙනවද?", "si"],
    ["ஒஃபிஸ்ல car park இருக்கா?", "ta"],
  ] as const)("%j is not answered with the address", async (question, locale) => {
    expect((await answer(question, locale)).answered).toBe(false);
  });

  it.each([
    ["ඔෆිස් එක කොහෙද?", "si", "ගාලු පාර"],
    ["ඔෆිස් එක ළඟට එන්නේ කොහොමද?", "si", "ගාලු පාර"],
    ["ஆபிஸ் எங்க இருக்கு?", "ta", "காலி வீதி"],
  ] as const)("%j still asks for the address", async (question, locale, street) => {
    expect((await answer(question, locale)).text).toContain(street);
  });
});

describe("an account hacked", () => {
  it.each([
    ["මගේ FB account එක hack වුණා, උදව් කරන්න පුළුවන්ද?", "si"],
    ["my insta account got hacked, can u help?", "en"],
    ["என்ட facebook account ஹேக் ஆகிட்டு, உதவி செய்வீங்களா?", "ta"],
  ] as const)("%j asks for a repair the site does not offer", async (question, locale) => {
    expect((await answer(question, locale)).answered).toBe(false);
  });

  it.each([
    ["do you manage Facebook pages?", "en"],
    ["ෆේස්බුක් පේජ් එක මැනේජ් කරලා දෙනවද?", "si"],
  ] as const)("leaves %j, the service, answered", async (question, locale) => {
    expect((await answer(question, locale)).text).toMatch(/Social Media|සමාජ මාධ්‍ය/);
  });
});

describe("an English 'when' inside a sentence", () => {
  it("joins a clause and asks no time", () => {
    expect(questionKind("want my site to show up higher when people google us")).not.toBe("time");
    expect(questionKind("what should i post when sales are slow")).toBe("open");
  });

  it("still asks a time first in a sentence, or after 'tell me', 'know'", () => {
    expect(questionKind("when do you open")).toBe("time");
    expect(questionKind("ok thanks. when can we start")).toBe("time");
    expect(questionKind("can you tell me when you open")).toBe("time");
    expect(questionKind("i want to know when you close")).toBe("time");
  });

  it("leaves the service that is asked for answered", async () => {
    const reply = await answer("i want my shop to come up higher when people google it, can you do that?");
    expect(reply.text).toContain("search engine optimisation");
  });
});

describe("the names visitors give the contact facts", () => {
  it("'hotline' is the phone", async () => {
    expect((await answer("whats ur hotline?")).text).toContain("234 5678");
  });

  it("'sat' is Saturday", async () => {
    expect((await answer("are you open on sat?")).text).toContain("appointment");
  });

  it("'direct' is no address asked ('directions' was, by its stem)", async () => {
    expect(namesAFact("direct", "en", "address")).toBe(false);
    expect(namesAFact("office", "en", "address")).toBe(true);
    expect((await answer("where is your office?")).text).toContain("Galle Road");
  });
});

describe("spoken Sinhala", () => {
  it("'කවද්ද', 'කවදද' ask a time, as 'කවදාද' does", () => {
    expect(questionKind("කවද්ද උත්තරයක් එන්නෙ?")).toBe("time");
    expect(questionKind("කවදද පටන් ගන්නේ?")).toBe("time");
  });

  it("'ඊයෙ' (yesterday) and 'කවද්ද' are no words asked", () => {
    for (const word of ["ඊයෙ", "ඊයේ", "කවද්ද"]) expect(indexTerm(word), word).toBeNull();
  });

  it("'ගාන' (the amount, spoken) asks the price, as 'ගාණ' does", async () => {
    expect((await answer("ගාන කීයද?", "si")).text).toMatch(/fixed-fee|ස්ථාවර ගාස්තු|රිටේනර්/);
  });
});

describe("what the company believes in", () => {
  it("is its values", async () => {
    const reply = await answer("what do u guys believe in? like company values");
    expect(reply.text).toContain("Clarity over noise");
  });
});

describe("spoken Tamil", () => {
  it("an ending typed as a word of its own after an English word is no word asked ('logo வும்')", () => {
    for (const word of ["வும்", "உம்", "யும்", "க்கு", "ஐ"]) expect(indexTerm(word), word).toBeNull();
  });

  it("finds the partner asked for with one ('data analytics க்கு')", async () => {
    const reply = await answer("data analytics க்கு யாரோட சேர்ந்து வேலை செய்யுறீங்க?", "ta");
    expect(reply.text).toContain("Harbourline Analytics");
  });
});

describe("a name beside an English word no page says in either language", () => {
  it.each([
    ["Facebook page க்கு blue tick வாங்கி தர ஏலுமா?", "ta"],
    ["FB page එකට blue tick එකක් අරන් දෙන්න පුළුවන්ද?", "si"],
  ] as const)("%j names a thing the site does not know: no answer", async (question, locale) => {
    expect((await answer(question, locale)).answered).toBe(false);
  });

  it.each([
    // "videos": the Sinhala pages say වීඩියෝ, the English ones "video": everyday English, not a thing unknown.
    ["TikTok videos හදලා දෙනවද?", "si"],
    ["LinkedIn ads செய்வீங்களா?", "ta"],
    ["Google ads කරනවද?", "si"],
  ] as const)("%j is still answered", async (question, locale) => {
    expect((await answer(question, locale)).answered).toBe(true);
  });
});
