import type { ShouldRevalidateFunctionArgs } from "react-router";
import { adminDocumentKeysFor } from "#app/components/admin/tab-registry.tsx";
import { AdminPanel } from "#app/components/admin/admin-panel.tsx";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import type { AdminDocuments } from "#app/components/admin/data/record-kinds.ts";
import { SiteTimeZoneContext } from "#app/components/admin/data/site-time-zone.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const timeZone = context.deps.env.SITE_TIMEZONE;
  if (!context.user)
    return { email: null, role: null, documents: {} as AdminDocuments, timeZone, twoFactorSetup: false };
  const { store } = context.deps;
  const { email, role } = context.user;
  // Its role must use two-factor sign-in: nothing but the set-up until it has (server/auth/two-factor/).
  if (context.user.twoFactorSetupRequired)
    return { email, role, documents: {} as AdminDocuments, timeZone, twoFactorSetup: true };
  // Only the documents of the tabs the account's role sees (#content/roles.ts).
  const entries = await Promise.all(
    adminDocumentKeysFor(role).map(async (key) => [key, await store.documents.get(key)] as const),
  );
  return { email, role, documents: Object.fromEntries(entries) as AdminDocuments, timeZone, twoFactorSetup: false };
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
