import { describe, expect, it } from "vitest";
import { protectLinks, restoreLinks } from "./translation-links.ts";

describe("links hidden from the model", () => {
  it("hides markdown link and image targets, autolinks and bare addresses, and nothing else", () => {
    const source = [
      "## Read more",
      "See [our services](/services) and [the guide](https://example.lk/guide_(2025)?a=1#top).",
      "![Team](https://cdn.example.lk/team.jpg) Mail <mailto:hello@example.lk> or visit https://example.lk/contact.",
      "- **Bold** and *italic* stay.",
    ].join("\n");
    const { text, links } = protectLinks(source, "markdown");
    expect(text).toBe(
      [
        "## Read more",
        "See [our services](⟦1⟧) and [the guide](⟦2⟧).",
        "![Team](⟦3⟧) Mail <⟦4⟧> or visit ⟦5⟧.",
        "- **Bold** and *italic* stay.",
      ].join("\n"),
    );
    expect(links).toEqual([
      "/services",
      "https://example.lk/guide_(2025)?a=1#top",
      "https://cdn.example.lk/team.jpg",
      "mailto:hello@example.lk",
      "https://example.lk/contact",
    ]);
    expect(restoreLinks(text, links)).toBe(source);
  });

  it("hides HTML href and src values, quoted or not, and addresses in the text", () => {
    const source = `<p>Write to <a href="mailto:a@b.lk" title="Mail us">us</a>, see <a href='/privacy-policy'>the policy</a> or https://example.lk.</p><img src=/media/x.png alt="X">`;
    const { text, links } = protectLinks(source, "html");
    expect(text).toBe(
      `<p>Write to <a href="⟦1⟧" title="Mail us">us</a>, see <a href='⟦2⟧'>the policy</a> or ⟦4⟧.</p><img src=⟦3⟧ alt="X">`,
    );
    expect(links).toEqual(["mailto:a@b.lk", "/privacy-policy", "/media/x.png", "https://example.lk"]);
    expect(restoreLinks(text, links)).toBe(source);
  });

  it("hides only bare addresses in plain text, without the sentence's punctuation", () => {
    const { text, links } = protectLinks(
      "Visit https://example.lk/a). Or (https://example.lk/b), then [x](y).",
      "plain",
    );
    expect(text).toBe("Visit ⟦1⟧). Or (⟦2⟧), then [x](y).");
    expect(links).toEqual(["https://example.lk/a", "https://example.lk/b"]);
  });

  it("leaves a text without links as it is", () => {
    expect(protectLinks("ශ්‍රී ලංකාව", "markdown")).toEqual({ text: "ශ්‍රී ලංකාව", links: [] });
  });

  it("puts the links back in the order the translation has them, and refuses a lost, repeated or unknown placeholder", () => {
    const links = ["/a", "/b"];
    expect(restoreLinks("[බී](⟦2⟧) සහ [ඒ](⟦1⟧)", links)).toBe("[බී](/b) සහ [ඒ](/a)");
    expect(restoreLinks("[ඒ](⟦1⟧)", links)).toBeUndefined();
    expect(restoreLinks("⟦1⟧ ⟦2⟧ ⟦2⟧", links)).toBeUndefined();
    expect(restoreLinks("⟦1⟧ ⟦2⟧ ⟦3⟧", links)).toBeUndefined();
    expect(restoreLinks("⟦0⟧ ⟦1⟧ ⟦2⟧", links)).toBeUndefined();
    expect(restoreLinks("no links", [])).toBe("no links");
  });
});
