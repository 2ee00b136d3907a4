import { stemmer } from "stemmer";
import { SITE_NAME } from "#content/constants.ts";
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
    "anything something anyone anybody someone somebody everyone everybody one ones really sure yes yeah make makes made making kind kinds type types sort sorts " +
    "company companies sorry interested " +
    // Hedges: "roughly how much…, just a ballpark", what a visitor says of the answer they want.
    "roughly approximately approx ballpark just basically kinda sorta " +
    // Chat spelling (a question word with its "is" glued on and no apostrophe: "whats", "wheres").
    "u ur pls plz guys actually exactly whats wheres whos hows whens " +
    // What trails a list or a sentence typed on a phone ("the logo, colours etc").
    "etc lol"
  ).split(" "),
);

/**
 * Words that only say what is asked about: their synonyms (./synonyms.ts)
 * stand in for them, but a loanword (නම්බර්, நம்பர்) still finds them
 * (./loanwords.ts).
 */
const ASKED_ABOUT = new Set(["number"]);
for (const word of ASKED_ABOUT) STOP_WORDS.add(word);

/**
 * The words of `text`: letters (with their combining marks) and digits, lower
 * case. Latin words lose their accents ("Café" → "cafe"); in scripts such as
 * Sinhala and Tamil the marks are the vowels and the virama, so they stay, and
 * only the zero-width joiner and non-joiner go (they change how a word is
 * drawn, not which word it is: ශ්‍රී and ශ්රී are found alike). Digits come
 * apart from such letters: "24ක්" ("24 of") is "24" and "ක්".
 */
export function words(text: string): string[] {
  text = text.replace(SITE_NAME_SAID, " ");
  // Most of the site is ASCII: its words are read the quick way.
  if (ASCII.test(text)) return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(spelledOut);
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
    ).map(spelledOut);
  });
}

/** Where a sentence ends: a question or exclamation mark, a full stop before a space, a new line ("5.30", "partners.lk" go on). */
const SENTENCE_END = /[?!]+|\.(?=\s|$)|\n/;

/** The sentences of `text` that have words, in order. */
export function sentencesOf(text: string): string[] {
  return text.split(SENTENCE_END).filter((sentence) => words(sentence).length > 0);
}

/** Whether `word` (as `words` gives it) is typed in Latin letters only: an English word, or one amid Sinhala or Tamil. */
export const isLatinWord = (word: string): boolean => LATIN_LETTERS.test(word);

const LATIN_LETTERS = /^[a-z]+$/;

/** A name's initials, as visitors shorten it ("LGP" for Lanka Growth Partners): three letters or more, else none. */
function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => word.match(/\p{L}/u)?.[0] ?? "")
    .join("");
  // "(?!)" matches nothing: two letters are too likely another word.
  return letters.length >= 3 ? letters : "(?!)";
}

/**
 * The site's own name (or its initials), said in a passage or a question, is no word of either: on the business's own
 * site it names every page, and in a question it is "you" ("what does Lanka Growth Partners do?").
 * Read as words, it made "partners" a word of every page naming us (the Partners page no rarer for
 * it) and "growth" one of the Terms.
 */
const SITE_NAME_SAID = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${SITE_NAME.split(/\s+/).join("[\\s-]+")}|${initials(SITE_NAME)})(?![\\p{L}\\p{N}])`,
  "giu",
);

/** Whether `text` says the site's own name (a question naming us: "what is Lanka Growth Partners?"). */
export function saysSiteName(text: string): boolean {
  // `search`, not `test`: it leaves the global pattern's lastIndex as it was.
  return text.search(SITE_NAME_SAID) >= 0;
}

/**
 * English as typed in a chat box, spelt out: the shorthand of everyday words and of the platforms'
 * names ("hw", "wat", "abt", "msg", "til", "ppl", "fb", "insta"). A language's spelling, as the stop
 * words are, not a row per question; the site's own texts never use these forms.
 */
const CHAT_SPELLING = new Map(
  Object.entries({
    hw: "how",
    wat: "what",
    wht: "what",
    wats: "what",
    wen: "when",
    whr: "where",
    abt: "about",
    bcz: "because",
    coz: "because",
    cuz: "because",
    ppl: "people",
    msg: "message",
    msgs: "messages",
    til: "until",
    till: "until",
    tmrw: "tomorrow",
    tmr: "tomorrow",
    thx: "thanks",
    dont: "do",
    dnt: "do",
    doesnt: "does",
    dosnt: "does",
    didnt: "did",
    cant: "can",
    wont: "will",
    isnt: "is",
    im: "i",
    ive: "i",
    hrs: "hours",
    hr: "hour",
    mins: "minutes",
    yrs: "years",
    yr: "year",
    biz: "business",
    pic: "photo",
    pics: "photos",
    vid: "video",
    vids: "videos",
    fb: "facebook",
    insta: "instagram",
    ig: "instagram",
    yt: "youtube",
    b4: "before",
    thru: "through",
    asap: "soon",
    // Spelling of the same kind: the helping verbs and small words typed short.
    hv: "have",
    hav: "have",
    wil: "will",
    wud: "would",
    cud: "could",
    shud: "should",
    r: "are",
    n: "and",
    nd: "and",
    wer: "where",
    whn: "when",
    hws: "how",
    dis: "this",
    dat: "that",
    wanna: "want",
    bcoz: "because",
    becoz: "because",
    tnx: "thanks",
    ty: "thanks",
  }),
);
const spelledOut = (word: string) => CHAT_SPELLING.get(word) ?? word;

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

/**
 * Sinhala and Tamil words whose stem is a stop word's, though they are words of their own
 * (./script-words.ts `ownWords`): each is the term of its forms, itself with an ending ("போட்டோவை").
 */
const OWN_WORDS = SCRIPT_WORDS.flatMap((script) => script.ownWords.flatMap(words));

/** The indexed form of one word, or null for a stop word or a single letter. */
export function indexTerm(word: string): string | null {
  if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) return null;
  const stem = stemOf(word);
  const own = OWN_WORDS.find((start) => word.startsWith(start) && stemOf(start) === stem);
  if (own) return own;
  return SCRIPT_STOP_STEMS.has(stem) ? null : stem;
}

/** Whether `word` (as `words` gives it) is an English word a loanword typed in Sinhala or Tamil may stand for. */
export const bridgeable = (word: string) =>
  /^[a-z]{3,}$/.test(word) && (indexTerm(word) !== null || ASKED_ABOUT.has(word));

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Where a word begins, in its n-grams: "^கொழு" is a word starting so, not "கொழு" inside one. */
const WORD_START = "^";
/** Letters (grapheme clusters) per n-gram. */
const GRAM = 3;

/**
 * The parts of a word the search compares when their stems differ: its
 * character trigrams over grapheme clusters (a Sinhala or Tamil letter with
 * its vowel sign is one), the first marked as the word's start. கொழும்பிலுள்ள
 * and கொழும்பு share "^கொழு" and "கொழும"; a typo ("adress") keeps most of
 * its word's. None for a word of under three letters: its grams would be the
 * word itself. `word` as `words` gives it.
 */
export function wordGrams(word: string): string[] {
  const letters = [WORD_START, ...Array.from(graphemes.segment(word), ({ segment }) => segment)];
  if (letters.length <= GRAM) return [];
  const grams = new Set<string>();
  for (let i = 0; i + GRAM <= letters.length; i++) grams.add(letters.slice(i, i + GRAM).join(""));
  return [...grams];
}

/**
 * How alike two words are by their grams (./word-index.ts keeps a match at
 * GRAM_MATCH or over), 0 to 1. In a script that glues endings on
 * (./script-words.ts: Sinhala, Tamil), a word and a longer form of it are
 * alike when they begin alike: the share of the shorter one's grams in the
 * longer, if they share the first. Otherwise (English) both words count
 * (Dice's coefficient): "cars" is not "career", "adress" is "address".
 */
export function gramSimilarity(a: readonly string[], b: readonly string[], glued: boolean): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  // A word of three letters has two grams: too few to tell it from another ("car", "care").
  if (short.length < 3) return 0;
  const longSet = new Set(long);
  let shared = 0;
  for (const gram of short) if (longSet.has(gram)) shared++;
  if (shared < 2) return 0;
  if (glued && longSet.has(short[0]!)) return shared / short.length;
  return (2 * shared) / (a.length + b.length);
}

/**
 * How alike two words' grams must be (`gramSimilarity`) for one to stand for the
 * other, in the site's search (./word-index.ts) and the team's Answers (./answers.ts).
 */
export const GRAM_MATCH = { glued: 0.6, latin: 0.7 } as const;

/**
 * Whether `word` has no ending: an English word, or a Sinhala or Tamil one whose stem is the word
 * itself, less at most its last sign ("ක්ලාස්", "ஆப்"; not "යොදවන්න", "அமைத்துத்", "மற்றவர்களுக்கு").
 */
export function isBare(word: string): boolean {
  const script = ASCII_WORD.test(word) ? undefined : scriptOf(word);
  if (!script) return true;
  const stem = stemOf(word);
  return stem === word || stem === word.replace(script.lastSign, "");
}

/** Whether `word` is of a script that glues endings on (Sinhala, Tamil): its grams are compared from its start. */
export const gluesEndings = (word: string) => !ASCII_WORD.test(word) && scriptOf(word) !== undefined;

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
export function siteTermsFor(word: string): readonly string[] {
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
