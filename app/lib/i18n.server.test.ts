import { describe, expect, it } from "vitest";
import { en } from "#content/i18n/en.ts";
import { si } from "#content/i18n/si.ts";
import { ta } from "#content/i18n/ta.ts";
import { dateLabel, languageOffers, messagesFor, numberLabel, pageLinkIn, readTimeLabel } from "./i18n.server.ts";

describe("messagesFor", () => {
  it("is the page's language's dictionary", () => {
    expect(messagesFor("en")).toBe(en);
    expect(messagesFor("si")).toBe(si);
    expect(messagesFor("ta")).toBe(ta);
  });
});

describe("languageOffers", () => {
  it("holds the offer line of each translated language but the page's own, in that language", () => {
    expect(languageOffers("en")).toEqual({ si: si.language, ta: ta.language });
    expect(languageOffers("si")).toEqual({ ta: ta.language });
    expect(languageOffers("ta")).toEqual({ si: si.language });
  });
});

describe("dateLabel", () => {
  it("writes a post's date in the page's language, whatever the time zone", () => {
    expect(dateLabel("2025-03-12", "en")).toBe("12 March 2025");
    expect(dateLabel("2025-03-12", "si")).toBe("2025 මැදින් 12");
    expect(dateLabel("2025-03-12", "ta")).toBe("12 மார்ச், 2025");
    expect(dateLabel("2025-01-01", "en")).toBe("1 January 2025");
  });

  it("leaves what is no date as it is", () => {
    expect(dateLabel("soon", "si")).toBe("soon");
  });
});

describe("numberLabel", () => {
  it("groups thousands", () => {
    expect(numberLabel(5000, "en")).toBe("5,000");
    expect(numberLabel(5000, "si")).toBe("5,000");
    expect(numberLabel(5000, "ta")).toBe("5,000");
  });
});

describe("readTimeLabel", () => {
  it('writes the stored "N min read" in the page\'s language', () => {
    expect(readTimeLabel("3 min read", "en")).toBe("3 min read");
    expect(readTimeLabel("3 min read", "si")).toBe("මිනිත්තු 3ක කියවීමක්");
    expect(readTimeLabel("12 min read", "ta")).toBe("12 நிமிட வாசிப்பு");
  });

  it("keeps what the admin wrote otherwise", () => {
    expect(readTimeLabel("A quick read", "si")).toBe("A quick read");
    expect(readTimeLabel("", "ta")).toBe("");
  });
});

describe("pageLinkIn", () => {
  it("puts the site's pages in the language, with their query and fragment", () => {
    expect(pageLinkIn("/services", "si")).toBe("/si/services");
    expect(pageLinkIn("/", "ta")).toBe("/ta");
    expect(pageLinkIn("/contact#form", "si")).toBe("/si/contact#form");
    expect(pageLinkIn("/blog/some-post?x=1", "ta")).toBe("/ta/blog/some-post?x=1");
    expect(pageLinkIn("/services", "en")).toBe("/services");
  });

  it("leaves everything else as it is", () => {
    for (const url of [
      "#contact",
      "https://example.com/",
      "//example.com/x",
      "/media/a.pdf",
      "/api/chat",
      "/si/about",
      "",
    ]) {
      expect(pageLinkIn(url, "si")).toBe(url);
    }
  });
});
