import type { Store } from "#server/db/store.ts";
import { createPageResults, type PageResultsDeps } from "#server/insights/page-results.ts";
import type { PageMetrics } from "./types.ts";

/**
 * The team pages' views and leads by page id, as Insights counts them (server/insights/page-results.ts,
 * which counts by address): each id is read as its page's current address. A page whose stored data
 * names no address counts nothing.
 */
export function createInsightsPageMetrics(deps: PageResultsDeps & { store: Pick<Store, "pages"> }): PageMetrics {
  const results = createPageResults(deps);
  const pathOf = async (id: string) => {
    const path = ((await deps.store.pages.stored(id))?.data as { path?: unknown } | undefined)?.path;
    return typeof path === "string" ? path : undefined;
  };
  return {
    async totals(pageIds, days) {
      const paths = new Map<string, string>();
      for (const id of pageIds) {
        const path = await pathOf(id);
        if (path !== undefined) paths.set(id, path);
      }
      const counted = await results.totals([...paths.values()], days);
      return new Map([...paths].map(([id, path]) => [id, counted.get(path) ?? { views: 0, leads: 0 }]));
    },
    async byVariant(page, days) {
      const path = await pathOf(page);
      return path === undefined ? [] : results.byVariant(path, days);
    },
  };
}
