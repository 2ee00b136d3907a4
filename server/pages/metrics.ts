import { localePath, locales } from "#content/locales.ts";
import { wallTime } from "#content/time-zone.ts";
import type { Store } from "#server/db/store.ts";
import type { PageMetrics } from "./types.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a lead or a chat says it was sent from, as a path (its query and fragment dropped). */
const pathOf = (page: string | undefined) => page?.split(/[?#]/)[0];

/**
 * The team pages' views and leads as Insights counts them: views are Insights' page views of the
 * page's address in every language (server/insights/, days in the site's time zone), leads the
 * contact messages (the form and the chat's "Talk to the team") sent from it. Insights does not
 * record which variant a visitor saw: `byVariant` gives none until it does (the page's results then
 * show zeros), the lead's part of issue 42.
 */
export function createInsightsPageMetrics(
  store: Pick<Store, "insights" | "messages" | "pages">,
  timeZone: string,
  now: () => Date = () => new Date(),
): PageMetrics {
  return {
    async totals(pageIds, days) {
      const found = new Map<string, { views: number; leads: number }>();
      if (pageIds.length === 0) return found;
      const to = now();
      const from = new Date(to.getTime() - (days - 1) * DAY_MS);
      const [views, messages] = await Promise.all([
        store.insights.top("page", wallTime(from, timeZone).date, wallTime(to, timeZone).date, "pageviews", 100_000),
        store.messages.sentBetween(new Date(to.getTime() - days * DAY_MS).toISOString(), to.toISOString()),
      ]);
      const viewsAt = new Map(views.map((row) => [row.key, row.pageviews]));
      const leadsAt = new Map<string, number>();
      for (const message of messages) {
        const path = pathOf(message.page);
        if (path) leadsAt.set(path, (leadsAt.get(path) ?? 0) + 1);
      }
      for (const id of pageIds) {
        const page = await store.pages.stored(id);
        const path = (page?.data as { path?: unknown } | undefined)?.path;
        if (typeof path !== "string") continue;
        const addresses = locales.map((locale) => localePath(locale, path));
        const sum = (counts: Map<string, number>) =>
          addresses.reduce((total, address) => total + (counts.get(address) ?? 0), 0);
        found.set(id, { views: sum(viewsAt), leads: sum(leadsAt) });
      }
      return found;
    },
    byVariant: () => Promise.resolve([]),
  };
}
