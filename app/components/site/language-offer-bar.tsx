import { Link, useLocation } from "react-router";
import type { Messages } from "#content/i18n/en.ts";
import { LOCALES, type TranslatedLocale } from "#content/locales.ts";
import { samePageIn, useAlternates } from "./language-switcher.tsx";

/**
 * The offer line itself (#app/components/site/language-offer.tsx), in the
 * offered language, fixed over the page's bottom-left corner. Loaded only
 * when it is shown.
 */
export default function LanguageOfferBar({
  locale,
  offer,
  onDismiss,
}: {
  locale: TranslatedLocale;
  offer: Messages["language"];
  onDismiss: () => void;
}) {
  const { pathname } = useLocation();
  const alternates = useAlternates();
  return (
    <aside
      lang={LOCALES[locale].htmlLang}
      aria-label={offer.label}
      className="fixed bottom-4 left-4 z-45 flex max-w-[calc(100%-6.5rem)] flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-brand-900/95 px-4 py-3 text-sm text-slate-100 shadow-lg ring-1 shadow-black/40 ring-white/15 backdrop-blur md:bottom-6 md:left-6 md:max-w-md"
    >
      <p>
        {offer.offer}{" "}
        <Link
          reloadDocument
          to={samePageIn(locale, pathname, alternates)}
          className="rounded font-semibold whitespace-nowrap text-white underline underline-offset-4 hover:text-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
        >
          {offer.offerLink}
        </Link>
      </p>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded-lg px-2 py-1 text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-300"
      >
        {offer.dismiss}
      </button>
    </aside>
  );
}
