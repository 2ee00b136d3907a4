import { describe, expect, it } from "vitest";
import { recordedIndexPerFile } from "../../tests/helpers/site-index.ts";
import { asksWhatWeDo } from "./question-kind.ts";
import { indexTerm } from "./terms.ts";

// Issue 41, eighth round (docs/decisions/032): what a visitor says beside what they ask (their
// business, their town, their product) no longer outweighs it; the site's own name is no word;
// English as typed in a chat box is spelt out; Sri Lankan Tamil's spoken function words are stop
// words. Each rule both ways: what it answers, what it leaves unanswered.

const { best, said } = recordedIndexPerFile();

describe("words the site never uses, beside what is asked", () => {
  it("weigh less where a passage holds two words asked: the visitor's own business and town are not the question", async () => {
    expect(await said("can u design a logo n packaging for my cinnamon brand in matale", "en")).toContain(
      "Brand Strategy",
    );
    expect(await said("need product photos and short videos for our new batik collection", "en")).toContain("photo");
  });

  it("still count whole beside one word the site says: a thing asked that the site never names stays unanswered", async () => {
    expect(await said("whats the name of your CEO", "en")).toBe("");
    expect(await said("do you sell used cars", "en")).toBe("");
    expect(await said("can you build an android app for my food delivery business", "en")).toBe("");
  });

  it("weigh less in Sinhala and Tamil too", async () => {
    expect(await said("මගෙ කුරුඳු බ්‍රෑන්ඩ් එකට ලෝගෝ එකක් ඩිසයින් කරලා දෙනවද?", "si")).toContain("බ්‍රෑන්ඩ්");
    expect(await said("ඔයාලා පාවිච්චි කරපු වාහන විකුණනවද?", "si")).toBe("");
    expect(await said("உங்கட CEO யாரு?", "ta")).toBe("");
  });

  it("count whole beside a blog post's paragraph, which speaks of much in passing", async () => {
    // A post says "build" and "business" of a bakery's rebrand: no answer to an app asked for.
    expect(await said("can you build an android app for my food delivery business", "en")).toBe("");
  });

  it("count whole when they are a Sinhala or Tamil question's verb, and when the words held are only translations learnt", async () => {
    // "Will it rain in Colombo tomorrow?": වහ (rain) is the verb; the hours' "closed" is වහ only through the lexicon.
    expect(await said("හෙට කොළඹ වහියිද?", "si")).toBe("");
  });
});

describe("the site's own name", () => {
  it("is 'you' in a question: 'what does Lanka Growth Partners do?' asks what we do", () => {
    const isStop = (word: string) => indexTerm(word) === null;
    expect(asksWhatWeDo("what does lanka growth partners do", isStop)).toBe(true);
    expect(asksWhatWeDo("what does lanka growth partners do for hotels", isStop)).toBe(false);
  });

  it("makes no page a partners' page: the Partners page answers who the partners are", async () => {
    expect((await best("which partners do you work with", "en"))[0]?.text).toContain("trusted specialist");
  });
});

describe("Sri Lankan Tamil as spoken", () => {
  it("reads its function words as stop words: உங்கட 'your', எங்க 'where', ஏலுமா 'can you?'", async () => {
    expect(await said("உங்கட ஒபிஸ் எங்க இருக்கு?", "ta")).toContain("காலி வீதி");
    expect(await said("எங்கட கடைக்கு லோகோ டிசைன் பண்ண ஏலுமா?", "ta")).toContain("வர்த்தகநாம");
  });
});
