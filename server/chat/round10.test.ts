import { describe, expect, it } from "vitest";
import { recordedIndexPerFile } from "../../tests/helpers/site-index.ts";
import { sentencesOf } from "./terms.ts";
import { questionKind } from "./question-kind.ts";

// Issue 41, tenth round (docs/decisions/032): a question of two sentences whose whole finds nothing
// is asked by its first sentence that asks anything; the office named as where an unknown thing is
// holds nothing asked; an amount asked is no partner's; "sorry" is no word asked. Each rule both ways.

const recorded = recordedIndexPerFile();
const { said, answer } = recorded;

describe("a question of two sentences", () => {
  it("is split where a sentence ends, not in '5.30' or 'partners.lk'", () => {
    expect(sentencesOf("who started it? what background do they have")).toEqual([
      "who started it",
      " what background do they have",
    ]);
    expect(sentencesOf("open till 5.30? mail hello@lankagrowthpartners.lk")).toHaveLength(2);
    expect(sentencesOf("ok. ?")).toEqual(["ok"]);
  });

  it("is answered by its first sentence when an aside the site never speaks of hides it", async () => {
    const founders = await answer("who actually started lanka growth partners? what background do they have");
    expect(founders.answered).toBe(true);
    expect(founders.text).toContain("a small group of marketers");
    const team = await answer("how many staff do you have? will a junior handle my account");
    expect(team.text).toContain("deliberately small, senior team");
  });

  it("skips a first sentence that asks nothing ('ok.')", async () => {
    const founders = await answer("ok. who started lanka growth partners? what background do they have");
    expect(founders.text).toContain("a small group of marketers");
  });

  it("is not answered by a sentence said of a thing the site never speaks of", async () => {
    // The first sentence names what is asked (vacancies, interns, a job); the next only says more of it.
    for (const [question, locale] of [
      ["any job vacancies? i just finished my degree in graphic design", "en"],
      ["r u hiring interns? i just finished my HND in marketing", "en"],
      ["உங்க கம்பெனில வேலை வாய்ப்பு இருக்கா? CV அனுப்பலாமா?", "ta"],
      ["ගෙදරට CCTV කැමරා සෙට් කරලා දෙනවද? ගාණ කීයද?", "si"],
    ] as const)
      expect((await answer(question, locale)).answered, question).toBe(false);
  });

  it("leaves a question of one sentence as it was", async () => {
    expect((await answer("who started lanka growth partners")).text).toContain("a small group of marketers");
    expect((await answer("what background do they have")).answered).toBe(false);
  });
});

describe("the office named as where a thing the site never speaks of is", () => {
  it("holds nothing asked: no email or address for a job at the office", async () => {
    const question = "ඔෆිස් එකේ ජොබ් වැකන්සි තියෙනවද? සේල්ස් එක්සිකියුටිව් කෙනෙක් විදිහට අප්ලයි කරන්න ඕනෙ";
    expect((await answer(question, "si")).answered).toBe(false);
  });

  it("is still the address asked where nothing else is", async () => {
    expect(await said("ඔයාලගෙ ඔෆිස් එක කොහෙද?", "si")).toContain("ගාලු පාර");
  });
});

describe("an amount asked", () => {
  it("is not answered by a partner's description: the partner's goods are not ours", async () => {
    expect((await answer("whats the price of a kilo of ur ceylon tea? want to buy some")).answered).toBe(false);
    expect((await answer("whats the price of a kilo of ur ceylon tea?")).answered).toBe(false);
  });

  it("leaves the partner found when it is asked for", async () => {
    expect(await said("who is Ceylon Leaf Exports?", "en")).toContain("tea exporter");
  });
});

describe("sorry", () => {
  it("is no word asked: 'sorry who r u guys actually?' asks who we are", async () => {
    const reply = await answer("sorry who r u guys actually? what kind of company is this");
    expect(reply.text).toContain("A marketing and business-solutions agency from Colombo");
  });
});

describe("Sri Lankan Tamil's question words", () => {
  it("ask as the written ones do: ஆர், ஆரு (who), எத்தின (how many), கிழமை (week)", async () => {
    expect(questionKind("இந்தக் கம்பெனிய ஆரு தொடங்கினது?")).toBe("person");
    expect(questionKind("வெப்சைட் செய்ய எத்தின கிழமை ஆகும்?")).toBe("time");
    expect(questionKind("எத்தின பேர் வேலை செய்யினம்?")).toBe("amount");
    const who = await answer("நீங்க ஆர்?", "ta");
    expect(who.text).toContain("சந்தைப்படுத்தல் மற்றும் வணிகத் தீர்வுகள் நிறுவனம்");
    expect((await answer("இந்தக் கம்பெனிய ஆரு தொடங்கினது?", "ta")).text).toContain("கொழும்பில்");
  });

  it("are whole words: ஆரம்பிக்க (to begin) asks no who", () => {
    expect(questionKind("வேலை ஆரம்பிக்க என்ன செய்யணும்?")).not.toBe("person");
  });
});

describe("a contact fact given", () => {
  it("is asked: 'give me the email ID', 'give your number, I want to talk'", async () => {
    expect(await said("உங்கட ஈமெயில் ஐடி தாங்க", "ta")).toContain("hello@lankagrowthpartners.lk");
    expect(await said("ෆෝන් නම්බර් එක දෙන්න, කතා කරන්න ඕනෙ", "si")).toContain("+94 11 234 5678");
  });

  it("leaves a doing given for the visitor a doing: 'change it for me?'", async () => {
    expect(await said("லோகோவ மாத்தித் தருவீங்களா?", "ta")).not.toContain("hello@lankagrowthpartners.lk");
  });
});
