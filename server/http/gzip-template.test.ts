import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compileGzipTemplate, renderGzip } from "./gzip-template.ts";

const page = (nonce: string) =>
  `<!DOCTYPE html><html lang="en"><head><script nonce="${nonce}">window.x = "ශ්‍රී ලංකා ✓";</script>` +
  `<link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/>`.repeat(20) +
  "<main>" + "Growth for Colombo businesses. ".repeat(2000) + `</main><script nonce="${nonce}">go()</script></body></html>`;

describe("gzip template", () => {
  it("stitches a valid gzip body with each response's own string in every hole", () => {
    const template = compileGzipTemplate(page("HOLE").split("HOLE"), 24);
    expect(template.holeLength).toBe(24);
    for (const nonce of ["e8dmD3i4dI1baD8ePYdu+A==", "LS0u/JlR2HT/oF3X/sgaMQ==", "AAAAAAAAAAAAAAAAAAAAAAAA"]) {
      expect(gunzipSync(renderGzip(template, nonce)).toString("utf8")).toBe(page(nonce));
    }
    expect(() => renderGzip(template, "short")).toThrow(/24 characters/);
  });

  it("stays correct when the text has NUL bytes of its own (each run then stands alone)", () => {
    const stretches = ["a\0b".repeat(50), "c\0", "a\0b".repeat(50)];
    const template = compileGzipTemplate(stretches, 5);
    for (const fill of ["\x20\x20\x20\x20\x20", "a\x20b\x20c", "NONCE"]) {
      expect(gunzipSync(renderGzip(template, fill)).toString("utf8")).toBe(stretches.join(fill));
    }
  });

  it("handles holes at the very start and end, side by side, and a text with none", () => {
    for (const stretches of [["", "a", ""], ["", "", ""], ["only text"], [""]]) {
      const template = compileGzipTemplate(stretches, 5);
      expect(gunzipSync(renderGzip(template, "NONCE")).toString()).toBe(stretches.join("NONCE"));
    }
  });

  it("is right for random texts and fills", () => {
    const alphabet = ["a", "b", "<", ">", " ", "nonce", "é", "ශ්‍රී", "\n", "=", "+"];
    const pick = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
    for (let round = 0; round < 50; round++) {
      const stretches = Array.from({ length: 1 + Math.floor(Math.random() * 6) }, () => pick(Math.floor(Math.random() * 300)));
      const holeLength = Math.floor(Math.random() * 30);
      const template = compileGzipTemplate(stretches, holeLength);
      for (let i = 0; i < 3; i++) {
        const fill = Array.from({ length: holeLength }, () => String.fromCharCode(0x20 + Math.floor(Math.random() * 95))).join("");
        expect(gunzipSync(renderGzip(template, fill)).toString("utf8")).toBe(stretches.join(fill));
      }
    }
  });

  it("needs no hole at all", () => {
    expect(gunzipSync(renderGzip(compileGzipTemplate(["just text"], 24), "e8dmD3i4dI1baD8ePYdu+A==")).toString()).toBe("just text");
  });

  it("compresses close to gzip of the whole page", () => {
    const template = compileGzipTemplate(page("HOLE").split("HOLE"), 24);
    const body = renderGzip(template, "e8dmD3i4dI1baD8ePYdu+A==");
    // Per hole: a 5-byte stored-block header, the fill uncompressed, a 5-byte sync flush, and a new block's code tables.
    expect(body.length).toBeLessThan(gzipSync(page("e8dmD3i4dI1baD8ePYdu+A=="), { level: 6 }).length + 22 * 100);
  });

  it("refuses a fill that is not printable ASCII", () => {
    const template = compileGzipTemplate(["a", "b"], 3);
    expect(() => renderGzip(template, "aé!")).toThrow(/ASCII/);
    expect(() => renderGzip(template, "a\nb")).toThrow(/ASCII/);
  });
});
