import { describe, expect, it } from "vitest";
import { localeOfPath, localePath, unlocalizedPath } from "./locales.ts";

describe("locales", () => {
  it.each([
    ["/", "en"],
    ["/services", "en"],
    ["/si", "si"],
    ["/si/", "si"],
    ["/si/blog/a-post", "si"],
    ["/si.data", "si"],
    ["/ta/about.data", "ta"],
    ["/en/about", "en"],
    ["/sinhala", "en"],
    ["/site", "en"],
  ])("%s is in %s", (path, locale) => {
    expect(localeOfPath(path)).toBe(locale);
  });

  it("adds and removes a language's prefix", () => {
    expect(localePath("en", "/about")).toBe("/about");
    expect(localePath("si", "/")).toBe("/si");
    expect(localePath("ta", "/blog/x")).toBe("/ta/blog/x");
    expect(localePath("si", "#contact")).toBe("#contact");
    expect(localePath("si", "https://example.com/")).toBe("https://example.com/");
    expect(unlocalizedPath("/si")).toBe("/");
    expect(unlocalizedPath("/ta/blog/x")).toBe("/ta/blog/x".slice(3));
    expect(unlocalizedPath("/about")).toBe("/about");
  });
});
