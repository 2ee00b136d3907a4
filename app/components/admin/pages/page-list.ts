import type { LandingPageSummary } from "#content/landing-page-api.ts";
import { LOCALES, type Locale, isTranslated } from "#content/locales.ts";

/** How a page is named in the list and in labels: its title, or "Untitled Page" while it has none. */
export const pageName = (title: string) => title.trim() || "Untitled Page";

/** Where a page stands, as its row says: a draft waiting for an Editor is "In review". */
export type PageStatus = "draft" | "review" | "scheduled" | "published";

export const PAGE_STATUS_LABELS: Record<PageStatus, string> = {
  draft: "Draft",
  review: "In review",
  scheduled: "Scheduled",
  published: "Published",
};

export const pageStatus = (page: Pick<LandingPageSummary, "state" | "review">): PageStatus =>
  page.state === "draft" && page.review ? "review" : page.state;

/** The pages whose title or address holds `query` (any case); all of them for an empty one. */
export function matchingPages<T extends Pick<LandingPageSummary, "title" | "path">>(
  pages: readonly T[],
  query: string,
) {
  const words = query.trim().toLowerCase();
  if (!words) return pages;
  return pages.filter((page) => page.title.toLowerCase().includes(words) || page.path.includes(words));
}

/** "12 leads from 340 views": a row's last 30 days. */
export function resultsLine(views: number, leads: number): string {
  const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
  return `${count(leads, "lead", "leads")} from ${count(views, "view", "views")}`;
}

/** A lead rate as the results show it: "3.5%", or "–" with no views to count it from. */
export const leadRate = (views: number, leads: number) =>
  views === 0 ? "–" : `${((leads / views) * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

/** What the admin calls a page in the editor's language: "Page", "Page (සිංහල)" (toasts). */
export const pageIn = (locale: Locale) => (!isTranslated(locale) ? "Page" : `Page (${LOCALES[locale].nativeName})`);

/** The toasts of the page editor in `locale`, worded as the posts' are. */
export const pageToasts = {
  saved: (locale: Locale) => `${pageIn(locale)} saved`,
  submitted: (locale: Locale) => `${pageIn(locale)} submitted for review`,
  backToDraft: (locale: Locale) => `${pageIn(locale)} saved as a draft, no longer in review`,
  saveFailed: (reason: string, locale: Locale) => `Could not save the ${pageIn(locale).toLowerCase()}: ${reason}`,
  usedB: "Variant B is now the page. Its results start again from here.",
  deleted: "Page deleted",
  deleteFailed: (reason: string) => `Could not delete the page: ${reason}`,
  translationDeleted: (locale: Locale) => `${pageIn(locale)} translation deleted`,
  translationDeleteFailed: (reason: string, locale: Locale) =>
    `Could not delete the ${pageIn(locale).toLowerCase()} translation: ${reason}`,
};
