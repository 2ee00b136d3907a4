import { useRouteLoaderData } from "react-router";
import type { Messages } from "#content/i18n/en.ts";
import { DEFAULT_LOCALE, type Locale, type TranslatedLocale } from "#content/locales.ts";

/**
 * The page's language and its interface strings in components, from the root
 * loader's data (#app/lib/i18n.server.ts makes them): a page carries its own
 * language's strings only, and the browser's code none (no i18n library,
 * docs/decisions/007-initial-javascript.md). Fill placeholders with
 * `format` (#content/i18n/format.ts).
 */

/** What the root loader sends for the page's language. */
interface RootLanguage {
  locale: Locale;
  messages: Messages;
}

/** The offer line's strings of each language a page may offer (#app/lib/i18n.server.ts `languageOffers`). */
export type LanguageOffers = Partial<Record<TranslatedLocale, Messages["language"]>>;

function useRootLanguage(): RootLanguage | undefined {
  return useRouteLoaderData("root") as RootLanguage | undefined;
}

/** The page's language. */
export function useLocale(): Locale {
  return useRootLanguage()?.locale ?? DEFAULT_LOCALE;
}

/**
 * The page's interface strings. Every component of a page has them; the one
 * exception, the root's error boundary when the root loader itself failed,
 * uses useErrorMessages.
 */
export function useMessages(): Messages {
  const root = useRootLanguage();
  if (!root) throw new Error("useMessages needs the root loader's data; an error page uses useErrorMessages.");
  return root.messages;
}

/**
 * The error notice's strings: the page's, or English when the root loader
 * failed and the page has none (the English texts of #content/i18n/en.ts,
 * copied so the browser's code needs no dictionary).
 */
export function useErrorMessages(): Messages["errors"] {
  return useRootLanguage()?.messages.errors ?? ENGLISH_ERRORS;
}

export const ENGLISH_ERRORS: Messages["errors"] = {
  notFoundTitle: "Oops! Page not found",
  notFoundMeta: "Page not found",
  errorTitle: "Something went wrong",
  retry: "Please try again in a moment.",
  reference: "Reference: {id}",
  home: "Return to Home",
};

/** The page's strings inside a route's `meta({ matches })`; undefined only when the root loader failed. */
export function messagesOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): Messages | undefined {
  const root = matches.find((match) => match?.id === "root")?.data as Partial<RootLanguage> | undefined;
  return root?.messages;
}
