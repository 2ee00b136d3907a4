import { auditQuerySchema } from "#content/audit.ts";
import { may } from "#content/roles.ts";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { AuditTrail } from "#app/components/admin/audit/audit-trail.tsx";
import type { Route } from "./+types/audit";
import { readAuditPage } from "./audit.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Audit trail · Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) return { email: null, role: null, trail: null };
  const { email, role } = context.user;
  // Administrators only (#content/roles.ts): any other role gets the header alone.
  if (!may(role, "GET /api/audit")) return { email, role, trail: null };
  const asked = auditQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // A filter the address got wrong shows the whole trail rather than an error page.
  const query = asked.success ? asked.data : { action: undefined };
  const { store } = context.deps;
  return {
    email,
    role,
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
    <AdminShell email={loaderData.email} role={loaderData.role} page="audit">
      {loaderData.trail ? <AuditTrail {...loaderData.trail} /> : null}
    </AdminShell>
  );
}
