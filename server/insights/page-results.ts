import { VARIANT_NAMES, type VariantName } from "#content/landing-pages.ts";
import { canonicalPagePath } from "#content/public-pages.ts";
import { localePath, locales } from "#content/locales.ts";
import { addDays, zonedDateTime } from "#content/time-zone.ts";
import type { Store } from "#server/db/store.ts";
import type { InsightsRecorder } from "./recorder.ts";

/** Views and leads of a team page, or of one of its variants. */
export interface PageCounts {
  views: number;
  leads: number;
}

/** What a team page's numbers are read from: Insights' views and the messages (its leads). */
export interface PageResultsDeps {
  store: Pick<Store, "insights" | "messages">;
  insights: Pick<InsightsRecorder, "today" | "timeZone">;
}

/**
 * A team page's views and leads (issue 42), counted as Insights count them: views are page views
 * of its address in every language (/offers/x, /si/offers/x, /ta/offers/x), leads are the contact
 * messages sent from it (its contact block) and the leads left in the chat on it, deleted ones
 * left out. The variant a view showed and a lead came from is stored with it (migration
 * 0031-page-variants): a variant's numbers count only what was shown while the page was split.
 */
export function createPageResults({ store, insights }: PageResultsDeps) {
  /** The last `days` days up to today, as Insights' days and as the instants messages are kept at. */
  const rangeOf = (days: number) => {
    const to = insights.today();
    const from = addDays(to, -(days - 1));
    const instant = (date: string) => new Date(zonedDateTime(date, "00:00", insights.timeZone)!).toISOString();
    return { from, to, fromInstant: instant(from), toInstant: instant(addDays(to, 1)) };
  };
  const addresses = (path: string) => locales.map((locale) => localePath(locale, path));

  /** The leads of the last `days` days on the team pages at `paths`, by page (the English path) and variant. */
  async function leadsOn(paths: readonly string[], range: ReturnType<typeof rangeOf>) {
    const pageOf = new Map(paths.flatMap((path) => addresses(path).map((address) => [address, path] as const)));
    const leads: { path: string; variant: VariantName | null }[] = [];
    for (const message of await store.messages.sentBetween(range.fromInstant, range.toInstant)) {
      if (message.page === undefined) continue;
      const path = pageOf.get(canonicalPagePath(message.page) ?? message.page);
      if (path !== undefined) leads.push({ path, variant: message.variant });
    }
    return leads;
  }

  return {
    /** Each page's views and leads over the last `days` days (the admin's list), by its path. */
    async totals(paths: readonly string[], days: number): Promise<Map<string, PageCounts>> {
      const range = rangeOf(days);
      const totals = new Map(paths.map((path) => [path, { views: 0, leads: 0 }]));
      const byAddress = new Map(paths.flatMap((path) => addresses(path).map((address) => [address, path] as const)));
      const [views, leads] = await Promise.all([
        store.insights.countsOf("page", [...byAddress.keys()], range.from, range.to),
        leadsOn(paths, range),
      ]);
      for (const { key, pageviews } of views) totals.get(byAddress.get(key)!)!.views += pageviews;
      for (const { path } of leads) totals.get(path)!.leads++;
      return totals;
    },

    /** The page's views and leads per variant over the last `days` days (its results). */
    async byVariant(path: string, days: number): Promise<({ name: VariantName } & PageCounts)[]> {
      const range = rangeOf(days);
      const keys = addresses(path).flatMap((address) => VARIANT_NAMES.map((name) => `${address} ${name}`));
      const [views, leads] = await Promise.all([
        store.insights.countsOf("variant", keys, range.from, range.to),
        leadsOn([path], range),
      ]);
      return VARIANT_NAMES.map((name) => ({
        name,
        views: views.filter(({ key }) => key.endsWith(` ${name}`)).reduce((sum, { pageviews }) => sum + pageviews, 0),
        leads: leads.filter((lead) => lead.variant === name).length,
      }));
    },
  };
}

export type PageResults = ReturnType<typeof createPageResults>;
