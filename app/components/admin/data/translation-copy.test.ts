import { describe, expect, it } from "vitest";
import type { LocalizedStoredDocument, StoredDocument } from "#content/documents.ts";
import { textsByPath } from "#content/localize.ts";
import type { ServicesContent } from "#content/schemas.ts";
import {
  draftProgress,
  isTranslationCopy,
  stateOf,
  textAt,
  textsInLanguage,
  translationCopy,
  withEnglishForEmpty,
  withTextAt,
} from "./translation-copy.ts";

const english: ServicesContent = {
  title: "Our Services",
  subtitle: "What we do",
  services: [
    { title: "Brand", description: "Brand work", features: ["Logo", "Voice"], placementId: 0 },
    { title: "Ads", description: "", features: [], placementId: 1 },
  ],
};

/** The API's answer in Sinhala: the title translated (with a ZWJ), a feature outdated, the rest English. */
const answer: LocalizedStoredDocument<ServicesContent> = {
  key: "services",
  locale: "si",
  version: 4,
  englishVersion: 7,
  updatedAt: "2026-03-02T09:00:00.000Z",
  updatedBy: "owner@example.lk",
  data: {
    ...english,
    title: "ශ්‍රී ලංකා සේවා",
    services: [{ ...english.services[0]!, features: ["ලාංඡනය", "Voice"] }, english.services[1]!],
  },
  states: {
    title: "translated",
    subtitle: "missing",
    "services.0.title": "missing",
    "services.1.title": "missing",
    "services.0.description": "missing",
    "services.0.features.0": "stale",
    "services.0.features.1": "missing",
  },
  englishTexts: textsByPath("services", english),
};

describe("a translation's copy in the editor", () => {
  const copy = translationCopy(answer, answer.englishTexts);

  it("starts the untranslated texts empty and keeps translations, outdated ones and shared fields", () => {
    expect(isTranslationCopy(copy)).toBe(true);
    const englishDocument: StoredDocument<ServicesContent> = {
      key: "services",
      version: 7,
      data: english,
      updatedAt: null,
      updatedBy: null,
    };
    expect(isTranslationCopy(englishDocument)).toBe(false);
    expect(copy.data.title).toBe("ශ්‍රී ලංකා සේවා");
    expect(copy.data.subtitle).toBe("");
    expect(copy.data.services[0]).toEqual({ title: "", description: "", features: ["ලාංඡනය", ""], placementId: 0 });
    expect(copy.data.services[1]).toEqual({ title: "", description: "", features: [], placementId: 1 });
    expect(answer.data.subtitle).toBe("What we do"); // the answer itself is not changed
  });

  it("sends each empty text as its English text (what the server keeps as not translated)", () => {
    const draft = withTextAt(copy.data, "services.0.title", "සන්නාමය");
    const sent = withEnglishForEmpty("services", draft, copy.englishTexts);
    expect(sent).toEqual({
      ...english,
      title: "ශ්‍රී ලංකා සේවා",
      services: [
        { title: "සන්නාමය", description: "Brand work", features: ["ලාංඡනය", "Voice"], placementId: 0 },
        english.services[1],
      ],
    });
    // A blank typed text is empty too.
    expect(withEnglishForEmpty("services", withTextAt(draft, "subtitle", "  "), copy.englishTexts).subtitle).toBe(
      "What we do",
    );
  });

  it("marks each text by what its draft would save: not translated, English changed, or translated", () => {
    const texts = textsInLanguage(copy);
    expect(texts.get("services.0.features.0")).toEqual({ english: "Logo", state: "stale", saved: "ලාංඡනය" });
    expect(texts.has("services.1.description")).toBe(false); // empty in English: nothing to translate
    const title = texts.get("title")!;
    expect(stateOf(title, "ශ්‍රී ලංකා සේවා")).toBe("translated");
    expect(stateOf(title, "")).toBe("missing");
    expect(stateOf(title, "Our Services")).toBe("missing"); // left as English
    const feature = texts.get("services.0.features.0")!;
    expect(stateOf(feature, "ලාංඡනය")).toBe("stale");
    expect(stateOf(feature, "ලාංඡන")).toBe("translated"); // edited: a translation of today's English
  });

  it("counts the texts translated and outdated, on the draft as typed", () => {
    const texts = textsInLanguage(copy);
    expect(draftProgress(texts, copy.data)).toEqual({ total: 7, translated: 1, stale: 1 });
    const typed = withTextAt(withTextAt(copy.data, "subtitle", "අප කරන දේ"), "services.0.features.0", "ලාංඡන");
    expect(draftProgress(texts, typed)).toEqual({ total: 7, translated: 3, stale: 0 });
  });

  it("counts an outdated text confirmed as still right as translated, until it is edited or emptied", () => {
    const texts = textsInLanguage(copy, ["services.0.features.0", "title"]);
    const feature = texts.get("services.0.features.0")!;
    expect(feature).toEqual({ english: "Logo", state: "translated", saved: "ලාංඡනය", confirmed: true });
    expect(stateOf(feature, "ලාංඡනය")).toBe("translated");
    expect(stateOf(feature, "")).toBe("missing");
    // A confirmation of a text that is not outdated changes nothing.
    expect(texts.get("title")).toEqual(textsInLanguage(copy).get("title"));
    expect(draftProgress(texts, copy.data)).toEqual({ total: 7, translated: 2, stale: 0 });
  });

  it("reads and writes texts by dotted path without changing the original", () => {
    expect(textAt(english, "services.0.features.1")).toBe("Voice");
    expect(textAt(english, "services.9.title")).toBeUndefined();
    expect(textAt(english, "services.0.placementId")).toBeUndefined();
    const changed = withTextAt(english, "services.0.features.1", "හඬ");
    expect(changed.services[0]!.features).toEqual(["Logo", "හඬ"]);
    expect(english.services[0]!.features).toEqual(["Logo", "Voice"]);
    expect(changed.services[1]).toBe(english.services[1]);
  });
});
