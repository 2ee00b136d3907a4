import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { FeaturedInsights } from "#app/components/site/featured-insights.tsx";
import { HeroCta } from "#app/components/site/hero-cta.tsx";
import { LogoStrip } from "#app/components/site/logo-strip.tsx";
import { WelcomePopup } from "#app/components/site/welcome-popup.tsx";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { readDocument } from "#app/lib/content.server.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import { SITE_NAME } from "#content/constants.ts";
import { FEATURED_POSTS_LIMIT, homepageLogos } from "#content/rules.ts";
import type { Route } from "./+types/home";

export const handle: LiveHandle = { documents: ["home", "partners", "ai-settings"], posts: "all" };

export async function loader({ context }: Route.LoaderArgs) {
  const [home, partners, ai, featured] = await Promise.all([
    readDocument(context, "home"),
    readDocument(context, "partners"),
    readDocument(context, "ai-settings"),
    context.deps.store.posts.featured(FEATURED_POSTS_LIMIT),
  ]);
  return {
    hero: home.hero,
    features: home.features,
    logos: homepageLogos(partners, home),
    featured: featured.map(({ slug, title, excerpt, date, readTime, image }) => ({
      post: { title, excerpt, date, readTime, image },
      slug,
    })),
    // Only the greeting: the knowledge bases stay on the server.
    greeting: ai.greeting,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seoMeta(
    {
      title: `${SITE_NAME} | Marketing and business solutions in Colombo`,
      description: data?.hero.subtitle ?? "",
      path: "/",
    },
    siteOf(matches),
  );

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, features, logos, featured, greeting } = loaderData;
  return (
    <>
      <WelcomePopup greeting={greeting} />

      <section className="mx-auto max-w-5xl px-4 pt-20 pb-12 text-center sm:px-6 sm:pt-28">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/5 px-4 py-1.5 text-sm font-medium text-brand-100 ring-1 ring-white/10">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-rose-400" />
          Built without noise. Powered by purpose.
        </p>
        <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl">{hero.title}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-300">{hero.subtitle}</p>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          {hero.cta ? <HeroCta text={hero.cta} url={hero.ctaUrl} colorClass={hero.ctaColor} /> : null}
          <Link
            to="/services"
            className="inline-flex items-center gap-2 rounded-xl px-5 py-3.5 font-semibold text-slate-200 ring-1 ring-white/20 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
          >
            Explore our services <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </section>

      <LogoStrip logos={logos} />

      {features.length > 0 ? (
        <section aria-labelledby="offer-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2 id="offer-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
            What We Offer
          </h2>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {features.map((feature, index) => (
              <li
                key={`${feature.title}-${index}`}
                className="overflow-hidden rounded-2xl bg-white/5 ring-1 ring-white/10 transition hover:bg-white/[0.08] hover:ring-white/20"
              >
                {feature.image ? (
                  <img
                    src={feature.image}
                    alt={feature.title}
                    width={640}
                    height={400}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[8/5] w-full object-cover"
                  />
                ) : null}
                <div className="p-6">
                  <h3 className="text-xl font-semibold">{feature.title}</h3>
                  <p className="mt-3 leading-7 text-slate-300">{feature.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <FeaturedInsights posts={featured} />

      <section id="contact" aria-labelledby="contact-band-title" className="scroll-mt-20 px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-brand-600/40 to-brand-900/40 px-6 py-14 text-center ring-1 ring-white/15 sm:px-12">
          <h2 id="contact-band-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Ready to grow?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-slate-200">
            Tell us where your business is today and where you want it to be. We reply to every message within 24 hours.
          </p>
          <Link
            to="/contact"
            className="mt-8 inline-flex items-center gap-2 rounded-xl bg-rose-600 px-7 py-3.5 font-semibold text-white shadow-lg shadow-black/30 hover:bg-rose-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Contact Us <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </section>
    </>
  );
}
