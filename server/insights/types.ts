import type { Locale } from "#content/locales.ts";
import type { Generated } from "kysely";
import type { Device } from "#content/insights.ts";

/**
 * Page views as stored: who (a hash that changes every day), which page, from
 * where, on what kind of device, how many times in one batch. Never an
 * address, a user agent or a full referrer.
 */
export interface StoredView {
  /** YYYY-MM-DD in the site's time zone. */
  day: string;
  /** Hash of the day's salt, the address and the user agent (./recorder.ts). */
  visitor: string;
  path: string;
  /** The referrer's host or `utm_source` ("(direct)" for none); null for a page reached from the site itself. */
  source: string | null;
  campaign: string | null;
  device: Device;
  /** On a team page with a variant B (issue 42): `<path> <variant>` (`/offers/x B`), else null. */
  pageVariant: string | null;
  views: number;
}

/**
 * What a report counts, by day and dimension value (the events' column each
 * is read from): `total` (key ""), `page`, `source`, `campaign` and `device`. Rollups (analytics_daily) hold
 * the same rows for every day that is over, so a report reads one table for
 * those and the raw events for the rest (today).
 */
export const DIMENSIONS = {
  total: null,
  page: "path",
  // Null on a page reached from the site itself: sources and campaigns are counted on landings only.
  source: "source",
  campaign: "campaign",
  device: "device",
  // A team page's variant as `<path> <variant>`: its results (server/insights/page-results.ts).
  variant: "page_variant",
} as const;
export type Dimension = keyof typeof DIMENSIONS;

export interface DimensionCount {
  key: string;
  visitors: number;
  pageviews: number;
}

export interface InsightsStore {
  /** Stores a batch of counted views. */
  addViews(views: readonly StoredView[]): Promise<void>;
  /** The day's salt, made (random) when first asked for: every instance on the database hashes alike. */
  salt(day: string): Promise<string>;
  /** Deletes the salts of days before `day`. */
  removeSaltsBefore(day: string): Promise<number>;
  /** Rolls up every day before `before` that has events and no rollup yet; the days rolled up. */
  rollUp(before: string): Promise<string[]>;
  /** Deletes the raw events of days before `day`; how many rows went. */
  removeEventsBefore(day: string): Promise<number>;
  /** Per day in [from, to]: visitors and page views (days with none are left out). */
  totals(from: string, to: string): Promise<(DimensionCount & { day: string })[]>;
  /** Summed over [from, to], the most `measure` first: the values of one dimension. */
  top(
    dimension: Exclude<Dimension, "total">,
    from: string,
    to: string,
    measure: "visitors" | "pageviews",
    limit: number,
  ): Promise<DimensionCount[]>;
  /** Summed over [from, to]: the counts of the given values of one dimension (those with none left out). */
  countsOf(
    dimension: Exclude<Dimension, "total">,
    keys: readonly string[],
    from: string,
    to: string,
  ): Promise<DimensionCount[]>;
  /** Page views over [from, to] by the pages' language, every language listed (issue 25). */
  pageviewsByLanguage(from: string, to: string): Promise<{ locale: Locale; pageviews: number }[]>;
}

/** Insights' tables (migration 0010-analytics; their names, older than the feature's, are stored). */
export interface InsightsTables {
  analytics_events: {
    id: Generated<number>;
    day: string;
    visitor: string;
    path: string;
    source: string | null;
    campaign: string | null;
    device: string;
    /** A team page's `<path> <variant>` (migration 0031-page-variants), else null. */
    page_variant: string | null;
    views: number;
  };
  analytics_daily: {
    id: Generated<number>;
    kind: string;
    day: string;
    key: string;
    visitors: number;
    pageviews: number;
  };
  analytics_salts: {
    day: string;
    salt: string;
  };
}
