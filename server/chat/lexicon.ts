import type { TranslatedLocale } from "#content/locales.ts";
import { textFields } from "#content/localize.ts";
import type { DocumentKey } from "#content/sections.ts";
import { FACT_NAMES, type FactKey } from "./facts.ts";
import { gluesEndings, indexTerm, words } from "./terms.ts";

/**
 * A bilingual lexicon the chat learns from the site itself (issue 41,
 * docs/decisions/032-learnt-lexicon.md): every Sinhala or Tamil text of the
 * site (a field of a page, a fact's names) has its English twin at the same
 * place in the English document, and from these aligned pairs it learns
 * which Sinhala or Tamil words go with which English ones, so a visitor's
 * word finds a passage through English words too: the English knowledge
 * base (never translated) for "සෙනසුරාදට ඇරලද?", and a translated passage
 * whose English twin has the word although its own text says it otherwise.
 *
 * The model is IBM Model 1 (Brown et al., 1993) learnt by expectation
 * maximisation, in both directions: P(English word | the other language's
 * word) and back. A pair is kept when each side is likely given the other
 * (the geometric mean of both, LEXICON_MIN), so a word that goes with every
 * text (ව්‍යාපාර, "business") is no one word's translation. Words are the
 * search's stems (./terms.ts `indexTerm`); names in Latin letters inside a
 * Sinhala or Tamil text are matched as they are and left out.
 *
 * Learnt when a language's index is built, from the content as saved: no
 * word list per question, and a text the owner adds teaches it too.
 */

/** A text of the site in Sinhala or Tamil and its English twin. */
export interface AlignedText {
  text: string;
  english: string;
}

/** Rounds of expectation maximisation: the pairs settle in a few. */
const ROUNDS = 8;
/** The least likeness (both directions' geometric mean) of a pair kept. */
export const LEXICON_MIN = 0.2;
/** At most this many English words per word. */
const MAX_TRANSLATIONS = 3;
/** The empty word: what an English word no word of the other text stands for is put down to. */
const NULL = "";

type Table = Map<string, Map<string, number>>;

/** The other language's stems of `text` (Latin-letter words left out), each once. */
const scriptTerms = (text: string) =>
  new Set(words(text).flatMap((word) => (gluesEndings(word) ? (indexTerm(word) ?? []) : [])));
/** The English stems of `text` (no stop words), each once. */
const englishTerms = (text: string) =>
  new Set(words(text).flatMap((word) => (/^[a-z]+$/.test(word) ? (indexTerm(word) ?? []) : [])));

/**
 * P(target | source) by Model 1 over `pairs` of (source stems, target stems):
 * each target word of a pair is explained by the pair's source words (or
 * NULL) in proportion to how likely each makes it. Each (source, target)
 * that meet in a pair is one cell of a flat table, so a round is a pass over
 * numbers.
 */
function model1(pairs: readonly [string[], string[]][]): Table {
  const cells = new Map<string, number>();
  const cellSource: number[] = [];
  const cellKeys: [string, string][] = [];
  const sourceIds = new Map<string, number>();
  const idOf = (source: string) => {
    let id = sourceIds.get(source);
    if (id === undefined) sourceIds.set(source, (id = sourceIds.size));
    return id;
  };
  // Each pair as its targets' rows of cells: [source cells of target 1], [… of target 2], …
  const layouts = pairs.map(([sources, targets]) =>
    targets.map((target) =>
      Int32Array.from([NULL, ...sources], (source) => {
        const key = `${source}\u0000${target}`;
        let cell = cells.get(key);
        if (cell === undefined) {
          cells.set(key, (cell = cellKeys.length));
          cellKeys.push([source, target]);
          cellSource.push(idOf(source));
        }
        return cell;
      }),
    ),
  );
  // Uniform to start: every pair that meets alike.
  const t = new Float64Array(cellKeys.length).fill(1);
  const counts = new Float64Array(cellKeys.length);
  const totals = new Float64Array(sourceIds.size);
  for (let round = 0; round < ROUNDS; round++) {
    counts.fill(0);
    totals.fill(0);
    for (const rows of layouts)
      for (const row of rows) {
        let z = 0;
        for (const cell of row) z += t[cell]!;
        for (const cell of row) counts[cell]! += t[cell]! / z;
      }
    for (let cell = 0; cell < counts.length; cell++) totals[cellSource[cell]!]! += counts[cell]!;
    for (let cell = 0; cell < t.length; cell++) t[cell] = counts[cell]! / totals[cellSource[cell]!]!;
  }
  const table: Table = new Map();
  cellKeys.forEach(([source, target], cell) => {
    let row = table.get(source);
    if (!row) table.set(source, (row = new Map()));
    row.set(target, t[cell]!);
  });
  return table;
}

export class Lexicon {
  readonly #translations: ReadonlyMap<string, readonly [string, number][]>;

  private constructor(translations: ReadonlyMap<string, readonly [string, number][]>) {
    this.#translations = translations;
  }

  /** A lexicon that knows no word (English, or before a language's index is built). */
  static readonly empty = new Lexicon(new Map());

  /** The lexicon learnt from `pairs`. */
  static learn(pairs: readonly AlignedText[]): Lexicon {
    const aligned = pairs
      .map(({ text, english }): [string[], string[]] => [[...scriptTerms(text)], [...englishTerms(english)]])
      .filter(([own, english]) => own.length > 0 && english.length > 0);
    const toEnglish = model1(aligned);
    const fromEnglish = model1(aligned.map(([own, english]) => [english, own]));
    const translations = new Map<string, [string, number][]>();
    for (const [own, row] of toEnglish) {
      if (own === NULL) continue;
      const found: [string, number][] = [];
      for (const [english, forward] of row) {
        const likeness = Math.sqrt(forward * (fromEnglish.get(english)?.get(own) ?? 0));
        if (likeness >= LEXICON_MIN) found.push([english, likeness]);
      }
      if (found.length > 0) translations.set(own, found.sort((a, b) => b[1] - a[1]).slice(0, MAX_TRANSLATIONS));
    }
    return new Lexicon(translations);
  }

  /** How many of the language's stems have an English word. */
  get size(): number {
    return this.#translations.size;
  }

  /** The English stems `stem` (a Sinhala or Tamil stem) stands for, each with how likely, best first. */
  translate(stem: string): readonly [string, number][] {
    return this.#translations.get(stem) ?? [];
  }
}

/**
 * The aligned texts of document `key`: each text field of `data` (in the
 * other language) beside the English `source`'s field at the same path,
 * where it is translated (a field still in English teaches nothing).
 */
export function documentPairs(key: DocumentKey, data: unknown, source: unknown): AlignedText[] {
  const english = new Map(textFields(key, source).map((field) => [field.path, field.text]));
  return textFields(key, data).flatMap(({ path, text }) => {
    const twin = english.get(path);
    return twin && twin !== text ? finerPairs(text, twin) : [];
  });
}

/** A text longer than this is aligned sentence by sentence, or not at all: its words say too many things. */
const LONG_TEXT = 400;

/** The sentences of a text (a legal page's HTML read as text). */
const sentences = (text: string) =>
  text
    .replace(/<[^>]*>/g, " ")
    .split(/(?<=[.!?:;])\s+/)
    .filter((sentence) => sentence.trim() !== "");

/**
 * `text` and its twin as pairs: whole when short, else sentence by sentence
 * where both have as many (a translation keeps its sentences), else none.
 */
function finerPairs(text: string, english: string): AlignedText[] {
  if (text.length <= LONG_TEXT && english.length <= LONG_TEXT) return [{ text, english }];
  const own = sentences(text);
  const twin = sentences(english);
  return own.length === twin.length ? own.map((sentence, i) => ({ text: sentence, english: twin[i]! })) : [];
}

/** The names of each fact in `locale` beside its English names (./facts.ts): one pair per fact. */
export function factPairs(locale: TranslatedLocale): AlignedText[] {
  return (Object.keys(FACT_NAMES.en) as FactKey[]).map((fact) => ({
    text: FACT_NAMES[locale][fact],
    english: FACT_NAMES.en[fact],
  }));
}
