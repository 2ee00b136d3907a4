import { describe, expect, it } from "vitest";
import { kindsAgree, questionKind } from "./question-kind.ts";

describe("what a question asks for", () => {
  it.each([
    ["How long does it take to build a website?", "time"],
    ["How many weeks will it take?", "time"],
    ["When will my website be ready?", "time"],
    ["How much do you charge?", "amount"],
    ["whats the price of a kilo of tea?", "amount"],
    ["what fee do you charge for a logo?", "amount"],
    ["Where is your office?", "place"],
    ["Who hosts the websites you build?", "person"],
    ["Why do I need a brand strategy?", "reason"],
    ["What kind of businesses do you work with?", "sort"],
    ["Which languages do you work in?", "sort"],
    ["What is the timeline for a website?", "open"],
    ["How do I get started?", "open"],
    ["Do you build websites?", undefined],
    ["monthly packages", undefined],
    // Chat spelling: the question word with its "is" glued on, no apostrophe.
    ["wheres your office", "place"],
    ["whos on your team", "person"],
    ["whats your email", "open"],
  ])("English %j: %s", (question, kind) => {
    expect(questionKind(question)).toBe(kind);
  });

  it.each([
    ["වෙබ් අඩවියක් හදන්න කොච්චර කල් යනවද?", "time"],
    // The unit before the question word: "how many weeks".
    ["වෙබ් අඩවිය ලෑස්ති වෙන්න සති කීයක් යයිද?", "time"],
    ["වෙබ්සයිට් එක ලෑස්ති වෙන්නේ කවදාද?", "time"],
    ["ගාස්තුව කීයද?", "amount"],
    ["ඔයාලගේ ඔෆිස් එක තියෙන්නේ කොහෙද?", "place"],
    ["හෝස්ටින් කරන්නේ කවුද?", "person"],
    ["ඔයාලා වැඩ කරන්නේ මොන වගේ ව්‍යාපාර එක්කද?", "sort"],
    ["ලිපිනය මොකක්ද?", "open"],
    ["වෙබ්සයිට් එකක් හදලා දෙනවද?", undefined],
  ])("Sinhala %j: %s", (question, kind) => {
    expect(questionKind(question)).toBe(kind);
  });

  it.each([
    ["இணையத்தளம் உருவாக்க எத்தனை காலம் ஆகும்?", "time"],
    ["வெப்சைட் எப்போ ரெடியாகும்?", "time"],
    ["கட்டணம் எவ்வளவு?", "amount"],
    ["லோகோ டிசைன் விலை என்ன?", "amount"],
    ["உங்கள் அலுவலகம் எங்கே இருக்கிறது?", "place"],
    ["ஹோஸ்டிங் யார் செய்கிறார்கள்?", "person"],
    ["எந்த மாதிரியான வணிகங்களுடன் வேலை செய்கிறீர்கள்?", "sort"],
    ["முகவரி என்ன?", "open"],
    // என்னை ("me") is no என்ன ("what").
    ["என்னை அழைப்பீர்களா?", undefined],
    ["வெப்சைட் செய்து தருவீர்களா?", undefined],
  ])("Tamil %j: %s", (question, kind) => {
    expect(questionKind(question)).toBe(kind);
  });
});

describe("whether a question and a phrasing ask alike", () => {
  it("a phrasing asking for a particular thing takes only a question asking for it", () => {
    expect(kindsAgree("time", "time")).toBe(true);
    expect(kindsAgree(undefined, "time")).toBe(false);
    expect(kindsAgree("open", "time")).toBe(false);
    expect(kindsAgree("person", "time")).toBe(false);
  });

  it("a question asking for a particular thing takes a phrasing asking for it or an open one", () => {
    expect(kindsAgree("sort", "open")).toBe(true);
    expect(kindsAgree("sort", undefined)).toBe(false);
  });

  it("yes-or-no and open questions take each other", () => {
    expect(kindsAgree(undefined, undefined)).toBe(true);
    expect(kindsAgree("open", undefined)).toBe(true);
    expect(kindsAgree(undefined, "open")).toBe(true);
  });
});
