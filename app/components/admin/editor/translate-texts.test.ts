import { describe, expect, it } from "vitest";
import { textFormat } from "#content/translatable.ts";
import type { TextInLanguage } from "../data/translation-copy.ts";
import { inEditorOrder, textLabel, textList, textsToTranslate, translateMessages } from "./translate-texts.ts";

const text = (english: string, state: TextInLanguage["state"], saved = ""): TextInLanguage => ({
  english,
  state,
  saved,
});

describe("textsToTranslate", () => {
  const texts = new Map<string, TextInLanguage>([
    ["hero.title", text("Grow with us", "missing")],
    ["hero.subtitle", text("Digital marketing in Colombo", "translated", "කොළඹ ඩිජිටල් අලෙවිකරණය")],
    ["hero.cta", text("Get started", "stale", "පටන් ගන්න")],
    ["features.0.title", text("", "missing")],
    ["features.0.description", text("SEO that lasts", "missing")],
  ]);
  const draft = {
    hero: { title: "", subtitle: "කොළඹ ඩිජිටල් අලෙවිකරණය", cta: "පටන් ගන්න" },
    features: [{ title: "", description: "" }],
  };
  const formatOf = (path: string) => textFormat("home", path);

  it("takes the texts not translated and those whose English changed, with their English", () => {
    expect(textsToTranslate(texts, draft, { all: false, formatOf })).toEqual([
      { path: "hero.title", text: "Grow with us", format: "plain" },
      { path: "hero.cta", text: "Get started", format: "plain" },
      { path: "features.0.description", text: "SEO that lasts", format: "plain" },
    ]);
  });

  it("reads the states from the draft: a text typed since counts as translated, one emptied as not", () => {
    const edited = { ...draft, hero: { title: "අප සමඟ වර්ධනය වන්න", subtitle: "", cta: "ආරම්භ කරමු" } };
    expect(textsToTranslate(texts, edited, { all: false, formatOf }).map((t) => t.path)).toEqual([
      "hero.subtitle",
      "features.0.description",
    ]);
  });

  it("takes every text with `all`, still skipping those whose English is empty", () => {
    expect(textsToTranslate(texts, draft, { all: true, formatOf }).map((t) => t.path)).toEqual([
      "hero.title",
      "hero.subtitle",
      "hero.cta",
      "features.0.description",
    ]);
  });

  it("says how each text is written: a post's body Markdown, a legal page's HTML, the rest plain", () => {
    expect(textFormat("post", "content")).toBe("markdown");
    expect(textFormat("post", "title")).toBe("plain");
    expect(textFormat("post", "excerpt")).toBe("plain");
    expect(textFormat("privacy-policy", "content")).toBe("html");
    expect(textFormat("terms-conditions", "content")).toBe("html");
    expect(textFormat("terms-conditions", "title")).toBe("plain");
    expect(textFormat("about", "story")).toBe("plain");
    expect(textFormat("services", "services.2.features.0")).toBe("plain");

    const legal = new Map([
      ["title", text("Privacy Policy", "missing")],
      ["content", text("<h2>Data</h2><p>We keep little.</p>", "missing")],
    ]);
    expect(
      textsToTranslate(
        legal,
        { title: "", content: "" },
        {
          all: false,
          formatOf: (path) => textFormat("privacy-policy", path),
        },
      ),
    ).toEqual([
      { path: "title", text: "Privacy Policy", format: "plain" },
      { path: "content", text: "<h2>Data</h2><p>We keep little.</p>", format: "html" },
    ]);
  });
});

describe("inEditorOrder", () => {
  it("puts texts listed field by field in the editor's order, item by item", () => {
    expect(
      inEditorOrder([
        "title",
        "subtitle",
        "services.0.title",
        "services.1.title",
        "services.0.description",
        "services.1.description",
        "services.0.features.0",
        "services.0.features.1",
        "services.1.features.0",
        "services.10.title",
        "services.2.title",
      ]),
    ).toEqual([
      "title",
      "subtitle",
      "services.0.title",
      "services.0.description",
      "services.0.features.0",
      "services.0.features.1",
      "services.1.title",
      "services.1.description",
      "services.1.features.0",
      "services.2.title",
      "services.10.title",
    ]);
  });
});

describe("textLabel", () => {
  it("names a text as the editor's cards number them", () => {
    expect(textLabel("hero.title")).toBe("Hero title");
    expect(textLabel("hero.cta")).toBe("Hero CTA button text");
    expect(textLabel("features.2.title")).toBe("Feature 3 title");
    expect(textLabel("services.0.features.1")).toBe("Service 1 feature 2");
    expect(textLabel("team.1.role")).toBe("Team member 2 role");
    expect(textLabel("info.address")).toBe("Address");
    expect(textLabel("suggestedQuestions.3")).toBe("Suggested question 4");
    expect(textLabel("greeting")).toBe("Greeting message");
    expect(textLabel("content")).toBe("Content");
  });

  it("lists a few names, then how many more", () => {
    expect(textList(["title"])).toBe("Title");
    expect(textList(["title", "excerpt", "content"])).toBe("Title, Excerpt and Content");
    expect(
      textList([
        "features.0.title",
        "features.0.description",
        "features.1.title",
        "features.1.description",
        "features.2.title",
        "features.2.description",
        "values.0.title",
      ]),
    ).toBe(
      "Feature 1 title, Feature 1 description, Feature 2 title, Feature 2 description, Feature 3 title and 2 more",
    );
  });

  it("words the progress and the endings", () => {
    expect(translateMessages.progress(7, 12)).toBe("Translating… 7 of 12 texts");
    expect(translateMessages.done(12)).toBe("Translated 12 texts. Review them, then save.");
    expect(translateMessages.done(1)).toBe("Translated 1 text. Review it, then save.");
    expect(translateMessages.failed(7, 12, ["features.2.title"], "The AI service failed.")).toBe(
      "Translated 7 of 12 texts. Not translated: Feature 3 title. The AI service failed.",
    );
    expect(translateMessages.failed(0, 2, ["title", "content"], "The AI service failed.")).toBe(
      "The AI service failed.",
    );
    expect(translateMessages.stopped(3, 12)).toBe("Stopped after 3 of 12 texts. Review them, then save.");
  });
});
