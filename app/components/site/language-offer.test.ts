import { describe, expect, it } from "vitest";
import { preferredLocale } from "./language-offer.tsx";

describe("preferredLocale", () => {
  it("is the site language the browser lists first, by its primary subtag", () => {
    expect(preferredLocale(["si-LK", "en-US"])).toBe("si");
    expect(preferredLocale(["ta", "si"])).toBe("ta");
    expect(preferredLocale(["TA-lk"])).toBe("ta");
    expect(preferredLocale(["fr-FR", "ta-IN", "en"])).toBe("ta");
    expect(preferredLocale(["en-GB", "si"])).toBe("en");
  });

  it("is undefined when the browser asks for none of them", () => {
    expect(preferredLocale([])).toBeUndefined();
    expect(preferredLocale(["fr", "de-DE", ""])).toBeUndefined();
  });
});
