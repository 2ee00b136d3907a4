import { z } from "./zod.ts";
import type { DocumentKey } from "./sections.ts";
import { storableText } from "./storable-text.ts";
import { translatableFields, translatableLandingPageFields, translatablePostFields } from "./translatable.ts";

/**
 * Whose texts: a document's (by its key), a post's or a team page's. One engine for all: the same states, the
 * same matching of a translation to the English it translates, the same rules for what a save
 * stores (docs/decisions/020-languages.md).
 */
export type TextOwner = DocumentKey | "post" | "page";

/** The translatable texts of `owner`, as path patterns read from its schema (./translatable.ts). */
const patternsOf = (owner: TextOwner): readonly string[] =>
  owner === "post"
    ? translatablePostFields
    : owner === "page"
      ? translatableLandingPageFields
      : translatableFields[owner];

/**
 * A document's texts in one language other than English (issue 25,
 * docs/decisions/020-languages.md). Stored as a document of its own (key
 * `home:si`), with its own versions, history and conflicts, so editing Sinhala
 * never conflicts with editing Tamil or English. Each text is kept with the
 * English text it translates (`source`): that is how a translation follows
 * its list item when English reorders the list, and how it is known to be
 * out of date when the English text changed since.
 */
export interface TranslatedText {
  text: string;
  source: string;
}

export interface Translation {
  /** By concrete path: `hero.title`, `features.2.description`, `services.0.features.3`. */
  texts: Record<string, TranslatedText>;
}

/** A concrete path of a text: names and list indexes joined by dots. */
const TEXT_PATH = /^[A-Za-z]+(?:\.(?:[A-Za-z]+|\d{1,3}))*$/;

const storedText = z.string().max(200_000).overwrite(storableText);

export const translationSchema = z.strictObject({
  texts: z.record(
    z.string().regex(TEXT_PATH, "A text's path is names and numbers joined by dots."),
    z.strictObject({ text: storedText, source: storedText }),
  ),
});

export const EMPTY_TRANSLATION: Translation = Object.freeze({ texts: Object.freeze({}) }) as Translation;

/** How a text shows in a language: its own translation, one whose English has changed since, or English. */
export type TextState = "translated" | "stale" | "missing";

/** One text of a document: where it is, its field pattern (translatableFields) and its English text. */
export interface TextField {
  path: string;
  pattern: string;
  text: string;
}

/** Every translatable text of `data` (a document of `key`, or a post, in its English shape), in document order. */
export function textFields(key: TextOwner, data: unknown): TextField[] {
  const fields: TextField[] = [];
  const visit = (value: unknown, steps: readonly string[], path: string, pattern: string) => {
    if (steps.length === 0) {
      if (typeof value === "string") fields.push({ path, pattern, text: value });
      return;
    }
    const [step, ...rest] = steps as [string, ...string[]];
    const join = (base: string, part: string) => (base ? `${base}.${part}` : part);
    if (step.endsWith("[]")) {
      const name = step.slice(0, -2);
      const list = name ? (value as Record<string, unknown> | undefined)?.[name] : value;
      if (!Array.isArray(list)) return;
      list.forEach((item, index) => visit(item, rest, join(join(path, name), String(index)), join(pattern, step)));
      return;
    }
    if (value && typeof value === "object" && Object.hasOwn(value, step))
      visit((value as Record<string, unknown>)[step], rest, join(path, step), join(pattern, step));
  };
  // `services[].features[]` → `services[]`, `features[]`: a list's items, then each one's list.
  for (const pattern of patternsOf(key)) visit(data, pattern.split("."), "", "");
  return fields;
}

/** The text at every text path of `data` (a document of `key`, or a post, in its English shape). */
export const textsByPath = (key: TextOwner, data: unknown): Record<string, string> =>
  Object.fromEntries(textFields(key, data).map((field) => [field.path, field.text]));

/** A copy of `data` with the text at `path` set to `text`. */
function withTextAt<T>(data: T, path: string, text: string): T {
  const parts = path.split(".");
  const copy = (value: unknown, index: number): unknown => {
    if (index === parts.length) return text;
    const part = parts[index]!;
    if (Array.isArray(value)) {
      const next = [...value];
      next[Number(part)] = copy(value[Number(part)], index + 1);
      return next;
    }
    const record = value as Record<string, unknown>;
    return { ...record, [part]: copy(record[part], index + 1) };
  };
  return copy(data, 0) as T;
}

/** A built-in translation of a document: English text → its text in the language (content/translations/). */
export type BuiltInTexts = ReadonlyMap<string, string>;

/** Where a shown text came from: the stored translation's entry, the built-in one, or none (English). */
interface Match {
  state: TextState;
  text: string;
  /** The English text the stored entry translated (for a stale one: the old English). */
  source?: string;
  builtIn?: true;
}

function match(key: TextOwner, english: unknown, translation: Translation, builtIn?: BuiltInTexts) {
  // An empty English text has nothing to translate: it is no text of the language's.
  const fields = textFields(key, english).filter((field) => field.text !== "");
  const entries = Object.entries(translation.texts);
  const used = new Set<string>();
  const found = new Map<string, Match>();
  // 1. The translation at the same place, of the same English text.
  for (const field of fields) {
    const entry = translation.texts[field.path];
    if (entry && entry.source === field.text) {
      found.set(field.path, { state: "translated", text: entry.text, source: entry.source });
      used.add(field.path);
    }
  }
  // 2. One of the same English text elsewhere in the same list (the item moved).
  for (const field of fields) {
    if (found.has(field.path)) continue;
    const moved = entries.find(
      ([path, entry]) => !used.has(path) && entry.source === field.text && patternOf(path) === patternOf(field.path),
    );
    if (moved) {
      found.set(field.path, { state: "translated", text: moved[1].text, source: moved[1].source });
      used.add(moved[0]);
    }
  }
  // 3. The built-in translation of this very English text; 4. an outdated one at the same place.
  for (const field of fields) {
    if (found.has(field.path)) continue;
    const builtInText = builtIn?.get(field.text);
    if (builtInText !== undefined) {
      found.set(field.path, { state: "translated", text: builtInText, builtIn: true });
      continue;
    }
    const entry = translation.texts[field.path];
    if (entry && !used.has(field.path) && entry.text !== "") {
      found.set(field.path, { state: "stale", text: entry.text, source: entry.source });
      used.add(field.path);
    } else found.set(field.path, { state: "missing", text: field.text });
  }
  return { fields, found };
}

/** `services.2.features.0` → `services.#.features.#`: places in the same lists. */
const patternOf = (path: string) => path.replace(/\.\d+(?=\.|$)/g, ".#");

export interface Localized<T> {
  /** The document in the language: English shape, every text translated where it is. */
  data: T;
  /** How each text shows, by path. */
  states: Record<string, TextState>;
  /** The texts still in English (the page marks them `lang="en"`). */
  english: string[];
}

/**
 * `english` (a document of `key`) with its texts in the language of
 * `translation`: the admin's translation of each text, else the built-in one
 * where the English text is still the built-in text, else a translation of an
 * older English text (shown, and marked "English changed" in the admin), else
 * English.
 */
export function localize<T>(
  key: TextOwner,
  english: T,
  translation: Translation,
  builtIn?: BuiltInTexts,
): Localized<T> {
  const { found } = match(key, english, translation, builtIn);
  let data = english;
  const states: Record<string, TextState> = {};
  const shownInEnglish: string[] = [];
  for (const [path, shown] of found) {
    states[path] = shown.state;
    if (shown.state === "missing") shownInEnglish.push(path);
    else data = withTextAt(data, path, shown.text);
  }
  return { data, states, english: shownInEnglish };
}

/** The most texts one save may confirm, and the longest path it may name: well past any document's. */
const CONFIRMED_MAX = 1000;
const CONFIRMED_PATH_MAX = 300;

/**
 * A save's `confirmed`: the paths of the texts the translator marked "Still
 * correct" (`translationFrom`; a post's text field names, server/posts/translation.ts
 * `translatedTexts`). Whether each names a text is checked against the English
 * the editor showed, where the save knows it.
 */
export const confirmedSchema = z
  .array(
    z
      .string({ error: "A text path is a string." })
      .max(CONFIRMED_PATH_MAX, `A text path is at most ${CONFIRMED_PATH_MAX} characters.`),
    { error: "Send a list of text paths." },
  )
  .max(CONFIRMED_MAX, `At most ${CONFIRMED_MAX} texts can be confirmed in one save.`);

/**
 * The translation a save in the language stores: each text of `submitted`
 * (the document as the editor shows it, in English shape) paired with the
 * English text the editor showed it against (`englishSeen`). A text left as
 * the English one, or emptied, is not a translation (English shows); a text
 * left as it was shown keeps what it was (an outdated one stays marked),
 * unless its path is in `confirmed`: the translator said it is still correct
 * for the English they saw, so it translates that English now. Any other text
 * is a translation of the English beside it. `confirmed` changes nothing for a
 * text that is not outdated: another tab may have confirmed it already.
 */
export function translationFrom(
  key: TextOwner,
  englishSeen: unknown,
  submitted: unknown,
  previous: Translation,
  builtIn?: BuiltInTexts,
  confirmed: ReadonlySet<string> = new Set(),
): Translation {
  const { fields, found } = match(key, englishSeen, previous, builtIn);
  const given = new Map(textFields(key, submitted).map((field) => [field.path, field.text]));
  const texts: Record<string, TranslatedText> = {};
  for (const field of fields) {
    const text = given.get(field.path);
    if (text === undefined || text === "") continue;
    const shown = found.get(field.path)!;
    const kept = text === shown.text;
    if (kept && shown.state === "stale" && !confirmed.has(field.path))
      texts[field.path] = { text, source: shown.source! };
    // A translation kept as shown (a current one, or an outdated one confirmed) translates the English beside it.
    else if (kept && shown.state !== "missing") texts[field.path] = { text, source: field.text };
    else if (text !== field.text) texts[field.path] = { text, source: field.text };
  }
  return { texts };
}

/** How many of a document's texts are translated, outdated, and in all. */
export function translationProgress(states: Record<string, TextState>) {
  const values = Object.values(states);
  return {
    total: values.length,
    translated: values.filter((state) => state === "translated").length,
    stale: values.filter((state) => state === "stale").length,
  };
}
