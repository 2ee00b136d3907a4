import { addDays, wallTime } from "#content/time-zone.ts";
import type { Store } from "#server/db/store.ts";
import type { Logger } from "#server/logger.ts";
import type { AnalyticsRecorder } from "./recorder.ts";

/** Raw events are kept this many days (their rollups stay). */
export const RAW_EVENT_DAYS = 30;
/**
 * A day is rolled up, and its salt deleted, this long after it ends: views
 * still waiting in an instance's memory at midnight are written first.
 */
const SETTLE_MS = 5 * 60 * 1000;
/** How often the housekeeping runs (server/http/serve.ts). */
export const HOUSEKEEPING_EVERY_MS = 5 * 60 * 1000;

/**
 * Rolls up every day that is over, deletes the salts of those days (a
 * visitor's hash can then no longer be made again from an address) and the
 * raw events older than RAW_EVENT_DAYS. Safe on several instances at once.
 */
export async function analyticsHousekeeping(deps: {
  store: Store;
  logger: Logger;
  analytics: AnalyticsRecorder;
}): Promise<void> {
  const { store, analytics } = deps;
  const settled = wallTime(new Date(analytics.now() - SETTLE_MS), analytics.timeZone).date;
  const rolled = await store.analytics.rollUp(settled);
  await store.analytics.removeSaltsBefore(settled);
  const removed = await store.analytics.removeEventsBefore(addDays(analytics.today(), -RAW_EVENT_DAYS));
  if (rolled.length > 0 || removed > 0) deps.logger.info("page views rolled up", { days: rolled.join(" "), removed });
}
