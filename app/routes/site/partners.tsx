import { ExternalLink } from "#app/components/site/icons/external-link.ts";
import { PageHeader } from "#app/components/site/page-header.tsx";
import { langOf } from "#app/components/site/text-lang.ts";
import { PageImagesProvider, SiteImage } from "#app/components/site/site-image.tsx";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { FIXED_PAGE_CONTENT } from "#content/page-content.ts";
import { readPageDocument } from "#app/lib/content.server.ts";
import { messagesOf, useMessages } from "#app/lib/i18n.ts";
import { byPlacement } from "#app/lib/page-texts.server.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import { format } from "#content/i18n/format.ts";
import type { Route } from "./+types/partners";
import { loadPageImages } from "#app/lib/page-images.server.ts";

export const handle: LiveHandle = FIXED_PAGE_CONTENT["/partners"];

export async function loader({ context }: Route.LoaderArgs) {
  const { data, english } = await readPageDocument(context, "partners");
  const placed = byPlacement("partners", data.partners, english);
  const images = await loadPageImages(
    context,
    placed.items.map((partner) => partner.logo),
  );
  return { ...data, partners: placed.items, english: placed.english, images };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seoMeta(
    {
      title: data?.title || (messagesOf(matches)?.links.partners ?? ""),
      description: data?.subtitle ?? "",
      path: "/partners",
    },
    siteOf(matches),
  );

export default function Partners({ loaderData }: Route.ComponentProps) {
  const { title, subtitle, partners, english, images } = loaderData;
  const messages = useMessages();
  return (
    <PageImagesProvider images={images}>
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
        <PageHeader title={title} subtitle={subtitle} english={english} />
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {partners.map((partner, index) => (
            <li
              key={`${partner.name}-${index}`}
              className="flex flex-col rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 transition hover:bg-white/[0.08] hover:ring-white/20 sm:p-8"
            >
              {partner.logo ? (
                <SiteImage
                  src={partner.logo}
                  alt={format(messages.partners.logoAlt, { name: partner.name })}
                  ownAlt={{ text: partner.logoAlt, lang: langOf(english, `partners.${index}.logoAlt`) }}
                  width={240}
                  height={80}
                  sizes="240px"
                  className="h-16 w-auto max-w-full self-start rounded-xl object-contain"
                />
              ) : null}
              <h2 className="mt-6 text-xl font-semibold">{partner.name}</h2>
              <p
                lang={langOf(english, `partners.${index}.description`)}
                className="mt-3 flex-1 leading-7 text-slate-300"
              >
                {partner.description}
              </p>
              {partner.website ? (
                <a
                  href={partner.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-6 inline-flex items-center gap-2 self-start rounded-lg font-semibold text-brand-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-300"
                >
                  {messages.partners.visitWebsite}
                  <ExternalLink aria-hidden="true" className="size-4" />
                  <span className="sr-only">{format(messages.partners.visitWebsiteOf, { name: partner.name })}</span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </PageImagesProvider>
  );
}
