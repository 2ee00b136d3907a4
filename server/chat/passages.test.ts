import { describe, expect, it } from "vitest";
import { documentDefaults, defaultContact, defaultPosts, defaultServices } from "#content/defaults.ts";
import { ANSWERS_KEY, documentKeys } from "#content/sections.ts";
import { si } from "#content/translations/si.ts";
import { ta } from "#content/translations/ta.ts";
import {
  documentPassages,
  KNOWLEDGE_TITLE,
  PASSAGE_CHARS,
  postPassages,
  splitText,
  UNTRANSLATED_WEIGHT,
} from "./passages.ts";

describe("passages of the site", () => {
  it("gives every document passages, each with its page's link label and address", () => {
    // The Answers give none: they are searched before the passages, on their own (./answers.ts).
    expect(documentPassages(ANSWERS_KEY, documentDefaults[ANSWERS_KEY])).toEqual([]);
    for (const key of documentKeys.filter((key) => key !== ANSWERS_KEY)) {
      const passages = documentPassages(key, documentDefaults[key] as never);
      expect(passages.length, key).toBeGreaterThan(0);
      for (const passage of passages) {
        expect(passage.group).toBe(`doc:${key}`);
        expect(passage.id).toMatch(new RegExp(`^doc:${key}#\\d+$`));
        expect(passage.text.trim()).not.toBe("");
      }
    }
    // Named as links to the page are (the About document's page is "About Us").
    expect(documentPassages("about", documentDefaults.about)[0]).toMatchObject({ title: "About Us", url: "/about" });
    expect(documentPassages("services", defaultServices)[1]).toMatchObject({
      kind: "page",
      title: "Services",
      url: "/services",
      heading: "Brand Strategy & Identity",
    });
  });

  it("gives the knowledge base no page: it is quoted, never linked", () => {
    const [first] = documentPassages("ai-settings", documentDefaults["ai-settings"]);
    expect(first).toMatchObject({ kind: "knowledge", title: KNOWLEDGE_TITLE, url: null });
    expect(first!.text).toMatch(/^Lanka Growth Partners is a marketing/);
  });

  it("says the Contact page's details in sentences that read alone", () => {
    const texts = documentPassages("contact", defaultContact).map((p) => p.text);
    expect(texts).toContain(`Our office address is ${defaultContact.info.address}.`);
    expect(texts.join(" ")).toContain(`by phone on ${defaultContact.info.phone}`);
    const empty = documentPassages("contact", {
      ...defaultContact,
      info: { address: "", email: "", phone: "", website: "" },
    });
    expect(empty.map((p) => p.text)).toEqual([
      `Contact Us: ${defaultContact.subtitle}`,
      "You can reach us through the form on the Contact Us page.",
    ]);
  });

  it("reads the legal pages' HTML as text, section by section", () => {
    const passages = documentPassages("privacy-policy", {
      title: "Privacy Policy",
      content:
        "<p>Intro &amp; more.</p><h2>Your rights</h2><ul><li>Ask for a copy</li><li>Ask us to delete it</li></ul>",
    });
    expect(passages.map((p) => [p.heading, p.text])).toEqual([
      ["", "Intro & more."],
      ["Your rights", "Your rights: Ask for a copy Ask us to delete it"],
    ]);
  });

  it("cuts a post into its excerpt and its sections, linked at the post's address, markup dropped", () => {
    const [brand] = defaultPosts;
    const passages = postPassages({ id: brand!.id, slug: "brand-strategy", data: brand! });
    expect(passages[0]).toMatchObject({
      kind: "post",
      heading: brand!.title,
      text: brand!.excerpt,
      url: "/blog/brand-strategy",
    });
    const whatItIs = passages.find((p) => p.heading === "What a brand strategy actually is");
    expect(whatItIs!.text).toMatch(/^A brand strategy is a short, honest answer to three questions: who you serve/);
    // A list reads as one passage, its items separated.
    expect(passages.find((p) => p.heading === "The three questions")!.text).toContain(
      'Who: the specific customers you want more of, not "everyone in Sri Lanka"; What:',
    );
    for (const passage of passages) expect(passage.text).not.toMatch(/\*\*|^## /);
  });

  it("keeps passages near PASSAGE_CHARS, cutting long paragraphs between sentences", () => {
    const sentence = "Colombo founders grow with clear plans. ";
    const pieces = splitText(`${sentence.repeat(40)}\n\nShort one.`);
    expect(pieces.at(-1)).toBe("Short one.");
    for (const piece of pieces.slice(0, -1)) {
      expect(piece.length).toBeLessThanOrEqual(PASSAGE_CHARS);
      expect(piece).toMatch(/plans\.$/);
    }
  });
});

describe("passages in Sinhala and Tamil", () => {
  it("are titled and linked as the language's pages, and read in its words", () => {
    const [intro, address, reach, website] = documentPassages("contact", si.documents.contact, "si");
    for (const passage of [intro, address, reach, website])
      expect(passage).toMatchObject({ kind: "page", title: "අප අමතන්න", url: "/si/contact", weight: 1 });
    expect(address!.text).toBe(`අපගේ කාර්යාලයේ ලිපිනය: ${si.documents.contact.info.address}.`);
    expect(reach!.text).toContain(`${defaultContact.info.phone} දුරකථන අංකයට`);
    expect(reach!.text).toContain('"අප අමතන්න" පිටුවේ');
    const tamil = documentPassages("contact", ta.documents.contact, "ta");
    expect(tamil[1]).toMatchObject({
      title: "தொடர்புகொள்ள",
      url: "/ta/contact",
      text: expect.stringContaining("எமது அலுவலக முகவரி"),
    });
    const none = documentPassages(
      "contact",
      { ...ta.documents.contact, info: { address: "", email: "", phone: "", website: "" } },
      "ta",
    );
    expect(none.map((p) => p.text).at(-1)).toBe('"தொடர்புகொள்ள" பக்கத்திலுள்ள படிவம் மூலம் எம்மைத் தொடர்புகொள்ளலாம்.');
    expect(documentPassages("home", si.documents.home, "si")[0]).toMatchObject({ title: "මුල් පිටුව", url: "/si" });
  });

  it("name every service in one passage, in each language", () => {
    const list = documentPassages("services", si.documents.services, "si").at(-1)!;
    expect(list.text).toBe(`අපගේ සේවාවන්: ${si.documents.services.services.map((s) => s.title).join(", ")}.`);
    expect(documentPassages("services", defaultServices).at(-1)!.text).toMatch(
      /^Our Services: Brand Strategy & Identity, /,
    );
  });

  it("count less where their text is still English (the knowledge base, an untranslated text), not for an address", () => {
    const [knowledge] = documentPassages("ai-settings", documentDefaults["ai-settings"], "si");
    expect(knowledge!.weight).toBe(UNTRANSLATED_WEIGHT);
    expect(documentPassages("ai-settings", documentDefaults["ai-settings"])[0]!.weight).toBe(1);
    const website = documentPassages("contact", si.documents.contact, "si").find((p) => p.text.includes("www."));
    expect(website!.weight).toBe(1);
    const untranslated = documentPassages("privacy-policy", documentDefaults["privacy-policy"], "ta");
    for (const passage of untranslated) expect(passage.weight).toBe(0.5 * UNTRANSLATED_WEIGHT);
  });

  it("link a post at its address in the language", () => {
    const [brand] = defaultPosts;
    const [first] = postPassages(
      { id: brand!.id, slug: "brand-strategy", data: { ...brand!, ...si.posts[brand!.id] } },
      "si",
    );
    expect(first).toMatchObject({ kind: "post", url: "/si/blog/brand-strategy", title: si.posts[brand!.id]!.title });
  });
});
