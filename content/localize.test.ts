import { describe, expect, it } from "vitest";
import { defaultServices } from "./defaults.ts";
import { EMPTY_TRANSLATION, localize, textFields, translationFrom, translationProgress } from "./localize.ts";
import type { ServicesContent } from "./schemas.ts";

const services: ServicesContent = {
  title: "Our Services",
  subtitle: "What we do",
  services: [
    { title: "Brand", description: "Brand work", features: ["Logo", "Voice"], placementId: 0 },
    { title: "Ads", description: "", features: [], placementId: 1 },
  ],
};

describe("textFields", () => {
  it("lists every translatable text by its concrete path, empty ones included", () => {
    expect(textFields("services", services).map((field) => field.path)).toEqual([
      "title",
      "subtitle",
      "services.0.title",
      "services.1.title",
      "services.0.description",
      "services.1.description",
      "services.0.features.0",
      "services.0.features.1",
    ]);
  });

  it("leaves shared fields out (names, links, numbers)", () => {
    const paths = textFields("partners", {
      title: "",
      subtitle: "",
      partners: [{ name: "X", description: "d", logo: "", website: "", placementId: 0, showInHomepage: true }],
    }).map((f) => f.path);
    expect(paths).toEqual(["title", "subtitle", "partners.0.description"]);
  });
});

describe("localize", () => {
  it("shows translations, marks the rest English, and leaves the English document as it was", () => {
    const translation = { texts: { title: { text: "අපගේ සේවා", source: "Our Services" } } };
    const result = localize("services", services, translation);
    expect(result.data.title).toBe("අපගේ සේවා");
    expect(result.data.subtitle).toBe("What we do");
    expect(result.states).toMatchObject({ title: "translated", subtitle: "missing" });
    expect(result.english).toContain("subtitle");
    expect(result.english).not.toContain("services.1.description"); // empty in English: nothing to translate
    expect(services.title).toBe("Our Services");
  });

  it("follows a list item that moved, by the English text it translates", () => {
    const translation = translationFrom(
      "services",
      services,
      withServiceTitle(services, 0, "බ්‍රෑන්ඩ්"),
      EMPTY_TRANSLATION,
    );
    const moved = { ...services, services: [services.services[1]!, services.services[0]!] };
    const result = localize("services", moved, translation);
    expect(result.data.services[1]!.title).toBe("බ්‍රෑන්ඩ්");
    expect(result.data.services[0]!.title).toBe("Ads");
    expect(result.states["services.1.title"]).toBe("translated");
  });

  it("keeps a translation whose English changed, marked stale", () => {
    const translation = { texts: { title: { text: "අපගේ සේවා", source: "Our Services" } } };
    const result = localize("services", { ...services, title: "Services" }, translation);
    expect(result.data.title).toBe("අපගේ සේවා");
    expect(result.states["title"]).toBe("stale");
    expect(translationProgress(result.states)).toEqual({ total: 7, translated: 0, stale: 1 });
  });

  it("uses a built-in translation only while the English is the built-in text", () => {
    const builtIn = new Map([["Our Services", "අපගේ සේවා"]]);
    expect(localize("services", services, EMPTY_TRANSLATION, builtIn).data.title).toBe("අපගේ සේවා");
    const changed = localize("services", { ...services, title: "What we offer" }, EMPTY_TRANSLATION, builtIn);
    expect(changed.data.title).toBe("What we offer");
    expect(changed.states["title"]).toBe("missing");
  });

  it("keeps every character, zero-width joiners included", () => {
    const text = "ශ්\u200Dරී ලංකා\u200C";
    const translation = { texts: { title: { text, source: "Our Services" } } };
    expect(localize("services", services, translation).data.title).toBe(text);
  });

  it("reads the built-in services in every language without touching shared fields", () => {
    const result = localize("services", defaultServices, EMPTY_TRANSLATION);
    expect(result.data).toEqual(defaultServices);
  });
});

describe("translationFrom", () => {
  it("stores changed texts with their English source; English-as-is and empty texts stay untranslated", () => {
    const submitted = {
      ...services,
      title: "අපගේ සේවා",
      subtitle: "What we do",
      services: [{ ...services.services[0]!, description: "" }, services.services[1]!],
    };
    expect(translationFrom("services", services, submitted, EMPTY_TRANSLATION)).toEqual({
      texts: { title: { text: "අපගේ සේවා", source: "Our Services" } },
    });
  });

  it("keeps an outdated translation left as it was still marked, and a retyped one current", () => {
    const previous = { texts: { title: { text: "පැරණි", source: "Old title" } } };
    const kept = translationFrom("services", services, { ...services, title: "පැරණි" }, previous);
    expect(kept.texts["title"]).toEqual({ text: "පැරණි", source: "Old title" });
    const retyped = translationFrom("services", services, { ...services, title: "නව" }, previous);
    expect(retyped.texts["title"]).toEqual({ text: "නව", source: "Our Services" });
  });

  it("stores an outdated translation confirmed as still correct as translating the English shown", () => {
    const text = "ශ්\u200Dරී ලංකාව";
    const previous = { texts: { title: { text, source: "Old title" }, subtitle: { text: "පැරණි", source: "Old" } } };
    const submitted = { ...services, title: text, subtitle: "පැරණි" };
    const saved = translationFrom("services", services, submitted, previous, undefined, new Set(["title"]));
    expect(saved.texts["title"]).toEqual({ text, source: "Our Services" });
    // Not confirmed: still the translation of the older English.
    expect(saved.texts["subtitle"]).toEqual({ text: "පැරණි", source: "Old" });
    expect(localize("services", services, saved).states).toMatchObject({ title: "translated", subtitle: "stale" });
  });

  it("saves as without it a confirmed text retyped, already current, left in English or emptied", () => {
    const previous = {
      texts: {
        title: { text: "පැරණි", source: "Old title" },
        subtitle: { text: "අප කරන දේ", source: "What we do" },
        "services.0.title": { text: "පැරණි", source: "Old" },
      },
    };
    const submitted = withServiceTitle({ ...services, title: "නව", subtitle: "අප කරන දේ" }, 0, "");
    const everything = new Set(["title", "subtitle", "services.0.title", "services.0.description"]);
    expect(translationFrom("services", services, submitted, previous, undefined, everything)).toEqual(
      translationFrom("services", services, submitted, previous),
    );
  });

  it("pairs each text with the English the editor showed, not a later one", () => {
    const later = { ...services, title: "Services" };
    const saved = translationFrom("services", services, { ...services, title: "අපගේ සේවා" }, EMPTY_TRANSLATION);
    expect(localize("services", later, saved).states["title"]).toBe("stale");
  });
});

function withServiceTitle(data: ServicesContent, index: number, title: string): ServicesContent {
  return { ...data, services: data.services.map((service, i) => (i === index ? { ...service, title } : service)) };
}
