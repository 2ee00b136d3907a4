import { describe, expect, it } from "vitest";
import { recordedIndexPerFile } from "../../tests/helpers/site-index.ts";
import { asksSince } from "./fact-asked.ts";
import { handoffIntent } from "./handoff.ts";
import { indexTerm, words } from "./terms.ts";

// Issue 41, twelfth round (docs/decisions/032): an English word typed amid Sinhala or Tamil finds the
// translated passage whose English twin says it; a span asked up to now ("how long have you been…")
// may be a partner's, but no amount is the partners list's; a thing "at ur office" holds nothing of
// the address; a meeting room asked for is no meeting with the team; the small words of spoken
// Sinhala and Tamil and of English typed short ask nothing. Each rule both ways.

const { answer } = recordedIndexPerFile();

describe("an English word amid Sinhala or Tamil", () => {
  it.each([
    // The web service's feature "ஹோஸ்டிங், பாதுகாப்பு மற்றும் பராமரிப்பு", in English "Hosting, security and maintenance".
    ["hosting, security எல்லாம் நீங்களே பார்ப்பீங்களா?", "ta", "பராமரிப்பு"],
    ["hosting, security ගැනත් ඔයාලා බලාගන්නවද?", "si", "නඩත්තුව"],
    // The research service's surveys.
    ["customer survey செய்து தருவீங்களா?", "ta", "கருத்துக்கணிப்பு"],
    ["customer survey කරලා දෙනවද?", "si", "සමීක්ෂණ"],
  ] as const)(
    "%j finds the passage whose English says it, in the visitor's language",
    async (question, locale, fact) => {
      const reply = await answer(question, locale);
      expect(reply.answered).toBe(true);
      expect(reply.text).toContain(fact);
    },
  );

  it.each([
    // Words no English page says either: still no answer.
    ["Facebook page க்கு blue tick வாங்கி தர ஏலுமா?", "ta"],
    ["ඔෆිස් එක ළඟ ATM එකක් තියෙනවද?", "si"],
  ] as const)("%j, which no page says in English either, stays unanswered", async (question, locale) => {
    expect((await answer(question, locale)).answered).toBe(false);
  });
});

describe("a span asked up to now", () => {
  it("is read from the words of 'since' in each language, not from every span", () => {
    expect(asksSince("how long have you been working with the tea exporter?")).toBe(true);
    expect(asksSince("තේ අපනයන සමාගම එක්ක කොච්චර කල් ඉඳන්ද වැඩ කරන්නේ?")).toBe(true);
    expect(asksSince("how long does a website take?")).toBe(false);
  });

  it.each([
    ["how long have you been working with the tea exporter?", "en", "first year"],
    ["තේ අපනයන සමාගම එක්ක කොච්චර කල් ඉඳන් වැඩ කරනවද?", "si", "පළමු වසරේ"],
  ] as const)("%j is answered by the partner's description", async (question, locale, fact) => {
    expect((await answer(question, locale)).text).toContain(fact);
  });

  it("leaves what a job takes to the pricing and the answers, never a partner's description", async () => {
    // Palmyra Media's description says what it shoots, not how long a shoot takes.
    const reply = await answer("how long does a video shoot take?", "en");
    expect(reply.text).not.toContain("Jaffna");
  });
});

describe("a thing the site never speaks of, at the office", () => {
  it.each(["is there a gym near your office?", "any parking at the office?", "is there car parking at ur office"])(
    "%j is not answered with the address",
    async (question) => {
      expect((await answer(question, "en")).answered).toBe(false);
    },
  );

  it.each(["where is your office?", "how do i get to your office?", "what time is the office open?"])(
    "%j still asks for the office",
    async (question) => {
      expect((await answer(question, "en")).answered).toBe(true);
    },
  );
});

describe("small words", () => {
  it("of English typed short are spelt out", () => {
    expect(words("how long hv u been with them, wil u reply")).toEqual(expect.arrayContaining(["have", "will"]));
    expect(indexTerm("etc")).toBeNull();
  });

  it.each(["මං", "ඉතින්", "එහෙම", "නේද", "இருக்கா", "எண்டு", "கொஞ்சம்", "இப்ப"])("%s asks nothing", (word) => {
    expect(indexTerm(word)).toBeNull();
  });
});

describe("the partners list", () => {
  it.each([
    ["Kelani Print House එකේ print එකකට කීයද?", "si"],
    ["how much does Serendib Cloud charge for hosting per month?", "en"],
  ] as const)("says no price of a partner's work: %j", async (question, locale) => {
    expect((await answer(question, locale)).answered).toBe(false);
  });

  it("still answers who the partners are", async () => {
    expect((await answer("who are your partners?", "en")).text).toContain("Kelani Print House");
  });
});

describe("a meeting room asked for", () => {
  it.each([
    "can i hold a client meeting in your meeting room?",
    "අපේ client meeting එකට ඔයාලගේ මීටින් රූම් එක දෙනවද?",
    "எங்கட staff meeting க்கு உங்கட மீட்டிங் ஹோல் கிடைக்குமா?",
  ])("asks for the place, not a meeting with the team: %j", (message) => {
    expect(handoffIntent(message)).toBeUndefined();
  });

  it.each(["can we have a meeting next week?", "මීටින් එකක් දාගන්න පුළුවන්ද?", "மீட்டிங் வைக்கலாமா?"])(
    "%j still asks for one",
    (message) => {
      expect(handoffIntent(message)).toBe("meeting");
    },
  );
});
