import { stemmer } from "stemmer";
import { SCRIPT_WORDS, scriptOf, scriptStem } from "./script-words.ts";
import { SYNONYMS } from "./synonyms.ts";

/**
 * How the chat's search (./site-index.ts) reads words: lower case without
 * accents, English stop words dropped, each word stemmed with the Porter
 * stemmer ("located" and "location" both become "locat"); Sinhala and Tamil
 * words by their own stop words and endings (./script-words.ts). Passages are
 * indexed with `indexTerm`; a question becomes weighted terms with
 * `questionTerms`, its visitor words widened by ./synonyms.ts.
 */

/** How much a site word found through the synonym table counts beside a word the visitor typed. */
export const SYNONYM_WEIGHT = 0.6;

const STOP_WORDS = new Set(
  (
    "a about above after again all also am an and any are as at be been before being below between both but by " +
    "can could did do does doing done down during each few for from further get gets got had has have having he her " +
    "here hers him his how i if in into is it its itself just let me more most my myself no nor not now of off on " +
    "once only or other our ours out over own please same shall she should so some such than that the their theirs " +
    "them then there these they this those through to too under until up us very was way we were what when where " +
    "which while who whom why will with would you your yours yourself yourselves " +
    // Chat filler: greetings, thanks and the words questions are wrapped in.
    "hi hello hey thanks thank ok okay tell know like want wanted need wondering wonder may might much many " +
    "anything something one ones really sure yes yeah make makes made making kind kinds type types sort sorts " +
    "company " +
    // Words that only say what is asked about: their synonyms (./synonyms.ts) stand in for them.
    "number"
  ).split(" "),
);

/**
 * The words of `text`: letters (with their combining marks) and digits, lower
 * case. Latin words lose their accents ("Café" → "cafe"); in scripts such as
 * Sinhala and Tamil the marks are the vowels and the virama, so they stay, and
 * only the zero-width joiner and non-joiner go (they change how a word is
 * drawn, not which word it is: ශ්‍රී and ශ්රී are found alike). Digits come
 * apart from such letters: "24ක්" ("24 of") is "24" and "ක්".
 */
export function words(text: string): string[] {
  // Most of the site is ASCII: its words are read the quick way.
  if (ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const found = text.normalize("NFC").match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}\u200C\u200D]*/gu) ?? [];
  return found.flatMap((word) => {
    if (!LATIN.test(word))
      return word
        .replace(/[\u200C\u200D]/g, "")
        .toLowerCase()
        .split(DIGITS_AND_LETTERS);
    // A Latin word with accents may split into words of other scripts' letters: rare, and each kept.
    return (
      word
        .normalize("NFKD")
        .replace(/[\p{M}\u200C\u200D]/gu, "")
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? []
    );
  });
}

const LATIN = /\p{Script=Latin}/u;
const DIGITS_AND_LETTERS = /(?<=\p{N})(?=\p{L})|(?<=[\p{L}\p{M}])(?=\p{N})/u;
// eslint-disable-next-line no-control-regex -- every ASCII character, control characters included
const ASCII = /^[\x00-\x7f]*$/;

const ASCII_WORD = /^[a-z0-9]+$/;

/** Stems already worked out: a blog repeats its words, and stemming each again is most of the indexing time. */
const stems = new Map<string, string>();
const MAX_STEMS = 200_000;

/** Sinhala and Tamil stop words, as stems (so "ඔයාලගේ" and "ඔයාලට" are both "you"). */
const SCRIPT_STOP_STEMS = new Set(
  SCRIPT_WORDS.flatMap((script) => script.stopWords.flatMap((word) => words(word).map((w) => scriptStem(script, w)))),
);

/**
 * The stem of one word: the Porter stemmer's for English, the script's for
 * Sinhala and Tamil (./script-words.ts), the word itself in any other script.
 * Stop words are stemmed too (the synonym table looks them up).
 */
function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    const script = ASCII_WORD.test(word) ? undefined : scriptOf(word);
    stem = script ? scriptStem(script, word) : ASCII_WORD.test(word) ? stemmer(word) : word;
    stems.set(word, stem);
  }
  return stem;
}

/** The indexed form of one word, or null for a stop word or a single letter. */
export function indexTerm(word: string): string | null {
  if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) return null;
  const stem = stemOf(word);
  return SCRIPT_STOP_STEMS.has(stem) ? null : stem;
}

/** Whether `word` is of a script with its own stemmer (./script-words.ts): its row is found by its stem. */
const byStem = (word: string) => !ASCII_WORD.test(word) && scriptOf(word) !== undefined;

/**
 * The synonym table with each row's site words as index terms ("pricing" →
 * "price"), a Sinhala or Tamil row under its word's stem.
 */
const synonymTerms = new Map<string, string[]>(
  Object.entries(SYNONYMS).flatMap(([key, siteWords]) =>
    words(key).map((word): [string, string[]] => [
      byStem(word) ? stemOf(word) : word,
      siteWords.flatMap((siteWord) => words(siteWord).map((w) => indexTerm(w) ?? w)),
    ]),
  ),
);

/**
 * The site words for a visitor's word: its row, or its singular's ("fees" →
 * `fee`). An English row is looked up by the word, not its stem, which would
 * join words that mean different things ("personal" and "person"); a Sinhala
 * or Tamil one by the stem, as those words take many endings ("කොහෙද",
 * "කොහේද": "where?").
 */
function siteTermsFor(word: string): readonly string[] {
  if (byStem(word)) return synonymTerms.get(stemOf(word)) ?? [];
  return (
    synonymTerms.get(word) ??
    (word.endsWith("s") ? (synonymTerms.get(word.slice(0, -1)) ?? synonymTerms.get(word.slice(0, -2))) : undefined) ??
    []
  );
}

export interface QuestionTerms {
  /** The terms to search for: each word the visitor typed counts 1, each site word its synonyms add SYNONYM_WEIGHT. */
  weights: Map<string, number>;
  /** Each word the visitor typed that is no stop word: its term, then its site words' terms. */
  asked: string[][];
}

/**
 * A question's search terms. A stop word such as "where" adds its site words
 * ("address") without counting itself.
 */
export function questionTerms(question: string): QuestionTerms {
  const weights = new Map<string, number>();
  const asked: string[][] = [];
  const add = (term: string, weight: number) => weights.set(term, Math.max(weight, weights.get(term) ?? 0));
  for (const word of words(question)) {
    const term = indexTerm(word);
    const siteTerms = siteTermsFor(word);
    if (term) {
      add(term, 1);
      if (!asked.some(([first]) => first === term)) asked.push([term, ...siteTerms]);
    }
    for (const siteTerm of siteTerms) add(siteTerm, SYNONYM_WEIGHT);
  }
  return { weights, asked };
}
