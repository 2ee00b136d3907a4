import { Outlet, useRouteLoaderData } from "react-router";
import { OrganizationJsonLd } from "#app/components/site/organization-json-ld.tsx";
import { ParticleBackground } from "#app/components/site/particle-background.tsx";
import { SiteFooter } from "#app/components/site/site-footer.tsx";
import { SiteNav } from "#app/components/site/site-nav.tsx";
import { useLiveContent, type LiveHandle } from "#app/hooks/use-live-content.ts";
import { usePageViewBeacon } from "#app/hooks/use-page-view-beacon.ts";
import { readDocument } from "#app/lib/content.server.ts";
import { keepPageOnFailedRefresh } from "#app/lib/live-refresh.ts";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/layout";

export const handle: LiveHandle = { documents: ["contact"] };

// A live refresh that fails keeps the page as it is (and is retried): the error screen is for navigations.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [keepPageOnFailedRefresh];

export async function loader({ context }: Route.LoaderArgs) {
  const contact = await readDocument(context, "contact");
  return { contactInfo: contact.info };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  useLiveContent();
  usePageViewBeacon();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <ParticleBackground />
      <SiteNav />
      <main id="main" className="flex-1 pt-16">
        <Outlet />
      </main>
      <SiteFooter info={loaderData.contactInfo} />
      {root ? <OrganizationJsonLd info={loaderData.contactInfo} origin={root.origin} nonce={root.nonce} /> : null}
    </div>
  );
}
