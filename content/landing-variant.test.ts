import { describe, expect, it } from "vitest";
import { shownVariant, variantFor } from "./landing-variant.ts";

describe("variantFor", () => {
  it("gives one visitor the same variant of a page every time", () => {
    const first = variantFor("q3Jx0Vb1yTn_lWk9aR2s4A", "page-1");
    for (let time = 0; time < 20; time++) expect(variantFor("q3Jx0Vb1yTn_lWk9aR2s4A", "page-1")).toBe(first);
  });

  it("splits visitors about half and half, on every page", () => {
    for (const page of ["page-1", "offers", "x"]) {
      let b = 0;
      for (let visitor = 0; visitor < 10_000; visitor++) if (variantFor(`visitor-${visitor}`, page) === "B") b++;
      expect(b).toBeGreaterThan(4_800);
      expect(b).toBeLessThan(5_200);
    }
  });

  it("splits each page on its own: a visitor's variant on one page says little of another's", () => {
    let same = 0;
    for (let visitor = 0; visitor < 10_000; visitor++)
      if (variantFor(`visitor-${visitor}`, "page-1") === variantFor(`visitor-${visitor}`, "page-2")) same++;
    expect(same).toBeGreaterThan(4_800);
    expect(same).toBeLessThan(5_200);
  });

  it("depends on the whole key and id, not on where one ends and the other begins", () => {
    const pairs = Array.from({ length: 200 }, (_, index) => [`ab${index}`, `c${index}`] as const);
    const joined = pairs.filter(([key, page]) => variantFor(key, page) !== variantFor(`${key}c`, page.slice(1)));
    expect(joined.length).toBeGreaterThan(50);
  });
});

describe("shownVariant", () => {
  it("is A for a page without a variant B, whoever visits", () => {
    for (let visitor = 0; visitor < 100; visitor++)
      expect(shownVariant({ variants: [] }, `v${visitor}`, "p")).toBe("A");
  });

  it("is the visitor's split for a page with a variant B", () => {
    const seen = new Set<string>();
    for (let visitor = 0; visitor < 100; visitor++) {
      const shown = shownVariant({ variants: [{ name: "B" }] }, `v${visitor}`, "p");
      expect(shown).toBe(variantFor(`v${visitor}`, "p"));
      seen.add(shown);
    }
    expect(seen).toEqual(new Set(["A", "B"]));
  });
});
