import { describe, expect, it } from "vitest";
import { sanitizeRichHtml } from "./sanitize.ts";

describe("legal pages' HTML", () => {
  // Browsers drop tabs, line breaks and leading control characters from an address before running it.
  it.each([
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java&#9;script:alert(1)",
    "java&Tab;script:alert(1)",
    "jav&NewLine;ascript:alert(1)",
    "\u0001javascript:alert(1)",
    "&#1;javascript:alert(1)",
    " &#32;javascript:alert(1)",
    "vb\tscript:x",
  ])("drops the hidden script address %j from a link", (href) => {
    expect(sanitizeRichHtml(`<a href="${href}">terms</a>`)).toBe("<a>terms</a>");
  });

  it("keeps ordinary links", () => {
    expect(sanitizeRichHtml('<a href="https://example.com/terms">terms</a>')).toBe(
      '<a href="https://example.com/terms">terms</a>',
    );
  });
});

describe("Sinhala and Tamil text", () => {
  it("keeps every character, zero-width joiners and non-joiners included", () => {
    const html = "<h2>ශ්\u200Dරී ලංකා</h2><p>ව්\u200Dයාපාර\u200C සඳහා — இலங்கை வணிகங்கள்</p>";
    expect(sanitizeRichHtml(html)).toBe(html);
  });
});
