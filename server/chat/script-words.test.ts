import { describe, expect, it } from "vitest";
import { SCRIPT_WORDS, scriptOf, scriptStem } from "./script-words.ts";
import { words } from "./terms.ts";

const sinhala = SCRIPT_WORDS.find((script) => script.locale === "si")!;
const tamil = SCRIPT_WORDS.find((script) => script.locale === "ta")!;
/** The stems of `text`'s words, as the search reads them (joiners dropped). */
const stems = (text: string) => words(text).map((word) => scriptStem(scriptOf(word)!, word));

describe("Sinhala and Tamil stems", () => {
  it("cut a Sinhala word's case endings, plurals and particles back to one stem", () => {
    expect(new Set(stems("කාර්යාලය කාර්යාලයේ කාර්යාලයක් කාර්යාලයට"))).toEqual(new Set(["කාර්යාල"]));
    expect(new Set(stems("සේවා සේවාව සේවාවන් සේවාවක්"))).toEqual(new Set(["සේව"]));
    expect(new Set(stems("දැන්වීම දැන්වීම්"))).toEqual(new Set(["දැන්වීම"]));
    expect(new Set(stems("භාෂාවෙන් භාෂාවෙනුත් භාෂාව"))).toEqual(new Set(["භාෂ"]));
  });

  it("cut a Tamil word's case endings and plurals, -am nouns and their oblique forms alike", () => {
    // A two-letter root keeps its vowel (below): சேவை, in every form.
    expect(new Set(stems("சேவை சேவைகள் சேவைகளை சேவைக்கு"))).toEqual(new Set(["சேவை"]));
    expect(new Set(stems("அலுவலகம் அலுவலகத்தின் அலுவலகத்தில்"))).toEqual(new Set(["அலுவலக"]));
    expect(new Set(stems("வாரம் வாரமும் வாரத்துக்கு"))).toEqual(new Set(["வார"]));
    expect(new Set(stems("விளம்பரம் விளம்பரங்கள்"))).toEqual(new Set(["விளம்பர"]));
  });

  it("take a Tamil glide off only after a vowel: ஆய்வும் is ஆய்வு + உம், முகவரியை is முகவரி + ஐ", () => {
    expect(stems("ஆய்வும்")).toEqual(stems("ஆய்வு"));
    expect(stems("முகவரியை")).toEqual(stems("முகவரி"));
    expect(stems("லோகோவுக்கு")).toEqual(stems("லோகோ"));
  });

  it("keep a two-letter Tamil root's vowel, so short words that differ by it stay apart (Galle is no call)", () => {
    // காலி "Galle", கால் "leg"/"call", காலை "morning": three stems, each the same in its forms.
    expect(new Set(stems("காலி காலிக்கு காலியில்"))).toEqual(new Set(["காலி"]));
    expect(new Set(stems("காலை காலையில்"))).toEqual(new Set(["காலை"]));
    expect(stems("கால்")).not.toEqual(stems("காலி"));
    expect(stems("கால்")).not.toEqual(stems("காலை"));
    // A root ending in a consonant still loses the ending's vowel: நாள், நாளில், நாளுக்கு are one.
    expect(new Set(stems("நாள் நாளில் நாளுக்கு"))).toEqual(new Set(stems("நாள்")));
    // Sinhala roots change their vowel as they inflect, and are cut as before.
    expect(new Set(stems("සේවය සේවා"))).toEqual(new Set(["සේව"]));
  });

  it("keep at least two letters, and tell question words apart ('how?' is not 'where?')", () => {
    expect(scriptStem(sinhala, "කට")).toBe("කට");
    expect(scriptStem(tamil, "கள்")).toBe("கள");
    expect(stems("කොහොමද")).not.toEqual(stems("කොහෙද"));
  });

  it("take no ending off a short word ending in a bare consonant: කාර්යය 'task' is not කාර් 'car'", () => {
    expect(stems("කාර්යය කාර්යයක්")).toEqual(stems("කාර්ය කාර්ය"));
    expect(stems("කාර්")).not.toEqual(stems("කාර්යය"));
    // A longer one still loses its ending: ඔෆිස්ට is ඔෆිස් "office" + ට "to".
    expect(stems("ඔෆිස්ට")).toEqual(stems("ඔෆිස්"));
  });

  it("have one entry per translated language, each script its own block", () => {
    expect(SCRIPT_WORDS.map((script) => script.locale)).toEqual(["si", "ta"]);
    expect(scriptOf("ලංකා")).toBe(sinhala);
    expect(scriptOf("இலங்கை")).toBe(tamil);
    expect(scriptOf("lanka")).toBeUndefined();
  });
});
