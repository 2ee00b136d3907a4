import { auditQuerySchema } from "#content/audit.ts";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { AuditTrail } from "#app/components/admin/audit/audit-trail.tsx";
import type { Route } from "./+types/audit";
import { readAuditPage } from "./audit.server.ts";
import { adminPage } from "./gate.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Audit trail · Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  // Administrators only, two-factor set up where required (the gate: #content/access.ts); any other gets the header alone.
  const page = await adminPage(context, "GET /admin/audit");
  if (!page.allowed) return page.refused({ trail: null });
  const asked = auditQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // A filter the address got wrong shows the whole trail rather than an error page.
  const query = asked.success ? asked.data : { action: undefined };
  const { store } = context.deps;
  return {
    ...page.account,
    trail: {
      page: await readAuditPage(store, query),
      actors: await store.audit.actors(),
      filter: { actor: query.actor ?? "", action: query.action ?? "" },
    },
  };
}

/** The audit trail (issue 28 item 6): who did what and when, filtered and paged, for Administrators. */
export default function Audit({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.email} role={loaderData.role} page="audit" twoFactorSetup={loaderData.twoFactorSetup}>
      {loaderData.trail ? <AuditTrail {...loaderData.trail} /> : null}
    </AdminShell>
  );
}
