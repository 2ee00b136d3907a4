import { useRevalidator } from "react-router";
import { isInsightsRange, type InsightsRange } from "#content/insights.ts";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { InsightsDashboard } from "#app/components/admin/insights/insights-dashboard.tsx";
import { useEventStream } from "#app/components/admin/data/use-event-stream.ts";
import type { Route } from "./+types/insights";
import { adminPage } from "./gate.server.ts";
import { readInsights } from "./insights.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Insights · Admin" }, { name: "robots", content: "noindex" }];

const DEFAULT_RANGE: InsightsRange = 30;

export async function loader({ context, request }: Route.LoaderArgs) {
  const days = Number(new URL(request.url).searchParams.get("days"));
  const range = isInsightsRange(days) ? days : DEFAULT_RANGE;
  const timeZone = context.deps.env.SITE_TIMEZONE;
  // A role that may not read Insights gets the header alone (the gate: #content/access.ts).
  const page = await adminPage(context, "GET /admin/insights");
  if (!page.allowed) return page.refused({ range, insights: null, refreshedAt: "", timeZone });
  return {
    ...page.account,
    timeZone,
    range,
    insights: await readInsights(context.deps, range),
    refreshedAt: new Date().toISOString(),
  };
}

/** Insights (docs/product.md §2): the report for the chosen range, loaded again as visits and messages arrive. */
export default function Insights({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // The server sends `analytics` at most every few seconds; a refresh under way takes the next one along.
  const refresh = () => {
    if (loaderData.email && revalidator.state === "idle") void revalidator.revalidate();
  };
  useEventStream({ analytics: refresh, message: refresh, reconnect: refresh });

  return (
    <AdminShell
      email={loaderData.email}
      role={loaderData.role}
      page="insights"
      twoFactorSetup={loaderData.twoFactorSetup}
    >
      {loaderData.insights ? (
        <InsightsDashboard
          range={loaderData.range}
          insights={loaderData.insights}
          refreshedAt={loaderData.refreshedAt}
          timeZone={loaderData.timeZone}
        />
      ) : null}
    </AdminShell>
  );
}
