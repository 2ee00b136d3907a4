import { describe, expect, it } from "vitest";
import { isTimeZone, toZonedIso, wallTime, zonedDateTime } from "./time-zone.ts";

describe("site time zone", () => {
  it("knows IANA names and refuses made-up ones", () => {
    expect(isTimeZone("Asia/Colombo")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });

  it("turns a Colombo wall time into an instant with its offset", () => {
    expect(zonedDateTime("2026-12-01", "09:00", "Asia/Colombo")).toBe("2026-12-01T09:00:00+05:30");
    expect(Date.parse(zonedDateTime("2026-12-01", "09:00", "Asia/Colombo")!)).toBe(Date.parse("2026-12-01T03:30:00Z"));
    expect(zonedDateTime("2026-12-31", "23:59", "UTC")).toBe("2026-12-31T23:59:00+00:00");
  });

  it("follows daylight saving: both sides of a change, a skipped time moved forward, a doubled one taken first", () => {
    expect(zonedDateTime("2026-01-15", "09:00", "America/New_York")).toBe("2026-01-15T09:00:00-05:00");
    expect(zonedDateTime("2026-07-15", "09:00", "America/New_York")).toBe("2026-07-15T09:00:00-04:00");
    // 2026-03-08 02:30 does not happen in New York (02:00 → 03:00).
    expect(zonedDateTime("2026-03-08", "02:30", "America/New_York")).toBe("2026-03-08T03:30:00-04:00");
    // 2026-11-01 01:30 happens twice: the first (daylight time) is meant.
    expect(zonedDateTime("2026-11-01", "01:30", "America/New_York")).toBe("2026-11-01T01:30:00-04:00");
    expect(zonedDateTime("2026-10-04", "10:00", "Australia/Adelaide")).toBe("2026-10-04T10:00:00+10:30");
  });

  it("refuses what is not a date or a time", () => {
    expect(zonedDateTime("2026-02-30", "09:00", "Asia/Colombo")).toBeUndefined();
    expect(zonedDateTime("2026-12-01", "24:00", "Asia/Colombo")).toBeUndefined();
    expect(zonedDateTime("1 Dec", "09:00", "Asia/Colombo")).toBeUndefined();
    expect(zonedDateTime("2026-12-01", "9am", "Asia/Colombo")).toBeUndefined();
  });

  it("reads an instant back as the zone's date and time", () => {
    expect(wallTime("2026-12-01T03:30:00Z", "Asia/Colombo")).toEqual({ date: "2026-12-01", time: "09:00" });
    expect(wallTime("2026-12-31T20:00:00Z", "Asia/Colombo")).toEqual({ date: "2027-01-01", time: "01:30" });
    expect(toZonedIso("2026-12-31T20:00:00.250Z", "Asia/Colombo")).toBe("2027-01-01T01:30:00+05:30");
    expect(toZonedIso("2026-06-01T12:00:00Z", "America/New_York")).toBe("2026-06-01T08:00:00-04:00");
  });
});
