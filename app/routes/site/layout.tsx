import { Outlet, useRouteLoaderData } from "react-router";
import { LanguageOffer } from "#app/components/site/language-offer.tsx";
import { OrganizationJsonLd } from "#app/components/site/organization-json-ld.tsx";
import { ParticleBackground } from "#app/components/site/particle-background.tsx";
import { SiteFooter } from "#app/components/site/site-footer.tsx";
import { SiteNav } from "#app/components/site/site-nav.tsx";
import { langOf } from "#app/components/site/text-lang.ts";
import { useLiveContent, type LiveHandle } from "#app/hooks/use-live-content.ts";
import { usePageViewBeacon } from "#app/hooks/use-page-view-beacon.ts";
import { LAYOUT_CONTENT } from "#content/page-content.ts";
import { readPageDocument } from "#app/lib/content.server.ts";
import { useMessages } from "#app/lib/i18n.ts";
import { languageOffers } from "#app/lib/i18n.server.ts";
import { keepPageOnFailedRefresh } from "#app/lib/live-refresh.ts";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/layout";

export const handle: LiveHandle = LAYOUT_CONTENT;

// A live refresh that fails keeps the page as it is (and is retried): the error screen is for navigations.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [keepPageOnFailedRefresh];

export async function loader({ context }: Route.LoaderArgs) {
  const contact = await readPageDocument(context, "contact");
  return {
    contactInfo: contact.data.info,
    addressLang: langOf(contact.english, "info.address"),
    // The other languages' offer line, in those languages (#app/components/site/language-offer.tsx).
    offers: languageOffers(context.locale),
  };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  useLiveContent();
  usePageViewBeacon();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { shell } = useMessages();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {shell.skipToContent}
      </a>
      <ParticleBackground />
      <SiteNav />
      <main id="main" className="flex-1 pt-16">
        <Outlet />
      </main>
      <SiteFooter info={loaderData.contactInfo} addressLang={loaderData.addressLang} />
      {root ? <OrganizationJsonLd info={loaderData.contactInfo} origin={root.origin} nonce={root.nonce} /> : null}
      {/* Not over an admin's preview, whose bar has the same corner. */}
      {root?.preview ? null : <LanguageOffer offers={loaderData.offers} />}
    </div>
  );
}
