import { describe, expect, it } from "vitest";
import { format } from "./format.ts";

describe("format", () => {
  it("fills in each placeholder, numbers as written", () => {
    expect(format("{count} min read", { count: 3 })).toBe("3 min read");
    expect(format("Page {page} of {pages}", { page: 2, pages: "5" })).toBe("Page 2 of 5");
    expect(format("{a}{a}", { a: "x" })).toBe("xx");
  });

  it("returns a message without placeholders as it is", () => {
    expect(format("Skip to content", {})).toBe("Skip to content");
    expect(format("", {})).toBe("");
  });

  it("keeps a placeholder it has no value for, and ignores values it has no place for", () => {
    expect(format("Hello {name}", {})).toBe("Hello {name}");
    expect(format("Hello", { name: "Nimal" })).toBe("Hello");
    // Not a value of the object's prototype either.
    expect(format("{toString}", {})).toBe("{toString}");
  });

  it("puts values in as they are, with no second pass", () => {
    expect(format("{a} and {b}", { a: "{b}", b: "$&" })).toBe("{b} and $&");
  });

  it("keeps Sinhala and Tamil text whole, joiners included", () => {
    expect(format("{site} ලාංඡනය", { site: "ශ්‍රී" })).toBe("ශ්‍රී ලාංඡනය");
    expect(format("பக்கம் {page} / {pages}", { page: 1, pages: 3 })).toBe("பக்கம் 1 / 3");
  });

  it("returns the parts when a value is not text, leaving out empty ones", () => {
    const link = { type: "a" };
    expect(format("Call us at {phone}.", { phone: link })).toEqual(["Call us at ", link, "."]);
    expect(format("{phone}", { phone: link })).toEqual([link]);
    expect(format("{phone} අමතන්න.", { phone: link })).toEqual([link, " අමතන්න."]);
  });
});
