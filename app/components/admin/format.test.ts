import { describe, expect, it } from "vitest";
import { formatAgo, formatWhen } from "./format.ts";

describe("formatAgo", () => {
  const now = Date.parse("2026-03-02T09:00:00.000Z");
  const before = (ms: number) => new Date(now - ms).toISOString();
  const MINUTE = 60_000;

  it("says how long ago, in words, up to a week", () => {
    expect(formatAgo(before(20_000), now)).toBe("less than a minute ago");
    expect(formatAgo(before(MINUTE), now)).toBe("1 minute ago");
    expect(formatAgo(before(5 * MINUTE + 30_000), now)).toBe("5 minutes ago");
    expect(formatAgo(before(3 * 60 * MINUTE), now)).toBe("3 hours ago");
    expect(formatAgo(before(30 * 60 * MINUTE), now)).toBe("yesterday");
    expect(formatAgo(before(6 * 24 * 60 * MINUTE), now)).toBe("6 days ago");
  });

  it("gives the date for anything older, in the future or unreadable", () => {
    const old = before(8 * 24 * 60 * MINUTE);
    expect(formatAgo(old, now)).toBe(formatWhen(old));
    const ahead = new Date(now + 10 * MINUTE).toISOString();
    expect(formatAgo(ahead, now)).toBe(formatWhen(ahead));
    expect(formatAgo("not a date", now)).toBe("not a date");
  });
});
