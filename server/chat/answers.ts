import type { Locale } from "#content/locales.ts";
import type { AnswerEntry, AnswersContent } from "#content/schemas.ts";
import { ANSWERS_KEY } from "#content/sections.ts";
import { readLocalized } from "#server/content/localized.ts";
import type { Store } from "#server/db/store.ts";
import type { Passage } from "./passages.ts";
import { kindsAgree, timeUnitsAsked, questionKind, type QuestionKind } from "./question-kind.ts";
import { gluesEndings, GRAM_MATCH, gramSimilarity, indexTerm, wordGrams, words } from "./terms.ts";
import { joinCompounds, splitCompounds } from "./word-index.ts";
import { sureKey } from "./loanwords.ts";

/**
 * The team's Answers (issue 41 item 3), searched before the site's passages: when a visitor's
 * question is close enough to an entry's question or one of its other ways of asking it, the chat
 * gives that entry's answer (with no model, as written; with one, as the first passage, marked as
 * the team's own word). An entry is read in the visitor's language, its English where it has no
 * translation, as every page is (server/content/localized.ts).
 *
 * "Close enough" is read from the content words of both (stop words dropped, stemmed:
 * ./terms.ts `indexTerm`): each word of one is matched to the most alike word of the other, whole
 * (1) or by its parts (./terms.ts `gramSimilarity`, as the site's search does), since Sinhala and
 * Tamil add endings to a word (கொழும்பு, கொழும்பில்) that no stem list foresees. Each word counts
 * by how rare it is (its inverse document frequency over the site's passages in that language and
 * the entries): "website" and "work", said all over the site, tell little; "long", "hosting",
 * "outside" tell what is asked. The visitor's words must be explained by the phrasing, and the
 * phrasing's be present in the question, the first counting more (their F2 score, at least
 * CLOSE_ENOUGH): a visitor asks about one part of "small businesses and start-ups", and gets its
 * answer. A phrasing of several words must share at least two: one common word ("Can I pay?" and
 * "Can I pay monthly?") is not a match. And both must ask for the same kind of thing
 * (./question-kind.ts): "Do you build websites?" is not "How long does it take to build a
 * website?", whose words it all but says.
 */

/** How alike a question and a phrasing must be (0 to 1, see above) for its answer to be given. */
export const CLOSE_ENOUGH = 0.6;

/** A content word of a phrasing or a question, with its parts (./terms.ts `wordGrams`). */
export interface Term {
  term: string;
  grams: readonly string[];
  /** Of a script that glues endings on: compared by its start (./terms.ts `gluesEndings`). */
  glued: boolean;
  /** What it says in English, as the site's lexicon and the loanword keys tell (`englishOf`): set when matching. */
  english?: ReadonlySet<string>;
}

/** A question or a phrasing as matched: its content words, and what kind of thing it asks for. */
export interface Wording {
  terms: Term[];
  kind: QuestionKind | undefined;
}

/** A letter (with its marks) before a hyphen and a letter: the hyphen goes. */
const HYPHENATED = /(\p{L}\p{M}*)[-\u2010\u2011](?=\p{L})/gu;

/**
 * The content words of `text`, each once, in order. A word written with a hyphen is one word
 * ("start-ups" is "startups", as a visitor may type it): its halves alone say something else.
 */
export function contentTerms(text: string, units: ReadonlySet<string> = new Set()): Term[] {
  const seen = new Set<string>();
  const terms: Term[] = [];
  for (const word of words(text.replace(HYPHENATED, "$1"))) {
    // "How many weeks …?", "how long …?": the unit of a time asked is the question's form.
    if (units.has(word)) continue;
    const term = indexTerm(word);
    if (term === null || seen.has(term)) continue;
    seen.add(term);
    terms.push({ term, grams: wordGrams(term), glued: gluesEndings(term) });
  }
  return terms;
}

/** `text` as matched: its content words and its kind. */
export function wordingOf(text: string): Wording {
  const kind = questionKind(text);
  return { terms: contentTerms(text, kind === "time" ? timeUnitsAsked(text) : undefined), kind };
}

/**
 * How alike two words are: 1 when the same, by their parts when alike enough to count (as in the
 * site's search), else through English (`english`): RELATED, or 0.
 */
function alike(a: Term, b: Term): number {
  if (a.term === b.term) return 1;
  const glued = a.glued && b.glued;
  const similarity = gramSimilarity(a.grams, b.grams, glued);
  if (similarity >= (glued ? GRAM_MATCH.glued : GRAM_MATCH.latin)) return similarity;
  if (a.english && b.english) for (const word of a.english) if (b.english.has(word)) return RELATED;
  return 0;
}

/**
 * How alike two Sinhala or Tamil words are that say the same English word: a loanword and the
 * formal word the site translates so ("වෙබ්සයිට්" and "වෙබ් අඩවිය", both "website"), or two words
 * the site translates alike. A likeness learnt, not the word: as a loanword's key counts in the
 * search (./word-index.ts).
 */
export const RELATED = 0.75;

/** A translation at least this likely (./lexicon.ts) says what a word means in English, for `RELATED`. */
const SURE_TRANSLATION = 0.5;

/**
 * What a Sinhala or Tamil stem says in English, as `alike` compares it: the English stems the
 * site's lexicon surely translates it by (`translate`, ./lexicon.ts) and their loanword keys
 * (marked "~"), and its own key as a loanword. None for an English word, or with no lexicon.
 */
function englishOf(term: string, translate: WordCounts["translate"]): ReadonlySet<string> | undefined {
  if (!translate || !gluesEndings(term)) return undefined;
  const said = new Set<string>();
  const key = (word: string) => {
    const found = sureKey(word);
    if (found) said.add(`~${found}`);
  };
  key(term);
  for (const [english, likeness] of translate(term)) {
    if (likeness < SURE_TRANSLATION) continue;
    said.add(english);
    key(english);
  }
  return said;
}

/** How telling a word is (0 or more): its inverse document frequency. */
export type Rarity = (term: string) => number;

/** Every word as telling as any other: no corpus to weigh them by. */
export const EVEN: Rarity = () => 1;

/** How much of `these` the words of `those` explain (0 to 1), each word counting its rarity, and how many of `these` found a match. */
function covered(these: readonly Term[], those: readonly Term[], rarity: Rarity) {
  let sum = 0;
  let total = 0;
  let matched = 0;
  for (const term of these) {
    let best = 0;
    for (const other of those) best = Math.max(best, alike(term, other));
    const weight = rarity(term.term);
    sum += weight * best;
    total += weight;
    if (best > 0) matched++;
  }
  return { share: total === 0 ? 0 : sum / total, matched };
}

/** How close a visitor's question is to one phrasing of an entry (0 to 1, 0 when it is no match; see above). */
export function closeness(question: Wording, phrasing: Wording, rarity: Rarity = EVEN): number {
  if (question.terms.length === 0 || phrasing.terms.length === 0) return 0;
  if (!kindsAgree(question.kind, phrasing.kind)) return 0;
  const ofQuestion = covered(question.terms, phrasing.terms, rarity);
  const ofPhrasing = covered(phrasing.terms, question.terms, rarity);
  // A question whose every word the phrasing says, asking the same particular kind ("How many
  // weeks for a website?": a time, of a website) needs no second word shared.
  const whole =
    ofQuestion.matched === question.terms.length &&
    question.kind !== undefined &&
    question.kind !== "open" &&
    question.kind === phrasing.kind;
  if (ofPhrasing.matched < Math.min(whole ? 1 : 2, phrasing.terms.length)) return 0;
  // F2: the question's share (recall) weighs four times the phrasing's (precision).
  const weighed = 4 * ofPhrasing.share + ofQuestion.share;
  return weighed === 0 ? 0 : (5 * ofQuestion.share * ofPhrasing.share) / weighed;
}

/** How many entries of a collection of texts hold each word: the site's index in one language (./word-index.ts). */
export interface WordCounts {
  readonly size: number;
  documentFrequency(term: string): number;
  /** The English stems the language's learnt lexicon gives a stem, with their likeness (./lexicon.ts). */
  translate?(term: string): readonly (readonly [string, number])[];
}

/** The entries as matched, with how many of them hold each word (an entry counts once, whichever of its phrasings says it). */
interface Prepared {
  entries: PreparedEntry[];
  counts: Map<string, number>;
}

/** An entry as matched: its answer, each way of asking it, and what it is about. */
interface PreparedEntry {
  entry: AnswerEntry;
  phrasings: Wording[];
  /** The words of its question that all its ways of asking but one say too (see `subjectOf`). */
  subject: Term[];
}

/** Whether `term` is alike to any of `terms`. */
const among = (term: Term, terms: readonly Term[]) => terms.some((other) => alike(term, other) > 0);

/**
 * What an entry is about: the words of its question that all its other ways of asking but one say
 * too ("website" in "How long does it take to build a website?", "When will my website be
 * ready?", …; one may say it in a loanword). None when it has fewer than two other ways.
 */
export function subjectOf(phrasings: readonly Wording[]): Term[] {
  const [question, ...others] = phrasings;
  if (!question || others.length < 2) return [];
  return question.terms.filter(
    (term) => others.filter((other) => among(term, other.terms)).length >= others.length - 1,
  );
}

/**
 * Whether `question` asks of something else than the entry's subject: it names none of the
 * subject's words and says a word the phrasing does not ("How long does it take to make a phone?"
 * is not the website's timeline, though "how long" and "make" match). A question all of whose
 * words the phrasing explains still matches ("Do you have retainers?"). Of a way of asking that
 * says none of the subject's words, its own words name the subject.
 */
export function asksOfSomethingElse(question: Wording, phrasing: Wording, subject: readonly Term[]): boolean {
  if (subject.length === 0) return false;
  // The way of asking that says the subject in words of its own ("வெப்சைட் எப்போ ரெடியாகும்?",
  // where the others say இணையத்தளம்) names it by those.
  const named = phrasing.terms.some((term) => among(term, subject)) ? subject : phrasing.terms;
  if (question.terms.some((term) => among(term, named))) return false;
  return question.terms.some((term) => !among(term, phrasing.terms));
}

export interface TaughtAnswer {
  /** The entry whose answer is given, in the visitor's language (its English where not translated). */
  entry: AnswerEntry;
  /** How close the question came (CLOSE_ENOUGH to 1). */
  closeness: number;
}

/**
 * The entry of `entries` whose question or other way of asking is closest to `question`, if
 * close enough, its words weighed by their rarity in the entries and `site` (none: the entries alone).
 */
export function matchAnswer(
  question: string,
  entries: readonly AnswerEntry[],
  site?: WordCounts,
): TaughtAnswer | undefined {
  return bestOf(wordingOf(question), prepare(entries), site);
}

function prepare(entries: readonly AnswerEntry[]): Prepared {
  const counts = new Map<string, number>();
  const prepared = entries.map((entry) => {
    const phrasings = [entry.question, ...entry.otherWays].map(wordingOf);
    for (const term of new Set(phrasings.flatMap(({ terms }) => terms.map(({ term }) => term))))
      counts.set(term, (counts.get(term) ?? 0) + 1);
    return { entry, phrasings, subject: subjectOf(phrasings) };
  });
  return { entries: prepared, counts };
}

/** Each word's inverse document frequency (BM25's) over the site's entries and the Answers' (./word-index.ts `idf`). */
function rarityIn({ entries, counts }: Prepared, site: WordCounts | undefined): Rarity {
  const size = entries.length + (site?.size ?? 0);
  const known = new Map<string, number>();
  return (term) => {
    let idf = known.get(term);
    if (idf === undefined) {
      const frequency = (counts.get(term) ?? 0) + (site?.documentFrequency(term) ?? 0);
      known.set(term, (idf = Math.log(1 + (size - frequency + 0.5) / (frequency + 0.5))));
    }
    return idf;
  };
}

function bestOf(asked: Wording, prepared: Prepared, site: WordCounts | undefined): TaughtAnswer | undefined {
  if (asked.terms.length === 0) return undefined;
  const rarity = rarityIn(prepared, site);
  // Each word with what it says in English, worked out once per question (the lexicon changes with saves).
  const english = new Map<string, ReadonlySet<string> | undefined>();
  const withEnglish = (terms: readonly Term[]) =>
    terms.map((term) => {
      if (!english.has(term.term)) english.set(term.term, englishOf(term.term, site?.translate?.bind(site)));
      const said = english.get(term.term);
      return said ? { ...term, english: said } : term;
    });
  const question = { ...asked, terms: withEnglish(asked.terms) };
  let best: TaughtAnswer | undefined;
  for (const prepared_ of prepared.entries) {
    const { entry } = prepared_;
    const subject = withEnglish(prepared_.subject);
    const phrasings = prepared_.phrasings.map((phrasing) => ({ ...phrasing, terms: withEnglish(phrasing.terms) }));
    for (const phrasing of phrasings) {
      if (asksOfSomethingElse(question, phrasing, subject)) continue;
      const score = closeness(question, phrasing, rarity);
      if (score >= CLOSE_ENOUGH && score > (best?.closeness ?? 0)) best = { entry, closeness: score };
    }
  }
  return best;
}

/** The title the model reads over a taught answer's passage (no page: no source link under the answer). */
export const TAUGHT_TITLE = "Our team's answer to this question (use it first: it is authoritative)";

/** A taught answer as the first passage a model is given: no address, so it is never listed as a source. */
export function taughtPassage({ entry }: TaughtAnswer): Passage {
  return {
    id: "answers#taught",
    group: "answers",
    kind: "knowledge",
    title: TAUGHT_TITLE,
    url: null,
    heading: entry.question,
    text: entry.answer,
    labels: "",
    weight: 1,
  };
}

/** The Answers, read for each language as saved, each entry's words worked out once per saved version. */
export class Answers {
  readonly #stores: Pick<Store, "documents" | "translations">;
  readonly #site: ((locale: Locale) => Promise<WordCounts>) | undefined;
  /** Per localized document (a new object after every save in its language or in English). */
  readonly #prepared = new WeakMap<AnswersContent, Prepared>();

  /** `site` gives the site's words in a language (./site-index.ts `SiteIndex.wordCounts`), to weigh words by. */
  constructor(stores: Pick<Store, "documents" | "translations">, site?: (locale: Locale) => Promise<WordCounts>) {
    this.#stores = stores;
    this.#site = site;
  }

  /**
   * The answer the team wrote for `question` in `locale`, if one is close enough: asked as typed,
   * and with a compound typed as two words joined where the site or the entries know it as one
   * ("වෙබ් සයිට්" as "වෙබ්සයිට්", which a way of asking says: ./word-index.ts `joinCompounds`).
   */
  async find(question: string, locale: Locale): Promise<TaughtAnswer | undefined> {
    const asked = wordingOf(question);
    if (asked.terms.length === 0) return undefined;
    const { data } = await readLocalized(this.#stores, ANSWERS_KEY, locale);
    if (data.answers.length === 0) return undefined;
    let prepared = this.#prepared.get(data);
    if (!prepared) this.#prepared.set(data, (prepared = prepare(data.answers)));
    const site = await this.#site?.(locale);
    const { counts } = prepared;
    const knows = (term: string) => counts.has(term) || (site?.documentFrequency(term) ?? 0) > 0;
    const joined = splitCompounds(joinCompounds(question, knows), knows);
    const found = [asked, ...(joined === question ? [] : [wordingOf(joined)])].flatMap(
      (wording) => bestOf(wording, prepared, site) ?? [],
    );
    return found.sort((a, b) => b.closeness - a.closeness)[0];
  }
}
