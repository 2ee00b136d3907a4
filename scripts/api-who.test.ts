import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rewriteWho, whoLabel } from "./api-who.ts";

const page = readFileSync(path.join(import.meta.dirname, "..", "docs", "api.md"), "utf8");

describe("the Who column of docs/api.md", () => {
  it("says what the permission table says (npm run docs:who writes it)", () => {
    expect(rewriteWho(page)).toBe(page);
  });

  it("names each kind of access plainly", () => {
    expect(whoLabel("everyone")).toBe("anyone");
    expect(whoLabel(["administrator", "editor", "writer"])).toBe("any role");
    expect(whoLabel(["administrator", "editor"])).toBe("Editor, Administrator");
    expect(whoLabel(["administrator"])).toBe("Administrator");
  });
});
