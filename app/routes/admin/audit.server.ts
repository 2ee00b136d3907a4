// The Audit trail page's loader reads the trail on the server, as GET /api/audit does.
export { readAuditPage } from "#server/audit/routes.ts";
