import { describe, expect, it } from "vitest";
import { strictXmlProblem } from "../../tests/helpers/strict-xml.ts";
import { xmlText } from "./xml.server.ts";

describe("xmlText", () => {
  it("escapes markup, keeps tab, line feed and carriage return, emoji and other characters", () => {
    expect(xmlText(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
    expect(xmlText("one\ttwo\nthree\r\nfour")).toBe("one\ttwo\nthree\r\nfour");
    expect(xmlText("Café 🇱🇰 \u0085 \u009F ශ්‍රී")).toBe("Café 🇱🇰 \u0085 \u009F ශ්‍රී");
  });

  it("makes each run of forbidden controls one space, and U+FFFE, U+FFFF and lone surrogates U+FFFD", () => {
    expect(xmlText("page\fbreak")).toBe("page break");
    expect(xmlText("a\u0000\u0001\u000B\u001Fb")).toBe("a b");
    expect(xmlText("\uFFFE\uFFFF")).toBe("\uFFFD\uFFFD");
    expect(xmlText("x\uD800y\uDC00z")).toBe("x\uFFFDy\uFFFDz");
  });

  it("gives text a strict XML parser accepts, whatever UTF-16 code unit it holds", () => {
    const every = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).join("");
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<a b="${xmlText(every)}">${xmlText(every)}</a>\n`;
    expect(strictXmlProblem(xml)).toBeUndefined();
    // The helper does refuse what a strict parser refuses.
    expect(strictXmlProblem("<a>\f</a>")).toMatch(/U\+000C/);
    expect(strictXmlProblem("<a>&#xFFFE;</a>")).toMatch(/U\+FFFE/);
    expect(strictXmlProblem("<a><b></a>")).toBeDefined();
  });
});
