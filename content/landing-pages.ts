import { KEPT_FIRST_SEGMENTS, LANDING_PATH, LANDING_PATH_MAX, LOCALE_SEGMENTS, SITE_SEGMENTS } from "./landing-path.ts";
import { LOCALES } from "./locales.ts";
import { SITE_PAGES } from "./sections.ts";

/**
 * The team's own pages (issue 42): landing pages built from the site's blocks at an address of
 * their own (`/offers/colombo-smes`), with translations and an A/B variant. This module holds what
 * browser and server share and every public page may load: the address rules, the names of the
 * blocks. The API's shapes are ./landing-page-api.ts, the zod schema ./landing-page-schema.ts (admin and server only).
 */

/** The admin's tab and the API's path. */
export const LANDING_PAGES_API = "/api/pages";

/** Pages per page of the admin's Pages tab. */
export const ADMIN_LANDING_PAGES_PER_PAGE = 50;

/** Most blocks one page (or its variant) may hold. */
export const LANDING_BLOCKS_MAX = 40;

export { isLandingPath, LANDING_PAGE_ID, LANDING_PATH, LANDING_PATH_MAX, VARIANT_ATTRIBUTE } from "./landing-path.ts";

/** The names of the variants a page may have besides its own blocks (A). */
export const VARIANT_NAMES = ["A", "B"] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];

/** Whether `value` names a variant (what a form or the chat sends is checked with it). */
export const isVariantName = (value: unknown): value is VariantName =>
  (VARIANT_NAMES as readonly unknown[]).includes(value);

/**
 * The response header naming the variant a team page's answer shows (on pages with a variant B):
 * Insights count the view under it, the page cache keeps one answer per variant.
 */
export const VARIANT_HEADER = "x-page-variant";

/**
 * What to tell the person who asks for an address beginning with a segment the site keeps
 * (./landing-path.ts `KEPT_FIRST_SEGMENTS`: a test checks that each has its words here). Made
 * when first asked for: the pages that only check addresses (every public page) leave it out.
 */
export function keptFirstSegmentMessages(): Record<string, string> {
  return (keptMessages ??= {
    ...Object.fromEntries(
      SITE_SEGMENTS.map((segment) => [segment, `/${segment} is kept for the site itself: choose another address.`]),
    ),
    ...Object.fromEntries(
      LOCALE_SEGMENTS.map(({ locale, segment }) => [
        segment,
        `${LOCALES[locale].prefix}/… is the ${LOCALES[locale].label} version of the site's pages: choose another address.`,
      ]),
    ),
    ...Object.fromEntries(
      SITE_PAGES.filter((page) => page.path !== "/").map((page) => [
        page.path.slice(1),
        `${page.path} is the site's ${page.linkLabel} page: choose another address.`,
      ]),
    ),
    // After the pages: the blog's posts are below its page, so its own words say so.
    blog: "The blog answers at /blog and below: choose another address.",
    done: "/done is the contact form's thank-you page: choose another address.",
  });
}
let keptMessages: Record<string, string> | undefined;

/**
 * What is wrong with `path` as a page's address, or undefined when it may be one (whether another
 * page has it is the store's to say: "Another page already has this address."). Shared by the
 * admin's field and the API, so both say the same.
 */
export function landingPathProblem(path: string): string | undefined {
  if (path === "" || path === "/") return "Give the page an address such as /offers/colombo-smes.";
  if (path.length > LANDING_PATH_MAX) return `Keep the address under ${LANDING_PATH_MAX} characters.`;
  if (!LANDING_PATH.test(path))
    return "Use one to three parts of lowercase letters, digits and hyphens, each after a /, such as /offers/colombo-smes.";
  const first = path.slice(1).split("/")[0]!;
  return KEPT_FIRST_SEGMENTS.has(first) ? keptFirstSegmentMessages()[first] : undefined;
}

/** The message for an address another page has (in any status: one address, one page). */
export const LANDING_PATH_TAKEN = "Another page already has this address.";

/** The block types, in the order the admin's "Add a block" menu offers them, with their names there. */
export const BLOCK_TYPES = {
  hero: "Hero",
  text: "Text",
  features: "Features",
  services: "Services",
  quote: "Quote",
  logos: "Logos",
  stats: "Stats",
  image: "Image",
  faq: "FAQ",
  cta: "Call to action",
  contact: "Contact form",
} as const;
export type BlockType = keyof typeof BLOCK_TYPES;
