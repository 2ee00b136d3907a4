import { Globe } from "#app/components/site/icons/globe.ts";
import { useId } from "react";
import { Link, useLocation, useMatches } from "react-router";
import { LOCALES, localePath, locales, unlocalizedPath, type Locale } from "#content/locales.ts";
import { blogPagePath, isPostPath } from "#content/post-paths.ts";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import type { PageAlternates } from "#app/lib/seo.ts";

/**
 * This page in `locale`: `/services` → `/si/services`. A page whose route
 * data names its `alternates` (a post, a team page: its address in each
 * language it is published in) goes there; in a language it is not in, a
 * post to the blog, a team page to the home page.
 */
export function samePageIn(locale: Locale, pathname: string, alternates?: PageAlternates): string {
  if (!alternates) return localePath(locale, unlocalizedPath(pathname));
  return localePath(locale, alternates[locale] ?? (isPostPath(pathname) ? blogPagePath(1) : "/"));
}

/** The `alternates` of the page's deepest route that has them. */
export function useAlternates(): PageAlternates | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const alternates = (match.loaderData as { alternates?: PageAlternates } | undefined)?.alternates;
    if (alternates) return alternates;
  }
  return undefined;
}

/**
 * Links to this page in every language, each named in its own script
 * (English, සිංහල, தமிழ்), the current one marked. Each loads the whole
 * document (`reloadDocument`), so `<html lang>`, the strings and the content
 * change together.
 */
export function LanguageLinks({ className = "", linkClassName = "" }: { className?: string; linkClassName?: string }) {
  const current = useLocale();
  const { pathname } = useLocation();
  const alternates = useAlternates();
  const { language } = useMessages();
  return (
    <ul aria-label={language.label} className={className}>
      {locales.map((locale) => {
        const { htmlLang, nativeName } = LOCALES[locale];
        return (
          <li key={locale}>
            <Link
              reloadDocument
              to={samePageIn(locale, pathname, alternates)}
              lang={htmlLang}
              hrefLang={htmlLang}
              aria-current={locale === current ? "true" : undefined}
              className={`focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300 ${linkClassName}`}
            >
              {nativeName}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The header's language switch beside the links: a button with the page's
 * language that opens the links in a popover (the browser's own: Esc, a click
 * elsewhere and the button close it, and it says whether it is open), so it
 * costs the page no script of its own.
 */
export function LanguageMenu() {
  const locale = useLocale();
  const { language } = useMessages();
  const id = useId();
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
      >
        <Globe aria-hidden="true" className="size-4" />
        <span className="sr-only">{language.label}: </span>
        {/* Only the globe where English's bar is narrowest (768–1023 px). */}
        <span className="sr-only lg:not-sr-only">{LOCALES[locale].nativeName}</span>
      </button>
      {/* Under the fixed 4rem bar, at its right, where the button is. */}
      <div
        id={id}
        popover="auto"
        className="fixed top-16 right-4 left-auto m-0 mt-1 min-w-36 rounded-xl bg-brand-950 p-1.5 shadow-2xl ring-1 shadow-black/40 ring-white/15"
      >
        <LanguageLinks
          className="flex flex-col gap-0.5"
          linkClassName="block rounded-lg px-3 py-2 text-sm text-slate-300 hover:bg-white/5 hover:text-white aria-[current=true]:bg-white/10 aria-[current=true]:text-white"
        />
      </div>
    </>
  );
}
