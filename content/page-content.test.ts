import { describe, expect, it } from "vitest";
import { showsSave } from "./page-content.ts";

describe("page content", () => {
  it("a page refreshes for saves of what it shows, in its language or in English", () => {
    const home = { locale: "si" as const, documents: new Set(["home", "contact"]), posts: new Set(["*"]) };
    expect(showsSave(home, { type: "content", key: "home", version: 2 })).toBe(true);
    expect(showsSave(home, { type: "content", key: "home", locale: "si", version: 2 })).toBe(true);
    expect(showsSave(home, { type: "content", key: "home", locale: "ta", version: 2 })).toBe(false);
    expect(showsSave(home, { type: "content", key: "about", version: 2 })).toBe(false);
    expect(showsSave(home, { type: "post", id: "p", locale: "si", version: 1 })).toBe(true);
    const post = { locale: "en" as const, documents: new Set(["contact"]), posts: new Set(["p"]) };
    expect(showsSave(post, { type: "post", id: "p", version: 2 })).toBe(true);
    expect(showsSave(post, { type: "post", id: "q", version: 2 })).toBe(false);
    expect(showsSave(post, { type: "post", version: 0 })).toBe(true); // changes missed: any post
    expect(showsSave(post, { type: "post", id: "p", locale: "si", version: 2 })).toBe(false);
  });
});
