import { Hono } from "hono";
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  auditQuerySchema,
  describeTarget,
  revisionUrl,
  type AuditPage,
  type AuditQuery,
} from "#content/audit.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import { csvDownload } from "#server/http/csv.ts";
import { jsonError } from "#server/http/errors.ts";

/** The most rows one CSV export holds (a year of a busy admin is far fewer). */
const EXPORT_LIMIT = 100_000;

/** A page of the trail as GET /api/audit answers it (and the "Audit trail" screen's loader reads it). */
export async function readAuditPage(store: Pick<Store, "audit">, query: AuditQuery): Promise<AuditPage> {
  const page = query.page ?? 1;
  const filter = { actor: query.actor || undefined, action: query.action };
  const { events, total } = await store.audit.page(filter, page, AUDIT_PAGE_SIZE);
  return { events, total, page, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
}

/** The audit trail (issue 28 item 6), for Administrators (content/roles.ts): pages with filters, and CSV. */
export const auditRoutes = new Hono<AppBindings<{ store: Pick<Store, "audit"> }>>()
  .get("/", async (c) => {
    const input = auditQuerySchema.safeParse(c.req.query());
    if (!input.success) return jsonError(c, 400, input.error.issues[0]?.message ?? "Invalid filter.");
    c.header("Cache-Control", "no-store");
    return c.json(await readAuditPage(c.var.deps.store, input.data));
  })
  .get("/export.csv", async (c) => {
    const input = auditQuerySchema.safeParse(c.req.query());
    if (!input.success) return jsonError(c, 400, input.error.issues[0]?.message ?? "Invalid filter.");
    const events = await c.var.deps.store.audit.all(
      { actor: input.data.actor || undefined, action: input.data.action },
      EXPORT_LIMIT,
    );
    const header = ["When", "Account", "Action", "Action code", "Target", "Version", "Detail"];
    const rows = events.map((event) => [
      event.at,
      event.actor.email ?? "",
      AUDIT_ACTIONS[event.action],
      event.action,
      describeTarget(event.target),
      revisionUrl(event.target) ? String(event.target!.revision) : "",
      event.detail ? JSON.stringify(event.detail) : "",
    ]);
    return csvDownload(c, "audit-trail", header, rows);
  });
