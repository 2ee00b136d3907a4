import { describe, expect, it } from "vitest";
import type { Locale } from "#content/locales.ts";
import { recordedIndexPerFile } from "../../tests/helpers/site-index.ts";
import { saidOfAThing } from "./offer-asked.ts";
import { beginningAskedOfWho } from "./question-kind.ts";
import { indexTerm } from "./terms.ts";

// Issue 41, seventh round (docs/decisions/032): the About, Partners, Privacy, Terms and Blog pages
// asked in visitors' words. Each rule both ways: what it answers, what it leaves unanswered.

const { best, said } = recordedIndexPerFile();
const first = async (question: string, locale: Locale) => {
  const [passage] = await best(question, locale, 1);
  return passage ? `${passage.heading}: ${passage.text}` : "";
};

describe("a word said of a thing, not naming one", () => {
  const unknown = new Set(["old", "bigger", "පරණ", "පරණයි", "பழச", "பழசா", "cases"].map((w) => indexTerm(w) ?? w));
  const predicates = (text: string) => saidOfAThing(text, indexTerm, (term) => unknown.has(term));

  it("follows an English linking verb, comes before a Tamil 'is', or has a Sinhala 'is' glued on", () => {
    expect(predicates("my shop's logo looks old").size).toBe(1);
    expect(predicates("is my business ready to grow bigger").size).toBe(1);
    expect(predicates("என் கடை லோகோ பழசா இருக்கு").size).toBe(1);
    expect(predicates("මගේ කඩේ ලෝගෝ එක පරණයි").size).toBe(1);
  });

  it("is not a thing named after another word ('phone cases')", () => {
    expect(predicates("do you make phone cases").size).toBe(0);
    expect(predicates("an old phone").size).toBe(0);
    // A Tamil "is" after a bare noun says it is there: "is there an internship?".
    expect(saidOfAThing("இன்டர்ன்ஷிப் இருக்கா?", indexTerm, () => true).size).toBe(0);
  });

  it("leaves the words before it their weight: the brand service answers an old logo", async () => {
    expect(await first("my shop's logo looks old, can you give it a new look", "en")).toContain("rebrand");
    expect((await best("how do i know if my business is ready to grow bigger", "en"))[0]?.title).toBe(
      "Five Signs Your Business Is Ready to Scale",
    );
    expect(await first("මගේ කඩේ ලෝගෝ එක පරණයි, අලුත් පෙනුමක් දෙන්න පුලුවන්ද?", "si")).toContain("රීබ්‍රෑන්ඩ්");
    // A thing named the site never speaks of still takes its modifiers' weight.
    expect(await said("do you make phone cases", "en")).toBe("");
    expect(await said("ஸ்டூடண்ட்ஸுக்கு இன்டர்ன்ஷிப் இருக்கா?", "ta")).toBe("");
  });
});

describe("a partner's description and a doing asked of us", () => {
  it("answers no doing it does not say: we are not the tea exporter", async () => {
    expect(await said("do you sell tea", "en")).toBe("");
    expect(await said("நீங்க டீ விக்கிறீங்களா?", "ta")).toBe("");
  });

  it("answers who we work with, and a doing it says", async () => {
    expect(await first("who do u use for printing brochures and packaging", "en")).toContain("Kelani Print House");
    expect(await said("do you work with a tea exporter", "en")).toContain("Ceylon Leaf Exports");
  });
});

describe("a passage saying the doing asked and nothing else asked", () => {
  it("does not answer: 'we do not sell your personal information' is no answer about tea", async () => {
    expect(await said("ඔයාලා තේ විකුණනවද?", "si")).toBe("");
  });

  it("answers when the doing is all that is asked, or it holds the thing too", async () => {
    expect(await first("How much do you charge?", "en")).toContain("Pricing depends on scope");
    expect(await said("do u sell my data to anyone?", "en")).toContain("do not sell your personal information");
  });
});

describe("who began the business", () => {
  it("is asked by a verb of beginning in a question asking who", () => {
    expect(beginningAskedOfWho("who started this company?")).toEqual(["started"]);
    expect(beginningAskedOfWho("இந்த கம்பெனிய ஆரம்பிச்சது யாரு?")).toEqual(["ஆரம்பிச்சது"]);
    expect(beginningAskedOfWho("how do i start?")).toEqual([]);
  });

  it("finds the founding, not how a visitor starts", async () => {
    expect(await first("who started this company?", "en")).toContain("founded in Colombo");
    expect(await first("இந்த கம்பெனிய ஆரம்பிச்சது யாரு?", "ta")).toContain("ஸ்தாபிக்கப்பட்டது");
    expect(await first("how do i start?", "en")).toContain("discovery call");
  });
});

describe("a fact's name after a word the site never uses", () => {
  it("names another thing of that name: a registration number is no phone number", async () => {
    expect(await said("කම්පැනි රෙජිස්ට්‍රේෂන් නම්බර් එක මොකක්ද?", "si")).toBe("");
    expect(await said("கம்பெனி ரெஜிஸ்ட்ரேஷன் நம்பர் என்ன?", "ta")).toBe("");
  });

  it("still names the fact after a word the site says", async () => {
    expect(await first("ඔයාලගෙ ෆෝන් නම්බර් එක මොකක්ද?", "si")).toContain("+94 11 234 5678");
    expect(await first("உங்க போன் நம்பர் என்ன?", "ta")).toContain("+94 11 234 5678");
    // Not across punctuation: "I thought of coming to see you, send the address".
    expect(await first("ඔයාලව බලන්න එන්න හිතුවා, ඇඩ්‍රස් එක එවන්නකෝ", "si")).toContain("ගාලු පාර");
  });
});

describe("the site's own words for the chat assistant and personal data", () => {
  it("a chatbot is the chat assistant", async () => {
    expect(await first("is what the chatbot says professional advice?", "en")).toContain("not professional advice");
  });

  it("does not make a data analytics question a privacy one", async () => {
    expect(await first("do you do data analytics", "en")).toMatch(/Analytics/);
  });
});

describe("verbs of saying", () => {
  it("are stop words in Sinhala and Tamil, as 'tell' in English", () => {
    expect(indexTerm("කියන")).toBeNull();
    expect(indexTerm("சொல்றது")).toBeNull();
    expect(indexTerm("சொல்லலாமா")).toBeNull();
  });

  it("leave what is said to be asked, and nothing else", async () => {
    expect(await first("சாட்பாட் சொல்றது தொழில்முறை ஆலோசனையா?", "ta")).toContain("தொழில்முறை ஆலோசனை அல்ல");
    expect(await said("சொல்லுங்க, நாளைக்கு மழை வருமா?", "ta")).toBe("");
  });
});

describe("light verbs of making and doing", () => {
  it("are stop words in Sinhala and Tamil, as 'make' in English", () => {
    expect(indexTerm("හදන")).toBeNull();
    expect(indexTerm("හදන්න")).toBeNull();
    expect(indexTerm("பண்றது")).toBeNull();
    // A thing made still counts.
    expect(indexTerm("වෙබ්සයිට්")).not.toBeNull();
  });

  it("leave the thing asked to find its passage, and a thing the site never names unanswered", async () => {
    expect(await said("ඔයාලා හදන වෙබ් සයිට් හොස්ට් කරන්නෙ කොහෙද?", "si")).toContain("Serendib Cloud");
    expect(await said("ෆෝන් කේස් හදන්න පුලුවන්ද?", "si")).toBe("");
  });
});
