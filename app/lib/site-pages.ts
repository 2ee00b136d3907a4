import type { DocumentKey } from "#content/sections.ts";

/**
 * The public pages of spec §2, in navigation order, with the section each one
 * shows: the top navigation lists those marked `nav`, the footer the legal
 * ones, and the sitemap all of them (with the section's save time as lastmod).
 * The thank-you page and the post addresses are not here: /done has nothing to
 * find, and posts are listed from the blog itself.
 */
export const SITE_PAGES = [
  { path: "/", label: "Home", document: "home", nav: true },
  { path: "/services", label: "Services", document: "services", nav: true },
  { path: "/blog", label: "Blog", document: "blog", nav: true },
  { path: "/partners", label: "Partners", document: "partners", nav: true },
  { path: "/about", label: "About Us", document: "about", nav: true },
  { path: "/contact", label: "Contact Us", document: "contact", nav: true },
  { path: "/privacy-policy", label: "Privacy Policy", document: "privacy-policy", nav: false },
  { path: "/terms-conditions", label: "Terms & Conditions", document: "terms-conditions", nav: false },
] as const satisfies readonly { path: string; label: string; document: DocumentKey; nav: boolean }[];

/** The six links of the top navigation, in order. */
export const NAV_LINKS = SITE_PAGES.filter((page) => page.nav);

/** The footer's legal links. */
export const LEGAL_LINKS = SITE_PAGES.filter((page) => !page.nav);
