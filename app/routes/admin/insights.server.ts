// The Insights page's loader reads the report on the server, as GET /api/analytics does.
export { readInsights } from "#server/insights/report.ts";
