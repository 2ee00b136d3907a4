import { LOCALES, isTranslated } from "#content/locales.ts";
import { Link } from "react-router";
import { INSIGHTS_RANGES, DIRECT_SOURCE, OTHER_SOURCE, type InsightsRange } from "#content/insights.ts";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/components/ui/cn.ts";
import type { Insights } from "#server/insights/report.ts";
import { documentAdminLink } from "../admin-links.ts";
import { Panel } from "./panel.tsx";
import { RankedTable } from "./ranked-table.tsx";
import { TrendChart } from "./trend-chart.tsx";

const COLORS = { visitors: "#1d63d8", pageviews: "#0d9488", messages: "#1a4fae", chats: "#0d9488", leads: "#d97706" };
const DEVICE_NAMES = { mobile: "Mobile", tablet: "Tablet", desktop: "Desktop" } as const;
/** A source or campaign a visitor sent that is not a site's name or a short tag (its text is not kept). */
const OTHER_LABEL = "Other (not a site name or tag)";

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const count = (value: number) => value.toLocaleString("en");

function Stat({ label, value, note }: { label: string; value: string; note?: React.ReactNode }) {
  return (
    <Card role="group" aria-label={label} className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-950">{value}</p>
      {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
    </Card>
  );
}

/**
 * The Insights page (docs/product.md §2 "Insights"): visitors and page views
 * per day, conversions per day, the most read pages, sources, campaigns and
 * devices, for the last 7, 30 or 90 days.
 */
export function InsightsDashboard({
  range,
  insights: { report, extras },
  refreshedAt,
  timeZone,
}: {
  range: InsightsRange;
  insights: Insights;
  refreshedAt: string;
  /** The site's time zone: the dates are its days. */
  timeZone: string;
}) {
  const dates = report.days.map((day) => day.date);
  const visitors = report.days.map((day) => day.visitors);
  const pageviews = report.days.map((day) => day.pageviews);
  const messages = report.conversions.map((day) => day.messages);
  const chats = report.conversions.map((day) => day.chats);
  const leads = report.conversions.map((day) => day.leads);
  const time = new Date(refreshedAt).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone });

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6 sm:px-6 sm:py-8 [&>*]:min-w-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold text-slate-950">Insights</h2>
          <p className="mt-1 text-sm text-slate-600">
            Visitors counted without cookies; bots, admins and visitors who ask not to be tracked are left out.{" "}
            <span aria-live="polite">Updated live, last at {time}.</span>
          </p>
        </div>
        <nav aria-label="Range" className="inline-flex self-start rounded-lg border border-slate-200 bg-white p-1">
          {INSIGHTS_RANGES.map((days) => (
            <Link
              key={days}
              to={`?days=${days}`}
              preventScrollReset
              aria-current={days === range ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap",
                days === range ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              {days} days
            </Link>
          ))}
        </nav>
      </div>

      <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        <Stat label="Visitors" value={count(sum(visitors))} note="Each counted once a day" />
        <Stat label="Page views" value={count(sum(pageviews))} />
        <Stat label="Contact messages" value={count(sum(messages))} />
        <Stat label="Chats started" value={count(sum(chats))} note={`${count(sum(leads))} chat leads`} />
        <Stat
          label="Unanswered questions"
          value={count(extras.unansweredQuestions)}
          note={
            extras.unansweredConversations > 0 ? (
              <Link to="/admin?tab=ai" className="text-brand-700 underline">
                In {count(extras.unansweredConversations)} chats: read them
              </Link>
            ) : (
              "The chat answered every question"
            )
          }
        />
        <Stat
          label="Answered from Answers"
          value={count(extras.answeredFromAnswers)}
          note={
            <Link to={documentAdminLink("answers")} className="text-brand-700 underline">
              What the team taught the assistant
            </Link>
          }
        />
      </section>

      <Panel title="Visitors and page views per day">
        <TrendChart
          title="Visitors and page views per day"
          kind="line"
          dates={dates}
          series={[
            { label: "Visitors", values: visitors, color: COLORS.visitors },
            { label: "Page views", values: pageviews, color: COLORS.pageviews },
          ]}
        />
      </Panel>

      <Panel title="Conversions per day">
        <TrendChart
          title="Conversions per day"
          kind="bar"
          dates={dates}
          series={[
            { label: "Contact messages", values: messages, color: COLORS.messages },
            { label: "Chats started", values: chats, color: COLORS.chats },
            { label: "Chat leads", values: leads, color: COLORS.leads },
          ]}
        />
      </Panel>

      <div className="grid gap-5 lg:grid-cols-2 [&>*]:min-w-0">
        <RankedTable
          title="Top pages"
          nameHeader="Page"
          valueHeader="Views"
          rows={report.pages.map((page) => ({ key: page.path, label: page.path, value: page.pageviews }))}
          empty="No page views in this range yet."
        />
        <RankedTable
          title="Top sources"
          nameHeader="Source"
          valueHeader="Visitors"
          rows={report.sources.map((source) => ({
            key: source.source,
            label:
              source.source === DIRECT_SOURCE
                ? "Direct (no referrer)"
                : source.source === OTHER_SOURCE
                  ? OTHER_LABEL
                  : source.source,
            value: source.visitors,
          }))}
          empty="No visitors arrived in this range yet."
        />
        <RankedTable
          title="Devices"
          nameHeader="Device"
          valueHeader="Visitors"
          share
          rows={report.devices.map((device) => ({
            key: device.device,
            label: DEVICE_NAMES[device.device],
            value: device.visitors,
          }))}
          empty="No visitors in this range yet."
        />
        <RankedTable
          title="Campaigns"
          nameHeader="Campaign (utm_campaign)"
          valueHeader="Visitors"
          rows={extras.campaigns.map((campaign) => ({
            key: campaign.campaign,
            label: campaign.campaign === OTHER_SOURCE ? OTHER_LABEL : campaign.campaign,
            value: campaign.visitors,
          }))}
          empty="No visitor came from a link with utm_campaign in this range."
        />
        <RankedTable
          title="Languages"
          nameHeader="Language"
          valueHeader="Views"
          share
          rows={extras.languages.map(({ locale, pageviews }) => ({
            key: locale,
            label: `${LOCALES[locale].nativeName}${!isTranslated(locale) ? "" : ` (${LOCALES[locale].label})`}`,
            value: pageviews,
          }))}
          empty="No page views in this range yet."
        />
      </div>

      <Panel title="Where conversions started">
        {extras.conversionPages.length === 0 ? (
          <p className="text-sm text-slate-600">No contact messages or chats in this range yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="pb-1 font-medium">
                    Page
                  </th>
                  <th scope="col" className="pb-1 text-right font-medium">
                    Messages
                  </th>
                  <th scope="col" className="pb-1 text-right font-medium">
                    Chats
                  </th>
                  <th scope="col" className="pb-1 text-right font-medium">
                    Leads
                  </th>
                </tr>
              </thead>
              <tbody>
                {extras.conversionPages.map((page) => (
                  <tr key={page.path} className="border-t border-slate-100">
                    <th scope="row" className="py-1.5 pr-2 font-normal text-slate-800">
                      {page.path}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{page.messages}</td>
                    <td className="py-1.5 text-right tabular-nums">{page.chats}</td>
                    <td className="py-1.5 text-right tabular-nums">{page.leads}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </div>
  );
}
