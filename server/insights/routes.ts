import { Hono } from "hono";
import { z } from "zod";
import { isInsightsRange, type InsightsRange } from "#content/insights.ts";
import { CONVERSATION_PAGE_MAX } from "#content/conversations.ts";
import type { Store } from "#server/db/store.ts";
import type { Env } from "#server/env.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { siteOrigin } from "#server/lib/site-origin.ts";
import { isPublicPage, variantShownAt } from "./public-pages.ts";
import type { InsightsRecorder } from "./recorder.ts";
import { readInsights } from "./report.ts";

const RANGE_ERROR = "days must be 7, 30 or 90.";
const rangeQuery = z.object({
  days: z
    .string({ error: RANGE_ERROR })
    .regex(/^\d{1,3}$/, RANGE_ERROR)
    .transform(Number)
    .refine(isInsightsRange, RANGE_ERROR),
});

/** Beacons one address may send in a minute (a person clicks far fewer pages). */
const BEACONS_PER_MINUTE = 60;
/** Addresses the beacon throttle remembers in a minute; past that, new ones wait for the next minute. */
const BEACON_ADDRESSES = 10_000;

/**
 * A fixed-window count per address, in this process's memory: a beacon costs
 * no database write before it is known to be counted (each instance counts
 * its own, which is enough to stop one address filling the statistics).
 */
function beaconThrottle() {
  let window = 0;
  let hits = new Map<string, number>();
  return (address: string, now = Date.now()) => {
    const minute = Math.floor(now / 60_000);
    if (minute !== window) {
      window = minute;
      hits = new Map();
    }
    const count = hits.get(address) ?? 0;
    if (count >= BEACONS_PER_MINUTE || (count === 0 && hits.size >= BEACON_ADDRESSES)) return false;
    hits.set(address, count + 1);
    return true;
  };
}

/**
 * Insights: `GET /api/analytics?days=7|30|90` (admins) answers the report;
 * `POST /api/analytics/view` is the beacon a public page sends after a
 * client-side navigation (its first page was counted when it was served).
 */
export function insightsRoutes() {
  const allowed = beaconThrottle();
  return new Hono<AppBindings<{ env: Env; store: Store; insights: InsightsRecorder }>>()
    .get("/", async (c) => {
      c.header("Cache-Control", "no-store");
      const input = rangeQuery.safeParse(c.req.query());
      if (!input.success) return jsonError(c, 400, input.error.issues[0]?.message ?? "Invalid range.");
      const { report } = await readInsights(c.var.deps, input.data.days as InsightsRange);
      return c.json(report);
    })
    .post("/view", async (c) => {
      const { deps } = c.var;
      // Only the site's own pages send it: browsers always send Origin with a beacon.
      const origin = c.req.header("origin");
      if (!origin || (origin !== siteOrigin(deps.env, c.req.url) && origin !== new URL(c.req.url).origin))
        return jsonError(c, 403, "Page views are counted from the site's own pages only.");
      if (!allowed(c.var.clientIp)) return jsonError(c, 429, "Too many page views from this address.");
      const path = (await c.req.text()).trim();
      if (path.length > CONVERSATION_PAGE_MAX || !(await isPublicPage(path, deps.store.posts, deps.store.pages)))
        return jsonError(c, 400, "That is not a page of this site.");
      // Admins' own visits are not counted.
      if (c.var.user === null) {
        const hit = { url: path, address: c.var.clientIp, header: (name: string) => c.req.header(name) };
        const variant = await variantShownAt(path, deps.store.pages, () => deps.insights.visitorKey(hit));
        deps.insights.navigation({ ...hit, variant });
      }
      return c.body(null, 204);
    });
}
