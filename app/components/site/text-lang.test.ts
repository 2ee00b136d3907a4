import { describe, expect, it } from "vitest";
import { langOf } from "./text-lang.ts";

describe("langOf", () => {
  it("marks a text shown in English, by its exact path", () => {
    const english = ["hero.title", "features.2.description"];
    expect(langOf(english, "hero.title")).toBe("en");
    expect(langOf(english, "features.2.description")).toBe("en");
    expect(langOf(english, "features.2.title")).toBeUndefined();
    expect(langOf(english, "hero")).toBeUndefined();
    expect(langOf([], "hero.title")).toBeUndefined();
  });
});
