/**
 * A browser and system in a few words ("Chrome on Android") from a User-Agent header, for "Your
 * sessions". Deliberately small: the few browsers and systems people sign in with, checked in the
 * order that tells them apart (Edge and Opera say "Chrome" too, Chrome says "Safari", Android says
 * "Linux"); anything else is "Unknown". It only labels a session for its owner, so a wrong guess is
 * harmless.
 */

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  // "HeadlessChrome" too, without a word boundary.
  [/\bCriOS\/|Chrom(?:e|ium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPod\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

export interface UserAgentSummary {
  browser: string;
  system: string;
}

const first = (table: readonly [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

export function describeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const text = userAgent ?? "";
  return { browser: first(BROWSERS, text) ?? "Unknown browser", system: first(SYSTEMS, text) ?? "Unknown system" };
}

/** "Chrome on Android". */
export function userAgentLabel(userAgent: string | null | undefined): string {
  const { browser, system } = describeUserAgent(userAgent);
  return `${browser} on ${system}`;
}
