import { describe, expect, it } from "vitest";
import { parseAppEvent } from "./bus.ts";

describe("parseAppEvent (events as they arrive from another instance)", () => {
  const token = "a-preview-token-0001";

  it("keeps a preview's post address when it is one", () => {
    expect(parseAppEvent({ type: "preview", token, path: "/blog/monsoon-plans-2" })).toEqual({
      type: "preview",
      token,
      path: "/blog/monsoon-plans-2",
    });
    expect(parseAppEvent({ type: "preview", token })).toEqual({ type: "preview", token });
  });

  it("drops an address that is not a post's, and refuses a malformed token", () => {
    for (const path of ["/services", "/blog/", "/blog/Upper-Case", "/blog/a/b", "//evil.example/blog/x", 42, null])
      expect(parseAppEvent({ type: "preview", token, path })).toEqual({ type: "preview", token });
    expect(parseAppEvent({ type: "preview", token: "short", path: "/blog/x" })).toBeUndefined();
  });
});
