import type { Locale } from "#content/locales.ts";
import type { AnswerEntry, AnswersContent } from "#content/schemas.ts";
import { ANSWERS_KEY } from "#content/sections.ts";
import { readLocalized } from "#server/content/localized.ts";
import type { Store } from "#server/db/store.ts";
import type { Passage } from "./passages.ts";
import { indexTerm, words } from "./terms.ts";

/**
 * The team's Answers (issue 41 item 3), searched before the site's passages: when a visitor's
 * question is close enough to an entry's question or one of its other ways of asking it, the chat
 * gives that entry's answer (with no model, as written; with one, as the first passage, marked as
 * the team's own word). An entry is read in the visitor's language, its English where it has no
 * translation, as every page is (server/content/localized.ts).
 *
 * "Close enough" is read from the content words of both (stop words dropped, stemmed:
 * ./terms.ts `indexTerm`): each word of one is matched to the most alike word of the other, whole
 * (1) or by its parts (PART_MATCH), since Sinhala and Tamil add endings to a word
 * (கொழும்பு, கொழும்பில்) that no stem list foresees. The visitor's words must be explained by
 * the phrasing, and the phrasing's be present in the question, the first counting more (their
 * F2 score, at least CLOSE_ENOUGH): a visitor asks about one part of "small businesses and
 * start-ups", and gets its answer. A phrasing of several words must share at least two: one
 * common word ("Can I pay?" and "Can I pay monthly?") is not a match.
 */

/** How alike a question and a phrasing must be (0 to 1, see above) for its answer to be given. */
export const CLOSE_ENOUGH = 0.6;
/** How alike two words' parts must be (0 to 1) for them to count as the same word, as much as that. */
export const PART_MATCH = 0.5;
/** Words shorter than this (in letters as drawn: grapheme clusters) match only whole: "car" is no part of "care". */
const PART_MIN_LETTERS = 4;

const letters = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** A content word of a phrasing or a question, with its parts: its letter triples, and its first two letters as its start. */
export interface Term {
  term: string;
  parts: ReadonlySet<string> | null;
}

function termOf(term: string): Term {
  const graphemes = [...letters.segment(term)].map(({ segment }) => segment);
  if (graphemes.length < PART_MIN_LETTERS) return { term, parts: null };
  const parts = new Set([`^${graphemes[0]}${graphemes[1]}`]);
  for (let i = 0; i + 3 <= graphemes.length; i++) parts.add(graphemes.slice(i, i + 3).join(""));
  return { term, parts };
}

/** The content words of `text`, each once, in order. */
export function contentTerms(text: string): Term[] {
  const seen = new Set<string>();
  const terms: Term[] = [];
  for (const word of words(text)) {
    const term = indexTerm(word);
    if (term === null || seen.has(term)) continue;
    seen.add(term);
    terms.push(termOf(term));
  }
  return terms;
}

/** How alike two words are: 1 when the same, their parts' overlap (Dice) when at least PART_MATCH, else 0. */
function alike(a: Term, b: Term): number {
  if (a.term === b.term) return 1;
  if (!a.parts || !b.parts) return 0;
  let shared = 0;
  for (const part of a.parts) if (b.parts.has(part)) shared++;
  const dice = (2 * shared) / (a.parts.size + b.parts.size);
  return dice >= PART_MATCH ? dice : 0;
}

/** How much of `these` the words of `those` explain (0 to 1), and how many of `these` found a match. */
function covered(these: readonly Term[], those: readonly Term[]) {
  let sum = 0;
  let matched = 0;
  for (const term of these) {
    const best = Math.max(0, ...those.map((other) => alike(term, other)));
    sum += best;
    if (best > 0) matched++;
  }
  return { share: these.length === 0 ? 0 : sum / these.length, matched };
}

/** How close a visitor's question is to one phrasing of an entry (0 to 1, 0 when it is no match; see above). */
export function closeness(question: readonly Term[], phrasing: readonly Term[]): number {
  if (question.length === 0 || phrasing.length === 0) return 0;
  const ofQuestion = covered(question, phrasing);
  const ofPhrasing = covered(phrasing, question);
  if (ofPhrasing.matched < Math.min(2, phrasing.length)) return 0;
  // F2: the question's share (recall) weighs four times the phrasing's (precision).
  const weighed = 4 * ofPhrasing.share + ofQuestion.share;
  return weighed === 0 ? 0 : (5 * ofQuestion.share * ofPhrasing.share) / weighed;
}

/** An entry as matched: its answer and the content words of each way of asking it. */
interface Prepared {
  entry: AnswerEntry;
  phrasings: Term[][];
}

export interface TaughtAnswer {
  /** The entry whose answer is given, in the visitor's language (its English where not translated). */
  entry: AnswerEntry;
  /** How close the question came (CLOSE_ENOUGH to 1). */
  closeness: number;
}

/** The entry of `entries` whose question or other way of asking is closest to `question`, if close enough. */
export function matchAnswer(question: string, entries: readonly AnswerEntry[]): TaughtAnswer | undefined {
  return bestOf(contentTerms(question), entries.map(prepare));
}

function prepare(entry: AnswerEntry): Prepared {
  return { entry, phrasings: [entry.question, ...entry.otherWays].map(contentTerms) };
}

function bestOf(question: readonly Term[], prepared: readonly Prepared[]): TaughtAnswer | undefined {
  let best: TaughtAnswer | undefined;
  for (const { entry, phrasings } of prepared) {
    for (const phrasing of phrasings) {
      const score = closeness(question, phrasing);
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
  /** Per localized document (a new object after every save in its language or in English). */
  readonly #prepared = new WeakMap<AnswersContent, Prepared[]>();

  constructor(stores: Pick<Store, "documents" | "translations">) {
    this.#stores = stores;
  }

  /** The answer the team wrote for `question` in `locale`, if one is close enough. */
  async find(question: string, locale: Locale): Promise<TaughtAnswer | undefined> {
    const terms = contentTerms(question);
    if (terms.length === 0) return undefined;
    const { data } = await readLocalized(this.#stores, ANSWERS_KEY, locale);
    let prepared = this.#prepared.get(data);
    if (!prepared) this.#prepared.set(data, (prepared = data.answers.map(prepare)));
    return bestOf(terms, prepared);
  }
}
