import { describe, expect, it } from "vitest";
import { BLOCK_DOCUMENTS, documentsOfBlocks, LANDING_PAGE_CONTENT, showsPageSave } from "./landing-content.ts";

describe("what a team page shows", () => {
  it("an open team page refreshes for its own saves only, in its language or in English", () => {
    const shown = { id: "p1", locale: "si" as const };
    expect(showsPageSave(shown, { id: "p1", path: "/offers/new", version: 3 })).toBe(true);
    expect(showsPageSave(shown, { id: "p1", locale: "si", version: 3 })).toBe(true);
    expect(showsPageSave(shown, { id: "p1", locale: "ta", version: 3 })).toBe(false);
    expect(showsPageSave(shown, { id: "p2", path: "/offers/else", version: 3 })).toBe(false);
    // Changes missed while a server was not listening: any page's.
    expect(showsPageSave(shown, { version: 0 })).toBe(true);
  });

  it("names the documents a page's blocks draw, and follows every one a block may draw", () => {
    expect(documentsOfBlocks(["hero", "services", "faq"])).toEqual(["services"]);
    expect(documentsOfBlocks(["logos", "services", "logos"])).toEqual(["partners", "home", "services"]);
    expect(documentsOfBlocks(["hero", "text", "contact"])).toEqual([]);
    expect(new Set(LANDING_PAGE_CONTENT.documents)).toEqual(new Set(Object.values(BLOCK_DOCUMENTS).flat()));
  });
});
