import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deprioritizeModulePreloads, lowPriorityModulePreloads } from "./low-priority-module-preloads.server.ts";

const head =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n0nce"/></head>';
const body =
  '<body><p>Kelani — “Colombo”</p><script nonce="n0nce">let a = \'<link rel="modulepreload" href="x"/>\';</script></body></html>';

describe("lowPriorityModulePreloads", () => {
  it("marks the module preloads in <head> low priority and leaves the rest as it was", () => {
    const html = deprioritizeModulePreloads(head);
    expect(html).toContain(
      '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce" fetchpriority="low"/>',
    );
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(deprioritizeModulePreloads(html)).toBe(html);
  });

  it("gives the same page whichever way the stream is cut, even inside a character", async () => {
    const bytes = Buffer.from(head + body);
    const expected = deprioritizeModulePreloads(head) + body;
    for (const size of [1, 3, 7, 64, bytes.length]) {
      const chunks = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await text(Readable.from(chunks).pipe(lowPriorityModulePreloads()))).toBe(expected);
    }
  });

  it("passes a page without </head> through, rewritten", async () => {
    const chunks = [Buffer.from('<link rel="modulepreload" href="/a.js"/>')];
    expect(await text(Readable.from(chunks).pipe(lowPriorityModulePreloads()))).toBe(
      '<link rel="modulepreload" href="/a.js" fetchpriority="low"/>',
    );
  });
});
