import { Check } from "#app/components/site/icons/check.ts";
import { PageHeader } from "#app/components/site/page-header.tsx";
import { langOf } from "#app/components/site/text-lang.ts";
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
      <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {services.map((service, index) => (
          <li
            key={`${service.placementId}-${index}`}
            className="flex flex-col rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 transition hover:bg-white/[0.08] hover:ring-white/20 sm:p-8"
          >
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-xl bg-brand-500/15 text-sm font-bold text-brand-300 ring-1 ring-brand-400/30"
            >
              {String(index + 1).padStart(2, "0")}
            </span>
            <h2 lang={langOf(english, `services.${index}.title`)} className="mt-5 text-xl font-semibold">
              {service.title}
            </h2>
            <p lang={langOf(english, `services.${index}.description`)} className="mt-3 leading-7 text-slate-300">
              {service.description}
            </p>
            {service.features.length > 0 ? (
              <ul className="mt-6 space-y-2.5 border-t border-white/10 pt-6 text-sm text-slate-200">
                {service.features.map((feature, featureIndex) => (
                  <li key={`${feature}-${featureIndex}`} className="flex gap-3">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
                    <span lang={langOf(english, `services.${index}.features.${featureIndex}`)}>{feature}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
