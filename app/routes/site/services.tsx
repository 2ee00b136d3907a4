import { PageHeader } from "#app/components/site/page-header.tsx";
import { ServiceCards } from "#app/components/site/service-cards.tsx";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { FIXED_PAGE_CONTENT } from "#content/page-content.ts";
import { readPageDocument } from "#app/lib/content.server.ts";
import { messagesOf } from "#app/lib/i18n.ts";
import { byPlacement } from "#app/lib/page-texts.server.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import type { Route } from "./+types/services";

export const handle: LiveHandle = FIXED_PAGE_CONTENT["/services"];

export async function loader({ context }: Route.LoaderArgs) {
  const { data, english } = await readPageDocument(context, "services");
  const placed = byPlacement("services", data.services, english);
  return { ...data, services: placed.items, english: placed.english };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seoMeta(
    {
      title: data?.title || (messagesOf(matches)?.links.services ?? ""),
      description: data?.subtitle ?? "",
      path: "/services",
    },
    siteOf(matches),
  );

export default function Services({ loaderData }: Route.ComponentProps) {
  const { title, subtitle, services, english } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
      <PageHeader title={title} subtitle={subtitle} english={english} />
      <ServiceCards services={services} english={english} className="mt-14" />
    </div>
  );
}
