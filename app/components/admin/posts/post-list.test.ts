import { describe, expect, it } from "vitest";
import { postName } from "./post-list.ts";

describe("postName", () => {
  it("is the title, or “Untitled Post” while it is blank", () => {
    expect(postName("Tea Exports")).toBe("Tea Exports");
    expect(postName("  Tea  ")).toBe("Tea");
    expect(postName("   ")).toBe("Untitled Post");
  });
});
