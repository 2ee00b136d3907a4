import { Target } from "#app/components/site/icons/target.ts";
import { PageHeader } from "#app/components/site/page-header.tsx";
import { langOf } from "#app/components/site/text-lang.ts";
import { PageImagesProvider, SiteImage } from "#app/components/site/site-image.tsx";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { FIXED_PAGE_CONTENT } from "#content/page-content.ts";
import { readPageDocument } from "#app/lib/content.server.ts";
import { messagesOf, useMessages } from "#app/lib/i18n.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import { format } from "#content/i18n/format.ts";
import type { Route } from "./+types/about";
import { loadPageImages } from "#app/lib/page-images.server.ts";

export const handle: LiveHandle = FIXED_PAGE_CONTENT["/about"];

export async function loader({ context }: Route.LoaderArgs) {
  const { data, english } = await readPageDocument(context, "about");
  const images = await loadPageImages(
    context,
    data.team.map((member) => member.image),
  );
  return { ...data, english, images };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seoMeta(
    {
      title: data?.title || (messagesOf(matches)?.links.about ?? ""),
      description: data?.subtitle ?? "",
      path: "/about",
    },
    siteOf(matches),
  );

/** The story is plain text; a blank line starts a new paragraph. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { title, subtitle, story, mission, values, team, english, images } = loaderData;
  const { about } = useMessages();
  return (
    <PageImagesProvider images={images}>
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
        <PageHeader title={title} subtitle={subtitle} english={english} />

        <div className="mt-16 grid gap-10 lg:grid-cols-5 lg:gap-12">
          <section aria-labelledby="story-title" className="lg:col-span-3">
            <h2 id="story-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {about.story}
            </h2>
            <div
              lang={langOf(english, "story")}
              className="mt-6 space-y-5 leading-7 text-slate-300 sm:text-lg sm:leading-8"
            >
              {paragraphs(story).map((paragraph, index) => (
                <p key={index} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
          </section>
          <section
            aria-labelledby="mission-title"
            className="self-start rounded-2xl bg-gradient-to-br from-brand-600/30 to-white/5 p-8 ring-1 ring-white/15 lg:col-span-2"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-rose-500/15 ring-1 ring-rose-400/30">
              <Target aria-hidden="true" className="size-5 text-rose-300" />
            </span>
            <h2 id="mission-title" className="mt-5 text-2xl font-bold tracking-tight">
              {about.mission}
            </h2>
            <p lang={langOf(english, "mission")} className="mt-4 text-lg leading-8 text-slate-200">
              {mission}
            </p>
          </section>
        </div>

        {values.length > 0 ? (
          <section aria-labelledby="values-title" className="mt-24">
            <h2 id="values-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
              {about.values}
            </h2>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {values.map((value, index) => (
                <li
                  key={`${value.title}-${index}`}
                  className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 transition hover:bg-white/[0.08] hover:ring-white/20"
                >
                  <h3 lang={langOf(english, `values.${index}.title`)} className="text-lg font-semibold">
                    {value.title}
                  </h3>
                  <p lang={langOf(english, `values.${index}.description`)} className="mt-3 leading-7 text-slate-300">
                    {value.description}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {team.length > 0 ? (
          <section aria-labelledby="team-title" className="mt-24">
            <h2 id="team-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
              {about.team}
            </h2>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {team.map((member, index) => (
                <li
                  key={`${member.name}-${index}`}
                  className="rounded-2xl bg-white/5 p-6 text-center ring-1 ring-white/10 transition hover:bg-white/[0.08] hover:ring-white/20"
                >
                  {member.image ? (
                    <SiteImage
                      src={member.image}
                      alt={member.name ? format(about.portraitAlt, { name: member.name }) : ""}
                      ownAlt={{ text: member.imageAlt, lang: langOf(english, `team.${index}.imageAlt`) }}
                      width={160}
                      height={160}
                      sizes="128px"
                      className="mx-auto size-32 rounded-full object-cover ring-2 ring-white/15"
                    />
                  ) : null}
                  <h3 className="mt-5 text-lg font-semibold">{member.name}</h3>
                  {member.role ? (
                    <p lang={langOf(english, `team.${index}.role`)} className="mt-1 text-sm font-medium text-brand-300">
                      {member.role}
                    </p>
                  ) : null}
                  {member.description ? (
                    <p lang={langOf(english, `team.${index}.description`)} className="mt-3 leading-7 text-slate-300">
                      {member.description}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </PageImagesProvider>
  );
}
