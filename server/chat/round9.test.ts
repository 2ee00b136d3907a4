import { describe, expect, it } from "vitest";
import type { AiProvider } from "#server/ai/provider.ts";
import { recordedIndexPerFile } from "../../tests/helpers/site-index.ts";
import { answerQuestion } from "./answer.ts";
import { asksWhoWeAre } from "./question-kind.ts";
import { indexTerm, saysSiteName } from "./terms.ts";

// Issue 41, ninth round (docs/decisions/032): "who are you?" is answered with the About page's
// opening; a Latin word amid Sinhala or Tamil is a name only when the site writes it as one.
// Each rule both ways: what it answers, what it leaves as it was.

const recorded = recordedIndexPerFile();
const { best, said, answer } = recorded;

const isStop = (word: string) => indexTerm(word) === null;
const whoWeAre = (text: string) => asksWhoWeAre(text, isStop, saysSiteName(text));

describe("who we are", () => {
  it("is asked by who, by 'about you', or by a question naming us, with nothing else", () => {
    for (const question of [
      "who are you?",
      "who r u guys",
      "tell me about Lanka Growth Partners",
      "what is lanka growth partners?",
      "tell me about LGP",
      "tell me abt your company",
      "introduce yourselves",
      "ඔයාලා කවුද?",
      "ඔබේ ආයතනය ගැන කියන්න",
      "நீங்க யாரு?",
      "உங்களைப் பற்றி சொல்லுங்க",
    ])
      expect(whoWeAre(question), question).toBe(true);
  });

  it("is not a greeting, nor a question naming anything else", () => {
    for (const question of [
      "hi",
      "hello Lanka Growth Partners",
      "how are you?",
      "who are your partners?",
      "tell me about your SEO work",
      "who do I talk to about a website?",
      "ඔයාලාගේ පාට්නර්ස් කවුද?",
      "உங்க ஆபீஸ் எங்க இருக்கு?",
    ])
      expect(whoWeAre(question), question).toBe(false);
  });

  it("is answered with the About page's opening, in the visitor's language, from the About page", async () => {
    const english = await answer("who are you?");
    expect(english.answered).toBe(true);
    expect(english.text).toContain("A marketing and business-solutions agency from Colombo");
    expect(english.text).toContain("was founded in Colombo by a small group of marketers");
    expect(english.sources.map(({ url }) => url)).toEqual(["/about"]);

    const sinhala = await answer("ඔයාලා කවුද?", "si");
    expect(sinhala.text).toContain("අලෙවිකරණ සහ ව්‍යාපාරික විසඳුම් ආයතනයක්");
    const tamil = await answer("உங்களைப் பற்றி சொல்லுங்க", "ta");
    expect(tamil.text).toContain("சந்தைப்படுத்தல் மற்றும் வணிகத் தீர்வுகள் நிறுவனம்");
  });

  it("leaves a greeting a greeting, and a question naming something searched as it is", async () => {
    expect((await answer("hello Lanka Growth Partners")).text).toMatch(/^Hello!/);
    expect((await answer("who are your partners?")).text).toContain("Serendib Cloud");
  });

  it("follows the About page as the owner saves it", async () => {
    const { store, bus } = recorded.site;
    const current = await store.documents.get("about");
    const subtitle = "Growth partners for Sri Lankan SMEs, since 2019.";
    const saved = await store.documents.save(
      "about",
      { ...current.data, subtitle },
      current.version,
      "owner@example.lk",
    );
    if (!saved.ok) throw new Error("conflict");
    bus.publish({ type: "content", key: "about", version: saved.document.version });
    expect((await answer("who are you?")).text).toContain(subtitle);
    expect((await answer("who are you?")).text).not.toContain("built without noise");
  });
});

describe("a Latin word amid Sinhala or Tamil", () => {
  it("is a name where the site writes it as one: LinkedIn, Google, TikTok find their service in any case", async () => {
    expect(await said("LinkedIn விளம்பரம் செய்வீர்களா?", "ta")).toContain("LinkedIn");
    expect(await said("google ads பண்ணுவீங்களா?", "ta")).toContain("Google");
    expect(await said("TikTok ප්‍රචාරණ කරනවද?", "si")).toContain("TikTok");
  });

  it("is one word of the question where the site writes it as any word: everyday English mixed in answers nothing alone", async () => {
    // "help with a German visa", "deliver goods to Jaffna", "a discount this month", "rent a meeting hall".
    expect(await said("ஜேர்மனி விசா எடுக்க help பண்ணுவீங்களா?", "ta")).toBe("");
    expect(await said("கண்டிக்கு பார்சல் delivery பண்ணுவீங்களா?", "ta")).toBe("");
    expect(await said("இந்த வாரம் ஏதாவது discount offer இருக்கா?", "ta")).toBe("");
    expect(await said("කැනඩා වීසා එකක් ගන්න help කරනවද?", "si")).toBe("");
  });
});

describe("companies", () => {
  it("is no word, as company is not: 'which companies do you work with as partners' asks for the partners", async () => {
    expect((await best("which companies do u work with as partners", "en"))[0]?.title).toBe("Partners");
  });
});

describe("a contact fact asked for by its name", () => {
  it("is asked before a word the site never uses: an 'email ID' is the email", async () => {
    expect(await said("what's ur email id?", "en")).toContain("hello@lankagrowthpartners.lk");
    expect(await said("உங்கட ஈமெயில் ஐடி என்ன?", "ta")).toContain("hello@lankagrowthpartners.lk");
    expect(await said("ඔයාලගෙ ඊමේල් අයිඩී එක මොකක්ද?", "si")).toContain("hello@lankagrowthpartners.lk");
  });

  it("is asked in one sentence whatever the next does with it: 'your number? can I call?'", async () => {
    expect(await said("போன் நம்பர் என்ன? நாளைக்கு கோல் பண்ணி பேசலாமா", "ta")).toContain("+94 11 234 5678");
    expect(await said("what's your number? can I call you tomorrow", "en")).toContain("+94 11 234 5678");
  });

  it("is still no answer to a doing asked of the thing it is named by, in the same sentence", async () => {
    expect(await said("do you sell phone cases?", "en")).not.toContain("+94 11 234 5678");
    expect(await said("மொபைல் போன் ரிப்பேர் பண்ணுவீங்களா?", "ta")).not.toContain("+94 11 234 5678");
  });
});

describe("the office said as where a thing the site never names is", () => {
  it("asks about that thing, not the address: parking, a canteen, a hall to rent at the office stay unanswered", async () => {
    expect(await said("ඔෆිස් එකේ පාකින් තියෙනවද?", "si")).toBe("");
    expect(await said("ඔෆිස් එකේ කැන්ටිමක් තියෙනවද?", "si")).toBe("");
    expect(await said("உங்க ஒஃபிஸ்ல கான்பரன்ஸ் ஹோல் வாடகைக்கு தருவீங்களா?", "ta")).toBe("");
  });

  it("leaves the office's own facts asked: its address, its phone, where it is", async () => {
    expect(await said("ඔෆිස් එකේ ඇඩ්‍රස් එක මොකක්ද?", "si")).toContain("ගාලු පාර");
    expect(await said("ඔෆිස් එකේ ෆෝන් නම්බර් එක දෙන්න", "si")).toContain("+94 11 234 5678");
    expect(await said("உங்க ஆபீஸ் எங்க இருக்கு?", "ta")).toContain("காலி வீதி");
  });
});

describe("hedges", () => {
  it("are no words: 'roughly how much…, just a ballpark', දළ වශයෙන්, கிட்டத்தட்ட ask the price", async () => {
    expect(await said("roughly how much do you charge, just a ballpark?", "en")).toContain("depends on scope");
    expect(indexTerm("ballpark")).toBeNull();
    expect(indexTerm("දළ")).toBeNull();
    expect(indexTerm("கிட்டத்தட்ட")).toBeNull();
  });

  it("leave a thing the site never prices unanswered", async () => {
    expect(await said("roughly how much does a used car cost?", "en")).toBe("");
  });
});

describe("who we are, asked with a model", () => {
  it("gives the model the About page's opening as its passages, and no rewrite is asked for", async () => {
    const prompts: string[] = [];
    const model = {
      kind: "gemini",
      generate: async () => {
        throw new Error("no rewrite is asked for a question with no words to search");
      },
      async *stream(prompt: string) {
        prompts.push(prompt);
        yield "We are a marketing agency from Colombo [1].";
      },
    } as unknown as AiProvider;
    const reply = await answerQuestion({
      question: "who are you?",
      history: [],
      provider: model,
      index: recorded.site.index,
      contactEmail: "hello@example.lk",
    });
    let text = "";
    for await (const piece of reply.pieces) text += piece;
    expect(text).toBe("We are a marketing agency from Colombo.");
    expect(reply.answered).toBe(true);
    expect(prompts[0]).toContain("[1] About Us (/about)");
    expect(prompts[0]).toContain("was founded in Colombo by a small group of marketers");
    expect(reply.sources().map(({ url }) => url)).toEqual(["/about"]);
  });
});
