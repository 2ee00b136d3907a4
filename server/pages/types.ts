import type { Generated } from "kysely";
import type { Actor, RevisionSummary } from "#content/documents.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import type { LandingPageRecord, LandingPageSummary } from "#content/landing-page-api.ts";
import type { Locale, TranslatedLocale } from "#content/locales.ts";
import type { PostIssue } from "#content/posts.ts";
import type { LandingPageTranslationData } from "./translation.ts";

export type { LandingPageTranslationData };

/**
 * A stored record as the admin reads it: checked by its schema, or, when the schema refuses what is
 * stored (written before a rule tightened, or by hand), as stored with what is wrong.
 */
export type Stored<T extends { data: unknown }> = T | (Omit<T, "data"> & { data: unknown; issues: PostIssue[] });

export type StoredLandingPage = Stored<LandingPageRecord>;

export interface LandingPageRevision extends RevisionSummary {
  id: string;
  data: LandingPage;
}

/** A page in the admin's list as the store reads it: the summary without its views and leads (Insights'). */
export type StoredLandingPageSummary = Omit<LandingPageSummary, "views" | "leads">;

export type LandingPageSaveResult =
  | { ok: true; page: LandingPageRecord }
  /** The version was not the current one (`current`: the page now, or none: no such page). */
  | { ok: false; reason: "conflict"; current: StoredLandingPage | undefined }
  /** Another page has the address (in any status: one address, one page). */
  | { ok: false; reason: "path-taken" };

/** A page's translation into one language as its record stores it. */
export interface LandingPageTranslation {
  id: string;
  locale: TranslatedLocale;
  version: number;
  data: LandingPageTranslationData;
  updatedAt: string;
  updatedBy: string | null;
}

export type StoredLandingPageTranslation = Stored<LandingPageTranslation>;

export interface LandingPageTranslationRevision extends RevisionSummary {
  id: string;
  locale: TranslatedLocale;
  data: unknown;
}

export type LandingPageTranslationSaveResult =
  | { ok: true; translation: LandingPageTranslation }
  | { ok: false; reason: "conflict"; current: StoredLandingPageTranslation | undefined }
  /** There is no English page of that id. */
  | { ok: false; reason: "no-page" };

/** A page's translations, each a record with its own version and revisions (as posts', server/posts/types.ts). */
export interface LandingPageTranslationStore {
  /** The English page (as stored) and its translation into `locale` (undefined: none yet); undefined: no such page. */
  get(
    id: string,
    locale: TranslatedLocale,
  ): Promise<{ english: StoredLandingPage; translation: StoredLandingPageTranslation | undefined } | undefined>;
  /** The English page's data at version `version` (current or a revision), or undefined when it is not kept. */
  englishAt(id: string, version: number): Promise<unknown>;
  /** Saves over `baseVersion` (0: there is none): compare-and-set, with its revision. */
  save(
    id: string,
    locale: TranslatedLocale,
    data: LandingPageTranslationData,
    baseVersion: number,
    actor: Actor,
    restoredFrom?: number,
  ): Promise<LandingPageTranslationSaveResult>;
  /** Removes a translation (its revisions stay): its last version, or undefined when there was none. */
  remove(id: string, locale: TranslatedLocale): Promise<{ version: number } | undefined>;
  revisions(id: string, locale: TranslatedLocale): Promise<RevisionSummary[]>;
  revision(id: string, locale: TranslatedLocale, version: number): Promise<LandingPageTranslationRevision | undefined>;
  /** The languages page `id` has a translation in (any status). */
  languages(ids: readonly string[]): Promise<Map<string, TranslatedLocale[]>>;
}

/** A public page in one language (a team page is public in a language when it and that language's translation are). */
export interface PublicLandingPage extends LandingPageRecord {
  /** When what the page shows in this language last changed (either record): the sitemap's lastmod. */
  shownUpdatedAt: string;
}

/** One public page's address and its languages (the sitemap: published and not hidden from search engines). */
export interface LandingPageAddresses {
  id: string;
  /** The page's address below each language's prefix (`/offers/colombo-smes`, `/si/offers/colombo-smes`). */
  path: string;
  /** By language it is public in: when what that page shows last changed. English always. */
  languages: Partial<Record<Locale, { updatedAt: string }>>;
}

/** A page (or, with `locale`, its translation) whose publish time came. */
export interface LandingPagePublication {
  id: string;
  path: string;
  version: number;
  locale?: TranslatedLocale;
}

/**
 * What the public site reads of the team's pages (./read-model.ts): a page is public in English when
 * it is published and its publish time has come; in Sinhala or Tamil when, besides, its translation
 * into that language is (its texts over the English page's, English where none). A stored page its
 * schema refuses is left out.
 */
export interface LandingPageReadModel {
  /**
   * The public page at `path` (below the language's prefix: `/offers/colombo-smes`) in `locale`
   * (English when absent): its data in that language (both variants' blocks: the route draws one),
   * `locale` and `english` (the text paths still shown in English) for a translated language.
   */
  findByPath(path: string, locale?: Locale): Promise<PublicLandingPage | undefined>;
  /** Every page public in `locale` (the chat's index), in the order of their ids. */
  everyPublic(locale?: Locale): Promise<PublicLandingPage[]>;
  /** Every public page not hidden from search engines, with the languages it is public in (the sitemap). */
  addressesInLanguages(): Promise<LandingPageAddresses[]>;
  /** The earliest publish time after `after` of a published page or translation: when the next one goes live. */
  nextPublication(after: Date): Promise<Date | undefined>;
  /** Published pages and translations (with `locale`) whose publish time falls in (`from`, `to`]. */
  publishedBetween(from: Date, to: Date): Promise<LandingPagePublication[]>;
  /** Changes whenever any page or translation is created, saved or removed (PostgreSQL's catch-up). */
  fingerprint(): Promise<string>;
}

/** What the admin reads and changes (./writes.ts): data passed in is already validated (`landingPageSchema`). */
export interface LandingPageWrites {
  /** Every page, newest change first, without blocks. */
  list(options?: { createdBy?: number | undefined }): Promise<StoredLandingPageSummary[]>;
  /** Any page as stored (one its schema refuses too, with what is wrong). */
  stored(id: string): Promise<StoredLandingPage | undefined>;
  /** The id of the account that created the page (null: none recorded); undefined: no such page. */
  creator(id: string): Promise<number | null | undefined>;
  create(
    data: LandingPage,
    actor: Actor,
    options?: { id?: string; createdBy?: number | undefined },
  ): Promise<LandingPageSaveResult>;
  save(
    id: string,
    data: LandingPage,
    baseVersion: number,
    actor: Actor,
    restoredFrom?: number,
  ): Promise<LandingPageSaveResult>;
  /** Removes the page and its translations (their revisions stay): the page removed, or undefined. */
  remove(id: string): Promise<StoredLandingPage | undefined>;
  revisions(id: string): Promise<RevisionSummary[]>;
  revision(id: string, version: number): Promise<Stored<LandingPageRevision> | undefined>;
}

/** The team's pages (issue 42), each a record with its own version and revisions, and its translations. */
export interface LandingPageStore extends LandingPageReadModel, LandingPageWrites {
  translations: LandingPageTranslationStore;
}

/** Views and leads of the team's pages, as Insights counts them (the lead's, server/pages/metrics.ts). */
export interface PageMetrics {
  /** Views and leads of each page in the last `days` days (all variants, all languages); a page with none may be absent. */
  totals(pageIds: readonly string[], days: number): Promise<Map<string, { views: number; leads: number }>>;
  /** Views and leads of each variant of page `page` (its id) in the last `days` days. */
  byVariant(page: string, days: number): Promise<{ name: string; views: number; leads: number }[]>;
}

/** The team pages' tables (migration 0032-landing-pages). */
export interface LandingPageTables {
  landing_pages: {
    id: string;
    version: number;
    /** Its address below a language's prefix: unique among all pages, whatever their status. */
    path: string;
    title: string;
    /** "draft" or "published". */
    status: string;
    /** UTC ISO text; null: public as soon as it is published. */
    publish_at: string | null;
    /** 1: a draft in review. */
    review: Generated<number>;
    /** 1: hidden from search engines (and the sitemap). */
    noindex: Generated<number>;
    /** 1: it has a variant B. */
    has_variant: Generated<number>;
    data: string;
    created_at: string;
    updated_at: string;
    updated_by: string | null;
    /** The id of the account that created it (a Writer's own pages). */
    created_by: number | null;
  };
  landing_page_revisions: {
    id: Generated<number>;
    page_id: string;
    version: number;
    data: string;
    created_at: string;
    created_by: string | null;
    restored_from: number | null;
  };
  landing_page_translations: {
    /** `<page id>:<locale>`. */
    key: string;
    page_id: string;
    locale: string;
    version: number;
    status: string;
    publish_at: string | null;
    review: Generated<number>;
    /** ./translation.ts `LandingPageTranslationData`. */
    data: string;
    created_at: string;
    updated_at: string;
    updated_by: string | null;
  };
  landing_page_translation_revisions: {
    id: Generated<number>;
    page_id: string;
    locale: string;
    version: number;
    data: string;
    created_at: string;
    created_by: string | null;
    restored_from: number | null;
  };
}
