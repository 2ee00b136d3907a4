import type { RevisionList } from "#content/documents.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import { LANDING_PAGES_API } from "#content/landing-pages.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import type {
  LandingPageRecord,
  LandingPageResults,
  LandingPageSummary,
  LandingPageTranslationRecord,
} from "#content/landing-page-api.ts";
import { api } from "#app/lib/api.ts";
import { inLanguage, putVersioned, seenFields, type TranslationSeen } from "./admin-api.ts";

/**
 * The team pages' calls (issue 42, /api/pages), over the one API helper as posts' are
 * (./admin-api.ts): the list, each page and its translations, history, results and delete.
 */

/** `GET /api/pages`: the list's rows, never their blocks. */
export interface LandingPageList {
  pages: LandingPageSummary[];
  total?: number;
}

const pageUrl = (id: string) => `${LANDING_PAGES_API}/${encodeURIComponent(id)}`;

/** Every page of the team's, newest change first (the list is small: a search filters it here). */
export const listPages = (signal?: AbortSignal) => api<LandingPageList>(LANDING_PAGES_API, signal ? { signal } : {});

export const loadPage = (id: string) => api<LandingPageRecord>(pageUrl(id));

/** Stores a new page; the server gives it its id and version 1. */
export const createPage = (data: LandingPage) =>
  api<LandingPageRecord>(LANDING_PAGES_API, { method: "POST", json: { data } });

/** Saves a page over `version`; a newer version on the server answers a conflict (409) with its copy. */
export const savePage = (id: string, version: number, data: unknown) =>
  putVersioned<LandingPageRecord>(pageUrl(id), version, data);

export const deletePage = (id: string) => api<{ id: string }>(pageUrl(id), { method: "DELETE" });

/** Deletes page `id`'s translation in `locale` (English and the other languages stay). */
export const deletePageTranslation = (id: string, locale: TranslatedLocale) =>
  api<{ id: string; locale: TranslatedLocale }>(inLanguage(pageUrl(id), locale), { method: "DELETE" });

/** A page in `locale`: version 0 and English texts until its first save there. */
export const loadPageTranslation = (id: string, locale: TranslatedLocale) =>
  api<LandingPageTranslationRecord>(inLanguage(pageUrl(id), locale));

/** Saves page `id`'s texts in `locale` over the translation's `version`, each paired with the English it was edited against. */
export const savePageTranslation = (
  id: string,
  locale: TranslatedLocale,
  version: number,
  data: unknown,
  seen: TranslationSeen,
) => putVersioned<LandingPageTranslationRecord>(inLanguage(pageUrl(id), locale), version, data, seenFields(seen));

/** A page's history (in `locale`: its translation's). */
export const listPageRevisions = async (id: string, locale?: TranslatedLocale) =>
  (await api<RevisionList>(inLanguage(`${pageUrl(id)}/revisions`, locale))).revisions;

/** Saves revision `revision` again as the newest version; `basedOn` is the version the admin sees. */
export const restorePageRevision = <T = LandingPageRecord>(
  id: string,
  revision: number,
  basedOn: number,
  locale?: TranslatedLocale,
) =>
  api<T>(inLanguage(`${pageUrl(id)}/revisions/${revision}/restore`, locale), {
    method: "POST",
    json: { version: basedOn },
  });

/** Views and leads per variant over the last `days` days, and how likely B beats A. */
export const loadPageResults = (id: string, days = 30, signal?: AbortSignal) =>
  api<LandingPageResults>(`${pageUrl(id)}/results?days=${days}`, signal ? { signal } : {});
