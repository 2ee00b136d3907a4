import { use } from "react";
import type { ChatMessages } from "#content/i18n/chat/en.ts";
import type { Locale } from "#content/locales.ts";
import { useLocale } from "#app/lib/i18n.ts";

/**
 * The chat panel's strings, in the page's language: a catalog of their own
 * (content/i18n/chat/), which the browser loads with the panel's code, on
 * first use, so that no page carries them (docs/decisions/007-initial-javascript.md).
 * Each language is its own chunk: a page loads its own only.
 */
const catalogs: { readonly [L in Locale]: () => Promise<ChatMessages> } = {
  en: () => import("#content/i18n/chat/en.ts").then((catalog) => catalog.en),
  si: () => import("#content/i18n/chat/si.ts").then((catalog) => catalog.si),
  ta: () => import("#content/i18n/chat/ta.ts").then((catalog) => catalog.ta),
};

const loading = new Map<Locale, Promise<ChatMessages>>();

/** Starts loading `locale`'s catalog (the launcher does, as a visitor reaches for it); once per language. */
export function loadChatMessages(locale: Locale): Promise<ChatMessages> {
  let catalog = loading.get(locale);
  if (!catalog) {
    // The server never renders the panel: its build keeps no catalog (nor a chunk of one).
    catalog = import.meta.env.SSR
      ? Promise.reject(new Error("the chat panel renders in the browser only"))
      : catalogs[locale]();
    loading.set(locale, catalog);
    // A failed load (the network dropped) may be tried again on the next open.
    catalog.catch(() => loading.delete(locale));
  }
  return catalog;
}

/** The panel's strings in the page's language; suspends until its catalog has loaded (the launcher's Suspense). */
export function useChatMessages(): ChatMessages {
  return use(loadChatMessages(useLocale()));
}
