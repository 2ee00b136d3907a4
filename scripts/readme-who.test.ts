import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rewriteWho, whoLabel } from "./readme-who.ts";

const readme = readFileSync(path.join(import.meta.dirname, "..", "README.md"), "utf8");

describe("the README's Who column", () => {
  it("says what the permission table says (npm run docs:who writes it)", () => {
    expect(rewriteWho(readme)).toBe(readme);
  });

  it("names each kind of access plainly", () => {
    expect(whoLabel("everyone")).toBe("anyone");
    expect(whoLabel(["administrator", "editor", "writer"])).toBe("any role");
    expect(whoLabel(["administrator", "editor"])).toBe("Editor, Administrator");
    expect(whoLabel(["administrator"])).toBe("Administrator");
  });
});
