import { useSyncExternalStore } from "react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#content/locales.ts";

/**
 * The language the admin's content tabs are edited in (issue 25), one for
 * every tab, remembered by this browser (localStorage) so a reload keeps it.
 * Read once per page: another browser tab switching its language does not
 * switch this one (a translator may keep English open beside Sinhala).
 */

/** The part of the Web Storage API the choice uses (tests pass a fake). */
export type LanguageStorage = Pick<Storage, "getItem" | "setItem">;

const STORAGE_KEY = "agency-admin-language";

export type EditorLanguage = ReturnType<typeof createEditorLanguage>;

export function createEditorLanguage(storage: () => LanguageStorage | null) {
  let current: Locale | undefined;
  const listeners = new Set<() => void>();

  /** Runs `task` on the storage; a storage that is missing, off or full changes nothing. */
  function quietly<T>(task: (store: LanguageStorage) => T): T | undefined {
    try {
      const store = storage();
      return store ? task(store) : undefined;
    } catch {
      return undefined;
    }
  }

  return {
    get(): Locale {
      if (current === undefined) {
        const kept = quietly((store) => store.getItem(STORAGE_KEY));
        current = isLocale(kept) ? kept : DEFAULT_LOCALE;
      }
      return current;
    },
    set(locale: Locale) {
      current = locale;
      quietly((store) => store.setItem(STORAGE_KEY, locale));
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const browserLanguage = createEditorLanguage(() => (typeof window === "undefined" ? null : window.localStorage));
const serverLanguage = () => DEFAULT_LOCALE;

/** The content tabs' language and the function that switches it (English on the server's render). */
export function useEditorLanguage(): [Locale, (locale: Locale) => void] {
  const locale = useSyncExternalStore(browserLanguage.subscribe, browserLanguage.get, serverLanguage);
  return [locale, browserLanguage.set];
}
