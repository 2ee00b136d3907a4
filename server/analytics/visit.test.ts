import { describe, expect, it } from "vitest";
import { deviceOf, optedOut, sourceOf } from "./visit.ts";

const headers = (values: Record<string, string>) => (name: string) => values[name];

describe("deviceOf", () => {
  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
      "mobile",
    ],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36", "mobile"],
    ["Opera/9.80 (J2ME/MIDP; Opera Mini/9.80) Presto/2.5.25 Version/10.54", "mobile"],
    ["Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1", "tablet"],
    ["Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 Silk/126.2 like Chrome/126.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", "desktop"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15", "desktop"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "desktop"],
    ["", "desktop"],
  ])("%s → %s", (agent, device) => {
    expect(deviceOf(agent)).toBe(device);
  });
});

describe("optedOut", () => {
  it("honours Do Not Track and Global Privacy Control, and skips prefetches and prerenders", () => {
    expect(optedOut(headers({}))).toBe(false);
    expect(optedOut(headers({ dnt: "1" }))).toBe(true);
    expect(optedOut(headers({ dnt: "0" }))).toBe(false);
    expect(optedOut(headers({ "sec-gpc": "1" }))).toBe(true);
    expect(optedOut(headers({ "sec-purpose": "prefetch" }))).toBe(true);
    expect(optedOut(headers({ "sec-purpose": "prefetch;prerender" }))).toBe(true);
    expect(optedOut(headers({ purpose: "prefetch" }))).toBe(true);
    expect(optedOut(headers({ "x-moz": "prefetch" }))).toBe(true);
  });
});

describe("sourceOf", () => {
  const own = ["agency.lk", "localhost"];
  it("keeps only the referrer's host, without www", () => {
    expect(sourceOf("/services", "https://www.google.com/search?q=agency+colombo", own)).toEqual({
      source: "google.com",
      campaign: null,
    });
    expect(sourceOf("/", "https://news.ycombinator.com/item?id=1", own).source).toBe("news.ycombinator.com");
  });
  it("prefers utm_source, and keeps utm_campaign", () => {
    expect(sourceOf("/?utm_source=Newsletter&utm_campaign=Spring%20Sale", "https://mail.example/", own)).toEqual({
      source: "newsletter",
      campaign: "spring sale",
    });
  });
  it("calls a visit without referrer direct, and a page reached from the site itself no landing", () => {
    expect(sourceOf("/about", undefined, own)).toEqual({ source: "(direct)", campaign: null });
    expect(sourceOf("/about", "not a url", own)).toEqual({ source: "(direct)", campaign: null });
    expect(sourceOf("/about", "https://agency.lk/services", own)).toEqual({ source: null, campaign: null });
    expect(sourceOf("/about?utm_source=qr", "https://agency.lk/services", own).source).toBe("qr");
  });
});
