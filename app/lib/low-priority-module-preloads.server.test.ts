import { describe, expect, it } from "vitest";
import { deprioritizeModulePreloads } from "./low-priority-module-preloads.server.ts";

const head =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n0nce"/></head>';
const body =
  '<body><p>Kelani — “Colombo”</p><script nonce="n0nce">let a = \'<link rel="modulepreload" href="x"/>\';</script></body></html>';

describe("deprioritizeModulePreloads", () => {
  it("marks the module preloads in <head> low priority and leaves the rest as it was", () => {
    const html = deprioritizeModulePreloads(head + body);
    expect(html).toContain(
      '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce" fetchpriority="low"/>',
    );
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html.endsWith(body)).toBe(true);
    expect(deprioritizeModulePreloads(html)).toBe(html);
  });

  it("rewrites the whole of a fragment without </head>", () => {
    expect(deprioritizeModulePreloads('<link rel="modulepreload" href="/a.js"/>')).toBe(
      '<link rel="modulepreload" href="/a.js" fetchpriority="low"/>',
    );
  });
});
