import { describe, expect, it } from "vitest";
import { landingPageSchema } from "#content/landing-page-schema.ts";
import { findVisitors, visitorAgent } from "./bench/pages.mjs";
import { TEAM_PAGE, TEAM_PAGE_TEXTS, teamPageData } from "./team-page-seed.mjs";

const LOCALES = ["en", "si", "ta"] as const;
const types = (blocks: readonly { type: string }[]) => blocks.map((block) => block.type);

describe("the team page npm run audit and npm run bench make", () => {
  it("is a page the API takes, in each language, with and without variant B", () => {
    for (const locale of LOCALES)
      for (const variantB of [true, false]) {
        const parsed = landingPageSchema.safeParse(teamPageData(locale, { variantB }));
        expect(parsed.error).toBeUndefined();
        expect(parsed.data?.path).toBe(TEAM_PAGE);
        expect(parsed.data?.variants).toHaveLength(variantB ? 1 : 0);
      }
  });

  it("has a variant B that differs from A in its hero and call to action only, in each language", () => {
    const english = teamPageData("en");
    for (const locale of LOCALES) {
      const page = teamPageData(locale);
      const b = page.variants![0]!.blocks;
      // A translation keeps the English page's shape: its texts are paired with English by path.
      expect(types(page.blocks)).toEqual(types(english.blocks));
      expect(types(b)).toEqual(types(page.blocks));
      const differ = b.flatMap((block, i) =>
        JSON.stringify(block) === JSON.stringify(page.blocks[i]) ? [] : [block.type],
      );
      expect(differ).toEqual(["hero", "cta"]);
    }
  });

  it("tells A's hero from B's by its heading in each language (the bench checks the HTML so)", () => {
    for (const locale of LOCALES) {
      const { heading, b } = TEAM_PAGE_TEXTS[locale];
      expect(heading).not.toContain(b.heading);
      expect(b.heading).not.toContain(heading);
    }
  });
});

describe("finding a visitor of each variant", () => {
  it("takes the first User-Agent that gets A and the first that gets B", async () => {
    const asked: string[] = [];
    const visitors = await findVisitors(async (userAgent) => {
      asked.push(userAgent);
      return asked.length < 4 ? "A" : "B";
    });
    expect(visitors).toEqual({ A: visitorAgent(0), B: visitorAgent(3) });
    expect(asked).toHaveLength(4);
  });

  it("fails when no visitor gets B (a page without variant B answers no variant)", async () => {
    await expect(findVisitors(async () => undefined, 8)).rejects.toThrow(/no visitor of variant A among 8/);
    await expect(findVisitors(async () => "A", 8)).rejects.toThrow(/no visitor of variant B among 8/);
  });

  it("numbers browser User-Agents, which Insights counts as visitors", () => {
    expect(visitorAgent(7)).toMatch(/^Mozilla\/5\.0 .* Chrome\/.*\(visitor 7\)$/);
    expect(visitorAgent(7)).not.toBe(visitorAgent(8));
  });
});
