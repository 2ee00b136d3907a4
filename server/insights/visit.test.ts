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
    expect(sourceOf("/?utm_source=Newsletter&utm_campaign=Spring_Sale-2.0", "https://mail.example/", own)).toEqual({
      source: "newsletter",
      campaign: "spring_sale-2.0",
    });
  });
  it("keeps a tag or a host only when it is a name: anything else a visitor sends is (other)", () => {
    for (const tag of [
      "%3Cb%3Ex%3C%2Fb%3E",
      "x%E2%80%AE",
      "spring%20sale",
      "a%00b",
      "(direct)",
      "a".repeat(41),
      "%D1%81%D0%B0%D0%B9%D1%82",
    ]) {
      expect(sourceOf(`/?utm_source=${tag}&utm_campaign=${tag}`, undefined, own), tag).toEqual({
        source: "(other)",
        campaign: "(other)",
      });
    }
    expect(sourceOf(`/?utm_source=${"a".repeat(40)}`, undefined, own).source).toBe("a".repeat(40));
    expect(sourceOf("/?utm_source=", "https://bing.com/", own).source).toBe("bing.com");
    expect(sourceOf("/", "android-app://com.google.android.gm/", own).source).toBe("com.google.android.gm");
    expect(sourceOf("/", "https://203.0.113.5:8080/x", own).source).toBe("203.0.113.5");
    expect(sourceOf("/", "https://xn--80ak6aa92e.com/", own).source).toBe("xn--80ak6aa92e.com");
    expect(sourceOf("/", "foo://a%3Cb%E2%80%AE/", own).source).toBe("(other)");
    expect(sourceOf("/", "https://[2001:db8::1]/", own).source).toBe("(other)");
    expect(sourceOf("/", `https://${"a".repeat(60)}.${"b".repeat(60)}.com/`, own).source).toBe("(other)");
  });
  it("calls a visit without referrer direct, and a page reached from the site itself no landing", () => {
    expect(sourceOf("/about", undefined, own)).toEqual({ source: "(direct)", campaign: null });
    expect(sourceOf("/about", "not a url", own)).toEqual({ source: "(direct)", campaign: null });
    expect(sourceOf("/about", "https://agency.lk/services", own)).toEqual({ source: null, campaign: null });
    expect(sourceOf("/about?utm_source=qr", "https://agency.lk/services", own).source).toBe("qr");
  });
});
