import {
  INSIGHTS_TOP,
  DEVICES,
  type InsightsRange,
  type InsightsReport,
  type InsightsExtras,
} from "#content/insights.ts";
import { addDays, wallTime, zonedDateTime } from "#content/time-zone.ts";
import type { Store } from "#server/db/store.ts";
import { CONVERSIONS, type ConversionKind } from "./conversions.ts";
import type { InsightsRecorder } from "./recorder.ts";

export interface Insights {
  /** What `GET /api/analytics` answers. */
  report: InsightsReport;
  /** What the Insights page shows besides. */
  extras: InsightsExtras;
}

const kinds = Object.keys(CONVERSIONS) as ConversionKind[];
const noConversions = () => Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<ConversionKind, number>;

/**
 * The last `range` days up to today (in the site's time zone): visitors and
 * page views per day, the most read pages, sources, campaigns and devices, and
 * conversions per day and per page. Visitors over several days are the sum of
 * each day's (a visitor's hash changes every day, so nobody is followed from
 * one day to the next).
 */
export async function readInsights(
  deps: { store: Store; insights: InsightsRecorder },
  range: InsightsRange,
): Promise<Insights> {
  const { store, insights } = deps;
  const { timeZone } = insights;
  const to = insights.today();
  const from = addDays(to, -(range - 1));
  const dates = Array.from({ length: range }, (_, i) => addDays(from, i));
  const instant = (date: string) => new Date(zonedDateTime(date, "00:00", timeZone)!).toISOString();
  const [fromInstant, toInstant] = [instant(from), instant(addDays(to, 1))];

  const [totals, pages, sources, campaigns, devices, conversions, chats, languages] = await Promise.all([
    store.insights.totals(from, to),
    store.insights.top("page", from, to, "pageviews", INSIGHTS_TOP),
    store.insights.top("source", from, to, "visitors", INSIGHTS_TOP),
    store.insights.top("campaign", from, to, "visitors", INSIGHTS_TOP),
    store.insights.top("device", from, to, "visitors", DEVICES.length),
    Promise.all(kinds.map(async (kind) => [kind, await CONVERSIONS[kind](store, fromInstant, toInstant)] as const)),
    store.conversations.startedBetween(fromInstant, toInstant),
    store.insights.pageviewsByLanguage(from, to),
  ]);

  const perDay = new Map(dates.map((date) => [date, noConversions()]));
  const perPage = new Map<string, Record<ConversionKind, number>>();
  for (const [kind, list] of conversions) {
    for (const { at, page } of list) {
      const day = perDay.get(wallTime(at, timeZone).date);
      if (day) day[kind]++;
      const onPage = perPage.get(page) ?? perPage.set(page, noConversions()).get(page)!;
      onPage[kind]++;
    }
  }
  const byDate = new Map(totals.map((row) => [row.day, row]));
  const visitorsOn = new Map(devices.map((row) => [row.key, row.visitors]));
  const total = (counts: Record<ConversionKind, number>) => kinds.reduce((sum, kind) => sum + counts[kind], 0);

  return {
    report: {
      days: dates.map((date) => ({
        date,
        visitors: byDate.get(date)?.visitors ?? 0,
        pageviews: byDate.get(date)?.pageviews ?? 0,
      })),
      pages: pages.map((row) => ({ path: row.key, pageviews: row.pageviews })),
      sources: sources.map((row) => ({ source: row.key, visitors: row.visitors })),
      devices: DEVICES.map((device) => ({ device, visitors: visitorsOn.get(device) ?? 0 })),
      conversions: dates.map((date) => ({ date, ...perDay.get(date)! })),
    },
    extras: {
      languages,
      campaigns: campaigns.map((row) => ({ campaign: row.key, visitors: row.visitors })),
      conversionPages: [...perPage]
        .map(([path, counts]) => ({ path, ...counts }))
        .sort((a, b) => total(b) - total(a) || a.path.localeCompare(b.path))
        .slice(0, INSIGHTS_TOP),
      unansweredQuestions: chats.reduce((sum, chat) => sum + chat.unanswered, 0),
      unansweredConversations: chats.filter((chat) => chat.unanswered > 0).length,
      answeredFromAnswers: chats.reduce((sum, chat) => sum + chat.fromAnswers, 0),
    },
  };
}
