import { addDays, wallTime } from "#content/time-zone.ts";
import type { Store } from "#server/db/store.ts";
import type { Logger } from "#server/logger.ts";
import type { InsightsRecorder } from "./recorder.ts";

/** Raw events are kept this many days (their rollups stay). */
export const RAW_EVENT_DAYS = 30;
/**
 * A day is rolled up, and its salt deleted, this long after it ends: views
 * still waiting in an instance's memory at midnight are written first.
 */
const SETTLE_MS = 5 * 60 * 1000;
/** How often the housekeeping runs (startInsightsHousekeeping, below). */
export const HOUSEKEEPING_EVERY_MS = 5 * 60 * 1000;

/**
 * Rolls up every day that is over, deletes the salts of those days (a
 * visitor's hash can then no longer be made again from an address) and the
 * raw events older than RAW_EVENT_DAYS. Safe on several instances at once.
 */
export async function insightsHousekeeping(deps: {
  store: Store;
  logger: Logger;
  insights: InsightsRecorder;
}): Promise<void> {
  const { store, insights } = deps;
  const settled = wallTime(new Date(insights.now() - SETTLE_MS), insights.timeZone).date;
  const rolled = await store.insights.rollUp(settled);
  await store.insights.removeSaltsBefore(settled);
  const removed = await store.insights.removeEventsBefore(addDays(insights.today(), -RAW_EVENT_DAYS));
  if (rolled.length > 0 || removed > 0) deps.logger.info("page views rolled up", { days: rolled.join(" "), removed });
}

/**
 * Insights' background work, started with the server (server/assembly/jobs.ts):
 * counted views are written in batches (./recorder.ts), and days that are over
 * are rolled up at start and every HOUSEKEEPING_EVERY_MS. The stop writes the
 * views still waiting, so it comes after every request is answered and before
 * the database closes (the jobs are stopped in the reverse order of their start).
 */
export function startInsightsHousekeeping(deps: {
  store: Store;
  logger: Logger;
  insights: InsightsRecorder;
}): () => Promise<void> {
  const tidy = () =>
    insightsHousekeeping(deps).catch((error: unknown) =>
      deps.logger.warn("could not roll up page views", { reason: String(error) }),
    );
  const timer = setInterval(() => void tidy(), HOUSEKEEPING_EVERY_MS);
  timer.unref();
  void tidy();
  deps.insights.start();
  return async () => {
    clearInterval(timer);
    await deps.insights.close();
  };
}
