import type { ShouldRevalidateFunctionArgs } from "react-router";
import { adminDocumentKeysFor } from "#app/components/admin/tab-registry.tsx";
import { AdminPanel } from "#app/components/admin/admin-panel.tsx";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import type { AdminDocuments } from "#app/components/admin/data/record-kinds.ts";
import { SiteTimeZoneContext } from "#app/components/admin/data/site-time-zone.ts";
import type { Route } from "./+types/index";
import { adminPage } from "./gate.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const timeZone = context.deps.env.SITE_TIMEZONE;
  const page = await adminPage(context, "GET /admin");
  if (!page.allowed || !page.account.role) return page.refused({ documents: {} as AdminDocuments, timeZone });
  const { store } = context.deps;
  // Only the documents of the tabs the account's role sees (#content/roles.ts).
  const entries = await Promise.all(
    adminDocumentKeysFor(page.account.role).map(async (key) => [key, await store.documents.get(key)] as const),
  );
  return { ...page.account, documents: Object.fromEntries(entries) as AdminDocuments, timeZone };
}

/** Switching tabs only changes ?tab=; the documents are already here and kept live. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      email={loaderData.email}
      role={loaderData.role}
      page="content"
      twoFactorSetup={loaderData.twoFactorSetup}
    >
      {loaderData.email && loaderData.role && !loaderData.twoFactorSetup ? (
        <SiteTimeZoneContext.Provider value={loaderData.timeZone}>
          <AdminPanel
            key={loaderData.email}
            email={loaderData.email}
            role={loaderData.role}
            initialDocuments={loaderData.documents}
          />
        </SiteTimeZoneContext.Provider>
      ) : null}
    </AdminShell>
  );
}
