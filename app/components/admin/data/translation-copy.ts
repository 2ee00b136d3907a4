import type { LocalizedStoredDocument } from "#content/documents.ts";
import { textFields, translationProgress, type TextOwner, type TextState } from "#content/localize.ts";
import type { StoredRecord } from "./record-ref.ts";

/**
 * A document's texts in another language as the admin edits them (issue 25,
 * content/localize.ts). The API answers with the English shape, each text in
 * the language where it is translated and in English elsewhere; the editor's
 * copy starts the untranslated texts empty, with the English text beside
 * them as a hint, as translators expect. An empty text is saved as its
 * English text, which the server keeps as "not translated".
 */

/** The copy the record store holds of a translation: the API's answer, untranslated texts emptied. */
export interface TranslationCopy<T = unknown> extends LocalizedStoredDocument<T> {
  /** The English text of each text path, at `englishVersion`: hints, and what an empty text is saved as. */
  englishTexts: Record<string, string>;
}

/** Whether a held copy is a document's translation (a post's has no `key`: ./post-translation-copy.ts). */
export const isTranslationCopy = (record: StoredRecord): record is TranslationCopy =>
  "englishTexts" in record && "locale" in record && "key" in record;

/** What the editor reads of any translation's copy (a document's or a post's): its texts, their states and English. */
export type TextsOfCopy = Pick<TranslationCopy, "data" | "states" | "englishTexts">;

/** The text at a dotted path (`services.2.features.0`), if there is one. */
export function textAt(data: unknown, path: string): string | undefined {
  let value = data;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === "string" ? value : undefined;
}

/** A copy of `data` with the text at `path` set to `text` (the rest shared, nothing changed in place). */
export function withTextAt<T>(data: T, path: string, text: string): T {
  const parts = path.split(".");
  const copy = (value: unknown, index: number): unknown => {
    if (index === parts.length) return text;
    const part = parts[index]!;
    if (Array.isArray(value)) return value.with(Number(part), copy(value[Number(part)], index + 1));
    const record = value as Record<string, unknown>;
    return { ...record, [part]: copy(record[part], index + 1) };
  };
  return copy(data, 0) as T;
}

/** The editor's copy of a translation the API sent: its untranslated texts empty, with the English texts kept beside. */
export function translationCopy<A extends { data: unknown; states: Partial<Record<string, TextState>> }>(
  answer: A,
  englishTexts: Record<string, string>,
): A & { englishTexts: Record<string, string> } {
  let data = answer.data;
  for (const [path, state] of Object.entries(answer.states)) if (state === "missing") data = withTextAt(data, path, "");
  return { ...answer, data, englishTexts };
}

const isBlank = (text: string) => text.trim() === "";

/** What a save (or a preview) of a translation's draft sends: each empty text as its English text. */
export function withEnglishForEmpty<T>(key: TextOwner, draft: T, englishTexts: Record<string, string>): T {
  let data = draft;
  for (const field of textFields(key, draft)) {
    const english = englishTexts[field.path];
    if (isBlank(field.text) && english !== undefined) data = withTextAt(data, field.path, english);
  }
  return data;
}

/**
 * The paths of the texts withEnglishForEmpty fills with English: what a page shows in English
 * (a preview marks them lang="en", as the saved page marks its untranslated texts).
 */
export function pathsInEnglish<T>(key: TextOwner, draft: T, englishTexts: Record<string, string>): string[] {
  return textFields(key, draft)
    .filter((field) => isBlank(field.text) && englishTexts[field.path] !== undefined)
    .map((field) => field.path);
}

/** One text of a translation as the editor shows it. */
export interface TextInLanguage {
  /** The English text it translates (now). */
  english: string;
  /** How the saved copy shows it. */
  state: TextState;
  /** Its saved text in the language ("" when not translated). */
  saved: string;
  /** An outdated translation confirmed as still right for the English now ("Still correct"), not saved yet. */
  confirmed?: true;
}

/**
 * Every text of a translation's saved copy, by path (a text whose English is empty has nothing to
 * translate). The outdated ones listed in `confirmed` (the draft's "Still correct" marks) count as
 * translated: that is what their save stores.
 */
export function textsInLanguage(base: TextsOfCopy, confirmed: readonly string[] = []): Map<string, TextInLanguage> {
  const texts = new Map<string, TextInLanguage>();
  for (const [path, state] of Object.entries(base.states)) {
    const text: TextInLanguage = {
      english: base.englishTexts[path] ?? "",
      state,
      saved: textAt(base.data, path) ?? "",
    };
    texts.set(
      path,
      state === "stale" && confirmed.includes(path) ? { ...text, state: "translated", confirmed: true } : text,
    );
  }
  return texts;
}

/**
 * How a text will show once `value` is saved: empty, or left as the English
 * text, it is not translated; left as the outdated translation it was, its
 * English still changed since; otherwise it is translated.
 */
export function stateOf(text: TextInLanguage, value: string): TextState {
  if (isBlank(value) || value === text.english) return "missing";
  if (text.state === "stale" && value === text.saved) return "stale";
  return "translated";
}

/** How many texts of a translation's draft are translated, outdated, and in all (the tab's "14 of 18"). */
export function draftProgress(texts: ReadonlyMap<string, TextInLanguage>, draft: unknown) {
  const states: Record<string, TextState> = {};
  for (const [path, text] of texts) states[path] = stateOf(text, textAt(draft, path) ?? "");
  return translationProgress(states);
}
