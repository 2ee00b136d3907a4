import { LOCALES, type Locale } from "./locales.ts";
import { SITE_PAGES } from "./sections.ts";

/**
 * Whether a path could be a team page's address (issue 42), and a page's id, without the
 * messages that say why not (./landing-pages.ts `landingPathProblem`): every public page's code
 * checks addresses (./public-pages.ts, ./live-events.ts), and the messages would weigh on each.
 */

/** A page's stable id: letters, digits, - and _ (made by the server). */
export const LANDING_PAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The attribute a team page's blocks carry with the variant shown: the chat's lead form reads it. */
export const VARIANT_ATTRIBUTE = "data-page-variant";

/** Most characters of a page's address, its leading "/" included. */
export const LANDING_PATH_MAX = 120;

/** One segment of an address: lowercase letters, digits and hyphens, neither first nor last a hyphen. */
const SEGMENT = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";

/** One to three segments: `/offers`, `/offers/colombo-smes`, `/events/2027/webinar`. */
export const LANDING_PATH = new RegExp(`^/${SEGMENT}(?:/${SEGMENT}){0,2}$`);

/** First segments the site's own addresses begin with, besides its pages and languages. */
export const SITE_SEGMENTS = [
  "admin",
  "api",
  "assets",
  "media",
  "healthz",
  "readyz",
  "metrics",
  "fonts",
  "images",
  "en",
  "blog",
  "done",
] as const;

/** The languages' prefixes without their "/" (`si`, `ta`). */
export const LOCALE_SEGMENTS = (Object.keys(LOCALES) as Locale[])
  .filter((locale) => LOCALES[locale].prefix)
  .map((locale) => ({ locale, segment: LOCALES[locale].prefix.slice(1) }));

/** The first segments a team page's address may not begin with: the site keeps them. */
export const KEPT_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  ...SITE_SEGMENTS,
  ...LOCALE_SEGMENTS.map(({ segment }) => segment),
  ...SITE_PAGES.filter((page) => page.path !== "/").map((page) => page.path.slice(1)),
]);

/** Whether `path` (below a language's prefix) could be a team page's address: the public pages' test. */
export const isLandingPath = (path: string) =>
  path.length <= LANDING_PATH_MAX && LANDING_PATH.test(path) && !KEPT_FIRST_SEGMENTS.has(path.slice(1).split("/")[0]!);
