import { startInsightsHousekeeping } from "#server/insights/housekeeping.ts";
import { startAuthHousekeeping } from "#server/auth/housekeeping.ts";
import { startAuditHousekeeping } from "#server/audit/housekeeping.ts";
import { startChatHousekeeping } from "#server/chat/housekeeping.ts";
import { startOutbox } from "#server/contact/outbox.ts";
import { startPostScheduler } from "#server/posts/scheduler.ts";
import type { AppDeps } from "./deps.ts";

/** Stops what a job started; may wait for work in flight. */
type Stop = () => void | Promise<void>;

/**
 * A feature's background work: one function that starts all of it and returns
 * its stop. Each declares the part of the app's deps it uses; this type makes
 * the compiler check that AppDeps gives it.
 */
type Job = (deps: AppDeps) => Stop;

/**
 * Every feature's background work, started in this order with the server and
 * stopped in the reverse order by the graceful stop (./serve.ts), after the
 * requests in flight are answered and before the database closes. Insights
 * come first, so they stop last: the page views still waiting are written
 * after every other job (and request) is done with the database.
 */
const JOBS: readonly Job[] = [
  startInsightsHousekeeping,
  startAuthHousekeeping,
  startAuditHousekeeping,
  startChatHousekeeping,
  startOutbox,
  startPostScheduler,
];

/** Starts every job; the stop it returns stops them in the reverse order, each after the last has finished. */
export function startJobs(deps: AppDeps): () => Promise<void> {
  const stops = JOBS.map((start) => ({ name: start.name, stop: start(deps) }));
  return async () => {
    for (const { name, stop } of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        // The rest still stop, and the database still closes.
        deps.logger.error("a background job failed to stop", { job: name, reason: String(error) });
      }
    }
  };
}
