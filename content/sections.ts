import type { z } from "zod";
import type { documentSchemas } from "./schemas.ts";

/** Where a page's link is shown: the top navigation, or the footer's legal links. */
export type LinkPlace = "nav" | "footer";

/**
 * The public page that shows a document.
 * - `path`: its address.
 * - `linkLabel`: the text of links to it (top navigation, footer, the chat's
 *   sources); it can differ from the document's admin `label`
 *   ("About Us" links to the document the admin calls "About").
 * - `linkIn`: where its link is shown.
 * - `sitemap`: listed in /sitemap.xml, with the document's save time as lastmod.
 */
export interface SitePage {
  path: string;
  linkLabel: string;
  linkIn: LinkPlace;
  sitemap: boolean;
}

/**
 * The tabs of the admin panel (docs/product.md §2 "Admin": 8 tabs, and Pages after Blog, issue 42),
 * in order. Each document below names the tab that edits it; a tab with several documents
 * shows them as sub-tabs (Legal); a tab with none shows its panel alone (Pages).
 */
export const ADMIN_TABS = [
  { id: "home", label: "Home" },
  { id: "services", label: "Services" },
  { id: "blog", label: "Blog" },
  // The team's own pages (issue 42): records of their own, no document (app/components/admin/pages/).
  { id: "pages", label: "Pages" },
  { id: "partners", label: "Partners" },
  { id: "about", label: "About" },
  { id: "contact", label: "Contact" },
  { id: "legal", label: "Legal" },
  { id: "ai", label: "AI" },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]["id"];

/**
 * The registry of stored documents: the eight content sections of docs/product.md §3 and
 * the AI settings, in order (the order of the navigation, the sitemap and the
 * admin's sub-tabs). Everything that lists, validates, labels or links a
 * document reads this table: the navigation and footer, the sitemap, the admin
 * tabs, the chat's source names and the status line.
 *
 * It is shared by the browser and the server, and the public pages load it
 * for their navigation, so it holds only names: each document's schema is
 * `documentSchemas` in ./schemas.ts (zod, loaded by the admin and the server),
 * and its built-in content is `documentDefaults` in ./defaults.ts (prose, which
 * only the server and `.server.ts` modules may import). Both are keyed by
 * DocumentKey, so the compiler holds them to this table.
 *
 * - `label`: the admin's name for the document (sub-tab, history dialog, save
 *   toasts, the conflict message).
 * - `saveLabel`: the text of its save button in the admin.
 * - `tab`: the admin tab that edits it (ADMIN_TABS).
 * - `page`: the public page that shows it, or null (the AI settings, the Answers).
 * - `api`: where the API serves a document no page shows (`page: null`), for staff only: it is
 *   not under `/api/content/:key`, which anyone may read.
 * - `preview`: where the admin's Preview shows an unsaved draft of it, when
 *   that is not its own page: the AI settings' greeting greets visitors in
 *   Home's welcome popup (their other fields only shape the chat's answers,
 *   which no page render shows).
 */
export const documents = {
  home: {
    label: "Home",
    saveLabel: "Save Home Content",
    tab: "home",
    page: { path: "/", linkLabel: "Home", linkIn: "nav", sitemap: true },
  },
  services: {
    label: "Services",
    saveLabel: "Save Services Content",
    tab: "services",
    page: { path: "/services", linkLabel: "Services", linkIn: "nav", sitemap: true },
  },
  blog: {
    label: "Blog",
    saveLabel: "Save Blog Content",
    tab: "blog",
    // The post addresses (/blog/:slug) are listed from the blog itself.
    page: { path: "/blog", linkLabel: "Blog", linkIn: "nav", sitemap: true },
  },
  partners: {
    label: "Partners",
    saveLabel: "Save Partners Content",
    tab: "partners",
    page: { path: "/partners", linkLabel: "Partners", linkIn: "nav", sitemap: true },
  },
  about: {
    label: "About",
    saveLabel: "Save About Content",
    tab: "about",
    page: { path: "/about", linkLabel: "About Us", linkIn: "nav", sitemap: true },
  },
  contact: {
    label: "Contact",
    saveLabel: "Save Contact Content",
    tab: "contact",
    page: { path: "/contact", linkLabel: "Contact Us", linkIn: "nav", sitemap: true },
  },
  "privacy-policy": {
    label: "Privacy Policy",
    saveLabel: "Save Privacy Policy",
    tab: "legal",
    page: { path: "/privacy-policy", linkLabel: "Privacy Policy", linkIn: "footer", sitemap: true },
  },
  "terms-conditions": {
    label: "Terms & Conditions",
    saveLabel: "Save Terms & Conditions",
    tab: "legal",
    page: { path: "/terms-conditions", linkLabel: "Terms & Conditions", linkIn: "footer", sitemap: true },
  },
  "ai-settings": {
    label: "AI settings",
    saveLabel: "Save AI Settings",
    tab: "ai",
    page: null,
    api: "/api/ai-settings",
    preview: "/",
  },
  /**
   * What the team taught the assistant (issue 41 item 3): questions, other ways of asking them
   * and their answers, which the chat gives before searching the site (server/chat/answers.ts).
   * No page shows them: visitors meet them only as the chat's answers.
   */
  answers: {
    label: "Answers",
    saveLabel: "Save Answers",
    tab: "ai",
    page: null,
    api: "/api/answers",
  },
} as const satisfies Record<
  string,
  {
    label: string;
    saveLabel: string;
    tab: AdminTabId;
    page: Readonly<SitePage> | null;
    api?: `/api/${string}`;
    preview?: string;
  }
>;

export type DocumentKey = keyof typeof documents;
/**
 * The content of document K, as its schema (`documentSchemas` in ./schemas.ts) reads it.
 * A document without a schema fails to compile here, and so does a schema of no document.
 */
export type DocumentOf<K extends DocumentKey> = z.infer<(typeof documentSchemas)[K]>;
type None<T extends never> = T;
type _NoStraySchema = None<Exclude<keyof typeof documentSchemas, DocumentKey>>;

/** Every document key, in registry order. */
export const documentKeys = Object.keys(documents) as DocumentKey[];

/** A content section: a document shown on a public page (all but the AI settings). */
export type SectionKey = { [K in DocumentKey]: (typeof documents)[K]["page"] extends null ? never : K }[DocumentKey];

/** The eight content sections, in registry order. */
export const sectionKeys: readonly SectionKey[] = documentKeys.filter(
  (key): key is SectionKey => documents[key].page !== null,
);

export const AI_SETTINGS_KEY = "ai-settings" satisfies DocumentKey;
export const ANSWERS_KEY = "answers" satisfies DocumentKey;

/** A document no page shows (`page: null`): served to staff at its own `api` path. */
export type PrivateDocumentKey = {
  [K in DocumentKey]: (typeof documents)[K]["page"] extends null ? K : never;
}[DocumentKey];

/** The documents no page shows, in registry order. */
// Pure (as SITEMAP_PAGES): a page's browser code that does not list them leaves them out.
export const privateDocumentKeys: readonly PrivateDocumentKey[] = /* @__PURE__ */ documentKeys.filter(
  (key): key is PrivateDocumentKey => documents[key].page === null,
);

/** The API address of document `key`: a section's under `/api/content/`, a private document's its own. */
export function documentApiPath(key: DocumentKey): string {
  const entry: { page: unknown; api?: string } = documents[key];
  return entry.api ?? `/api/content/${key}`;
}

export function isDocumentKey(key: string): key is DocumentKey {
  return Object.hasOwn(documents, key);
}

export function isSectionKey(key: string): key is SectionKey {
  return (sectionKeys as readonly string[]).includes(key);
}

/** The documents an admin tab edits, in registry order. */
export function documentsOfTab(tab: AdminTabId): DocumentKey[] {
  return documentKeys.filter((key) => documents[key].tab === tab);
}

/** The public page the admin's Preview of `key` opens (`page.path`, or `preview`); null when no page shows it (the Answers). */
export function previewPath(key: DocumentKey): string | null {
  const entry: { page: Readonly<SitePage> | null; preview?: string } = documents[key];
  return entry.preview ?? entry.page?.path ?? null;
}

/**
 * The public pages, in registry order, with the section each one shows. The
 * thank-you page (/done) and the post addresses are not here: /done has
 * nothing to find, and posts are listed from the blog itself.
 */
export const SITE_PAGES: readonly (Readonly<SitePage> & { document: SectionKey })[] = sectionKeys.map((key) => ({
  document: key,
  ...documents[key].page,
}));

/** The six links of the top navigation, in order. */
export const NAV_LINKS = SITE_PAGES.filter((page) => page.linkIn === "nav");

/** The footer's legal links, in order. */
export const FOOTER_LINKS = SITE_PAGES.filter((page) => page.linkIn === "footer");

/** The pages listed in /sitemap.xml (the server's: pure, so the pages' browser code leaves it out). */
export const SITEMAP_PAGES = /* @__PURE__ */ SITE_PAGES.filter((page) => page.sitemap);
