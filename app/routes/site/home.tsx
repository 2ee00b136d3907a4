import { ArrowRight } from "#app/components/site/icons/arrow-right.ts";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { FeaturedInsights } from "#app/components/site/featured-insights.tsx";
import { HeroCta } from "#app/components/site/hero-cta.tsx";
import { LogoStrip } from "#app/components/site/logo-strip.tsx";
import { langOf } from "#app/components/site/text-lang.ts";
import { PageImagesProvider } from "#app/components/site/site-image.tsx";
import { FeatureCards } from "#app/components/site/feature-cards.tsx";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { FIXED_PAGE_CONTENT } from "#content/page-content.ts";
import { readPageDocument } from "#app/lib/content.server.ts";
import { messagesOf, useLocale, useMessages } from "#app/lib/i18n.ts";
import { pageLinkIn } from "#app/lib/i18n.server.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import { SITE_NAME } from "#content/constants.ts";
import { format } from "#content/i18n/format.ts";
import { localePath } from "#content/locales.ts";
import { FEATURED_POSTS_LIMIT, homepageLogos } from "#content/rules.ts";
import { postCard } from "./post-card.server.ts";
import { loadPageImages } from "#app/lib/page-images.server.ts";
import type { Route } from "./+types/home";

/**
 * The welcome popup opens 1.5 s after the page runs in the browser and is nothing before (a closed
 * dialog): its code comes after the page's own, once hydrated, and the server does not draw it.
 * Home's own code stays within the site's budget (docs/decisions/007-initial-javascript.md).
 */
const WelcomePopup = lazy(() =>
  import("#app/components/site/welcome-popup.tsx").then((module) => ({ default: module.WelcomePopup })),
);

export const handle: LiveHandle = FIXED_PAGE_CONTENT["/"];

export async function loader({ context }: Route.LoaderArgs) {
  const [home, partners, ai, featured] = await Promise.all([
    readPageDocument(context, "home"),
    readPageDocument(context, "partners"),
    readPageDocument(context, "ai-settings"),
    context.deps.store.posts.featured(FEATURED_POSTS_LIMIT, context.locale),
  ]);
  const logos = homepageLogos(partners.data, home.data, { partners: partners.english, home: home.english });
  const cards = featured.map((post) => postCard(post, context.locale));
  return {
    // The button's target in the page's language when it is one of the site's pages.
    hero: { ...home.data.hero, ctaUrl: pageLinkIn(home.data.hero.ctaUrl, context.locale) },
    features: home.data.features,
    // Texts shown in English on a page in another language (`hero.title`, `features.1.description`).
    english: home.english,
    logos,
    featured: cards,
    // Only the greeting: the knowledge bases stay on the server.
    greeting: ai.data.greeting,
    greetingLang: langOf(ai.english, "greeting"),
    images: await loadPageImages(context, [
      ...home.data.features.map((feature) => feature.image),
      ...logos.map((logo) => logo.logo),
      ...cards.map((card) => card.image),
    ]),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seoMeta(
    {
      title: format(messagesOf(matches)?.home.metaTitle ?? "{site}", { site: SITE_NAME }),
      description: data?.hero.subtitle ?? "",
      path: "/",
    },
    siteOf(matches),
  );

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, features, english, logos, featured, greeting, greetingLang, images } = loaderData;
  const locale = useLocale();
  const { shell, home } = useMessages();
  const hydrated = useHydrated();
  return (
    <PageImagesProvider images={images}>
      {hydrated && greeting.trim() ? (
        <Suspense fallback={null}>
          <WelcomePopup greeting={greeting} greetingLang={greetingLang} />
        </Suspense>
      ) : null}

      <section className="mx-auto max-w-5xl px-4 pt-20 pb-12 text-center sm:px-6 sm:pt-28">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/5 px-4 py-1.5 text-sm font-medium text-brand-100 ring-1 ring-white/10">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-rose-400" />
          {shell.tagline}
        </p>
        <h1
          lang={langOf(english, "hero.title")}
          className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl"
        >
          {hero.title}
        </h1>
        <p
          lang={langOf(english, "hero.subtitle")}
          className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-300"
        >
          {hero.subtitle}
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          {hero.cta ? (
            <HeroCta text={hero.cta} lang={langOf(english, "hero.cta")} url={hero.ctaUrl} colorClass={hero.ctaColor} />
          ) : null}
          <Link
            to={localePath(locale, "/services")}
            className="inline-flex items-center gap-2 rounded-xl px-5 py-3.5 font-semibold text-slate-200 ring-1 ring-white/20 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
          >
            {home.exploreServices} <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </section>

      <LogoStrip logos={logos} />

      {features.length > 0 ? (
        <section aria-labelledby="offer-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2 id="offer-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
            {home.offerTitle}
          </h2>
          <FeatureCards
            items={features.map((feature) => ({ ...feature, text: feature.description }))}
            langOf={(index, field) => langOf(english, `features.${index}.${field === "text" ? "description" : field}`)}
            className="mt-12"
          />
        </section>
      ) : null}

      <FeaturedInsights posts={featured} />

      <section id="contact" aria-labelledby="contact-band-title" className="scroll-mt-20 px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-brand-600/40 to-brand-900/40 px-6 py-14 text-center ring-1 ring-white/15 sm:px-12">
          <h2 id="contact-band-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {home.readyTitle}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-slate-200">{home.readyText}</p>
          <Link
            to={localePath(locale, "/contact")}
            className="mt-8 inline-flex items-center gap-2 rounded-xl bg-rose-600 px-7 py-3.5 font-semibold text-white shadow-lg shadow-black/30 hover:bg-rose-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {home.contactButton} <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </section>
    </PageImagesProvider>
  );
}
