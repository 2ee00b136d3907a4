import { describe, expect, it } from "vitest";
import { chooseAlt } from "./site-image.tsx";

// Which alt text an image on a public page says (issue 27: the library's, overridable per use).
const derived = { text: "Brand Strategy" };
const derivedInEnglish = { text: "Brand Strategy", lang: "en" as const };

describe("an image's alt text", () => {
  it("is the page's own description when neither the use nor the library gives one", () => {
    expect(chooseAlt(undefined, undefined, derived)).toEqual(derived);
    expect(chooseAlt({ text: "" }, undefined, derivedInEnglish)).toEqual(derivedInEnglish);
    expect(chooseAlt({ text: undefined }, undefined, derived)).toEqual(derived);
  });

  it("is the library's when the use gives none, decorative included", () => {
    expect(chooseAlt(undefined, { text: "A laptop on a desk" }, derived)).toEqual({ text: "A laptop on a desk" });
    expect(chooseAlt({ text: "" }, { text: "" }, derived)).toEqual({ text: "" });
  });

  it("is the use's own when it gives one, in every language it is written in", () => {
    expect(chooseAlt({ text: "Our workshop" }, { text: "A laptop on a desk" }, derived)).toEqual({
      text: "Our workshop",
    });
    // Both shown in English on a Sinhala page: the use's still wins.
    expect(
      chooseAlt({ text: "Our workshop", lang: "en" }, { text: "A laptop on a desk", lang: "en" }, derivedInEnglish),
    ).toEqual({ text: "Our workshop", lang: "en" });
  });

  it("prefers a text in the page's language to a use's text not yet translated", () => {
    const sinhala = { text: "මේසයක් මත ලැප්ටොප් පරිගණකයක්" };
    expect(chooseAlt({ text: "Our workshop", lang: "en" }, sinhala, derived)).toEqual(sinhala);
  });

  it("lets a use describe an image the library marks decorative, translated or not", () => {
    expect(chooseAlt({ text: "Our workshop", lang: "en" }, { text: "" }, derived)).toEqual({
      text: "Our workshop",
      lang: "en",
    });
  });
});
