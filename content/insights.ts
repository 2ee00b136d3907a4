/**
 * Insights: the site's own visitor counts, without cookies (docs/product.md
 * §2 "Insights", docs/decisions/012-insights.md). What `GET /api/analytics`
 * answers and the Insights page reads. Shared by browser and server.
 */

import type { Locale } from "./locales.ts";

/** The ranges the dashboard and the API offer, in days (ending today, in the site's time zone). */
export const INSIGHTS_RANGES = [7, 30, 90] as const;
export type InsightsRange = (typeof INSIGHTS_RANGES)[number];

export function isInsightsRange(value: number): value is InsightsRange {
  return (INSIGHTS_RANGES as readonly number[]).includes(value);
}

/** Devices told apart by the user agent, in the order the dashboard lists them. */
export const DEVICES = ["mobile", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

/** The source of a visit that came with no referrer and no `utm_source` (typed in, bookmarks, apps). */
export const DIRECT_SOURCE = "(direct)";
/**
 * A source or campaign that is not a name (a `utm_source` that is not a short
 * token, a referrer that is not a host name): counted, its text not kept.
 */
export const OTHER_SOURCE = "(other)";

/** How many pages, sources and campaigns a report lists (the most visited first). */
export const INSIGHTS_TOP = 20;

/** The address the page-view beacon posts to (client-side navigations). */
export const PAGE_VIEW_BEACON = "/api/analytics/view";

/** `GET /api/analytics?days=7|30|90`: every date of the range, oldest first, dates in the site's time zone. */
export interface InsightsReport {
  days: { date: string; visitors: number; pageviews: number }[];
  pages: { path: string; pageviews: number }[];
  sources: { source: string; visitors: number }[];
  devices: { device: Device; visitors: number }[];
  conversions: { date: string; messages: number; chats: number; leads: number }[];
}

/** What the Insights page shows beside the report (its loader reads them on the server). */
export interface InsightsExtras {
  /** Page views by the language of the page (its path's prefix), every language listed. */
  languages: { locale: Locale; pageviews: number }[];
  /** Visitors who arrived with a `utm_campaign`, by campaign. */
  campaigns: { campaign: string; visitors: number }[];
  /** Where conversions started: contact messages on /contact, chats on the page they were opened on. */
  conversionPages: { path: string; messages: number; chats: number; leads: number }[];
  /** Questions the chat could not answer, in conversations started in the range. */
  unansweredQuestions: number;
  /** Conversations started in the range with at least one such question. */
  unansweredConversations: number;
  /** Questions answered from the team's Answers (issue 41 item 3), in conversations started in the range. */
  answeredFromAnswers: number;
}
