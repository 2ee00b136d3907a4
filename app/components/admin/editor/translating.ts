import { createContext, useContext } from "react";
import { LOCALES, type TranslatedLocale } from "#content/locales.ts";
import { stateOf, textAt, type TextInLanguage } from "../data/translation-copy.ts";

/**
 * The language a tab's editor is in, when it is not English (issue 25): the
 * editor then shows only the texts, each with its English text beside it;
 * everything else is shared by every language and edited in English. Given
 * by the section editor; fields and list controls read it (null: English).
 */
export interface Translating {
  locale: TranslatedLocale;
  /** The document's texts in the language, by path (`hero.title`, `services.2.features.0`). */
  texts: ReadonlyMap<string, TextInLanguage>;
  /** Confirms the outdated translation at `path` as still right for the English now ("Still correct"), or takes that back. */
  confirm(path: string, yes?: boolean): void;
}

export const TranslatingContext = createContext<Translating | null>(null);

/** The language the editor translates into, or null while it edits English. */
export const useTranslating = () => useContext(TranslatingContext);

/**
 * What a card or heading shows for the text at `path` whose draft is
 * `value`: the value, or, not translated yet, its English text (marked `lang="en"`).
 */
export function shownText(
  translating: Translating | null,
  path: string,
  value: string,
): { text: string; lang?: string; translated: boolean } {
  const text = translating?.texts.get(path);
  if (!translating || !text) return { text: value, translated: true };
  if (stateOf(text, value) === "missing") return { text: text.english, lang: "en", translated: false };
  return { text: value, lang: LOCALES[translating.locale].htmlLang, translated: true };
}

/**
 * How many texts of one list item (`item`, at `path` such as `services.2`)
 * are not translated, and how many are outdated: what its card says.
 */
export function itemProgress(translating: Translating | null, path: string, item: unknown) {
  let missing = 0;
  let stale = 0;
  if (translating) {
    const prefix = `${path}.`;
    for (const [textPath, text] of translating.texts) {
      if (!textPath.startsWith(prefix)) continue;
      const state = stateOf(text, textAt(item, textPath.slice(prefix.length)) ?? "");
      if (state === "missing") missing += 1;
      else if (state === "stale") stale += 1;
    }
  }
  return { missing, stale };
}
