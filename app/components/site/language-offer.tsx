import { lazy, Suspense, useEffect, useState } from "react";
import { isLocale, type Locale, type TranslatedLocale } from "#content/locales.ts";
import { useLocale, type LanguageOffers } from "#app/lib/i18n.ts";

// Few visitors see it: its code loads when it is shown, not with every page.
const LanguageOfferBar = lazy(() => import("./language-offer-bar.tsx"));

/** The languages whose offer the visitor turned down on this device, space-separated. */
const DISMISSED_KEY = "lgp-language-offer-dismissed";

/** The site's language the browser puts first among those it asks for (`si-LK` is Sinhala), if any. */
export function preferredLocale(languages: readonly string[]): Locale | undefined {
  for (const tag of languages) {
    const language = tag.trim().toLowerCase().split("-")[0];
    if (isLocale(language)) return language;
  }
  return undefined;
}

function dismissed(): string[] {
  try {
    return (localStorage.getItem(DISMISSED_KEY) ?? "").split(" ");
  } catch {
    return [];
  }
}

/**
 * A line offering the page in Sinhala or Tamil, written in that language,
 * when the browser prefers it and the page is in another one (issue 25
 * item 1): never a redirect. It appears once the page runs in the browser
 * (the server cannot know the preference, and so renders nothing), fixed over
 * the page's corner, so nothing on the page moves. Turning it down is
 * remembered on the device (localStorage, no cookie).
 */
export function LanguageOffer({ offers }: { offers: LanguageOffers }) {
  const locale = useLocale();
  const [offered, setOffered] = useState<TranslatedLocale>();

  useEffect(() => {
    const preferred = preferredLocale(navigator.languages ?? [navigator.language]);
    const wanted = preferred === undefined || preferred === "en" || preferred === locale ? undefined : preferred;
    setOffered(wanted && offers[wanted] && !dismissed().includes(wanted) ? wanted : undefined);
  }, [locale, offers]);

  if (offered === undefined) return null;

  const dismiss = () => {
    setOffered(undefined);
    try {
      localStorage.setItem(DISMISSED_KEY, [...dismissed(), offered].join(" ").trim());
    } catch {
      // Storage unavailable: the offer is gone for this page only.
    }
  };

  return (
    <Suspense fallback={null}>
      <LanguageOfferBar locale={offered} offer={offers[offered]!} onDismiss={dismiss} />
    </Suspense>
  );
}
