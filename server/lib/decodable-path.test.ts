import { describe, expect, it } from "vitest";
import { decodablePath } from "./decodable-path.ts";

describe("decodablePath", () => {
  it("leaves a target that decodes as it is", () => {
    for (const target of ["/", "/about", "/si/blog/%E0%B6%85", "/blog/a%20b?q=%25&x=1", "/a%2Fb", "/a?%FF"])
      expect(decodablePath(target)).toBe(target);
  });

  it("escapes the `%` of each escape that does not decode, and keeps the others", () => {
    expect(decodablePath("/blog/%FF")).toBe("/blog/%25FF");
    expect(decodablePath("/si/blog/%E0%A4")).toBe("/si/blog/%25E0%25A4");
    expect(decodablePath("/about%c0%af")).toBe("/about%25c0%25af");
    expect(decodablePath("/100%")).toBe("/100%25");
    expect(decodablePath("/%zz/%E0%B6%85/%FF?q=%41")).toBe("/%25zz/%E0%B6%85/%25FF?q=%41");
    expect(decodablePath("/%FF%41%E0%B6%85%FF")).toBe("/%25FF%41%E0%B6%85%25FF");
    // The query is the page's to read, as it was sent.
    expect(decodablePath("/blog?q=%FF")).toBe("/blog?q=%FF");
    expect(decodablePath("/blog/%FF?q=%FF")).toBe("/blog/%25FF?q=%FF");
    expect(decodablePath("/%%FF")).toBe("/%25%25FF");
  });

  it("gives a target that decodes to the characters it was asked with", () => {
    for (const target of ["/blog/%FF", "/si/blog/%E0%A4", "/about%c0%af", `/x${"%FF".repeat(2000)}`])
      expect(decodeURIComponent(decodablePath(target))).toBe(target);
    expect(decodeURIComponent(decodablePath("/%%E0%B6%85%FF%"))).toBe("/%\u0D85%FF%");
  });
});
