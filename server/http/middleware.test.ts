import { describe, expect, it } from "vitest";
import { clientAddress } from "./middleware.ts";

describe("clientAddress", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("10.0.0.5", "203.0.113.9", 0)).toBe("10.0.0.5");
    expect(clientAddress(undefined, undefined, 0)).toBe("unknown");
  });

  it("behind one proxy is the address that proxy appended (the last hop), not what the client sent", () => {
    expect(clientAddress("10.0.0.5", "203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.5", "6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.5", " 6.6.6.6 ,203.0.113.9 ", 1)).toBe("203.0.113.9");
  });

  it("behind two proxies is the second hop from the right", () => {
    expect(clientAddress("10.0.0.5", "6.6.6.6, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("falls back to the peer when the header is missing or shorter than the proxy chain", () => {
    expect(clientAddress("10.0.0.5", undefined, 1)).toBe("10.0.0.5");
    expect(clientAddress("10.0.0.5", "", 1)).toBe("10.0.0.5");
    expect(clientAddress("10.0.0.5", "203.0.113.9", 2)).toBe("10.0.0.5");
  });
});
