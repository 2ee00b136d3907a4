import type { LandingBlock, LandingPage } from "./landing-page-schema.ts";
import type { VariantName } from "./landing-pages.ts";
import type { TextState } from "./localize.ts";
import type { Locale, TranslatedLocale } from "./locales.ts";
import type { PostState } from "./post-status.ts";

/**
 * What the team pages' API answers (issue 42, `/api/pages`), shared by the admin and the server.
 * Apart from ./landing-pages.ts (what every public page may load) and from the schema, which the
 * text engine reads: these shapes name both, so they live where neither imports them.
 */

export type { LandingBlock, LandingPage };

/** A page as its record stores it (`GET /api/pages/:id`); `data` is what the admin edits. */
export interface LandingPageRecord {
  id: string;
  version: number;
  data: LandingPage;
  updatedAt: string;
  updatedBy: string | null;
  /** In another language: which language, and the texts shown in English for want of a translation. */
  locale?: TranslatedLocale;
  english?: string[];
}

/** A page in the admin's list (`GET /api/pages`): never its blocks. */
export interface LandingPageSummary {
  id: string;
  version: number;
  path: string;
  title: string;
  status: LandingPage["status"];
  /** Where the page stands for visitors now (a published page with a later publish time is scheduled). */
  state: PostState;
  publishAt: string | null;
  noindex: boolean;
  review?: boolean;
  /** The languages it has a translation in (English always). */
  languages: Locale[];
  /** Whether it has a variant B. */
  hasVariant: boolean;
  /** Views and leads in the last 30 days (all variants, all languages). */
  views: number;
  leads: number;
  updatedAt: string;
  updatedBy: string | null;
}

/** A page's translation as the API answers it (`GET /api/pages/:id?locale=si`), as posts' (content/posts.ts). */
export interface LandingPageTranslationRecord {
  id: string;
  locale: TranslatedLocale;
  version: number;
  data: LandingPage;
  englishVersion: number;
  states: Record<string, TextState>;
  englishTexts: Record<string, string>;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** `GET /api/pages/:id/results?days=30`: views and leads per variant, and how likely B beats A. */
export interface LandingPageResults {
  days: number;
  variants: { name: VariantName; views: number; leads: number }[];
  /** P(B's lead rate > A's) under Beta(1 + leads, 1 + views − leads) posteriors; null without a variant B. */
  probabilityBBeatsA: number | null;
}
