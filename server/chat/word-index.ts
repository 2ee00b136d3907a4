import { Lexicon } from "./lexicon.ts";
import { pairKey, phoneticKey } from "./loanwords.ts";
import {
  bridgeable,
  gluesEndings,
  GRAM_MATCH,
  gramSimilarity,
  indexTerm,
  isLatinWord,
  siteTermsFor,
  SYNONYM_WEIGHT,
  wordGrams,
  words,
} from "./terms.ts";

/**
 * The chat's search engine (docs/decisions/030-retrieval-by-word-parts.md):
 * entries (passages, whole posts) by their words' stems, scored with BM25,
 * where a question's word also finds the site's words that share most of its
 * parts (./terms.ts `wordGrams`): a Sinhala or Tamil word with another ending
 * than the page's, a typo. Each word asked counts by how rare it is on the
 * site (its inverse document frequency), and an entry answers only when it
 * holds enough of the question's weight (`coverage`): "Do you sell cars?"
 * shares "sell" with the privacy policy, but "cars", rarer than anything on
 * the site, is most of what was asked.
 *
 * No word list per language: the stems come from ./terms.ts, the rest from
 * what the site says.
 */

/** What an entry is searched by: where a word stands counts (a heading's words over the body's). */
export interface EntryFields {
  /** The page's or post's title. */
  title: string;
  /** The part of the page (a service's name, a section's heading). */
  heading: string;
  /** Words the passage is known by that it does not show (a fact's names in its language: ./facts.ts). */
  labels: string;
  text: string;
  /**
   * The English words a Sinhala or Tamil loanword may stand for
   * (./loanwords.ts): a translated passage's English twin's words. By
   * default the entry's own English words (an English or untranslated entry).
   */
  bridge?: string;
}

/** How much a word counts by where it stands, beside the body's 1. */
const FIELD_WEIGHTS: { readonly [F in Exclude<keyof EntryFields, "bridge">]: number } = {
  title: 0.5,
  heading: 2,
  labels: 2,
  text: 1,
};

/**
 * The least coverage of an entry holding a name the question gives in Latin
 * letters amid Sinhala or Tamil ("LinkedIn ප්‍රචාරණ ව්‍යාපාර…"): a brand, a
 * platform, a product is what such a question is about, however its other
 * words are put.
 */
const NAME_COVERAGE = 0.75;

/** At most this many site words found through a word's parts (at least ./terms.ts GRAM_MATCH alike) stand in for it. */
const MAX_ALIKE = 6;

/**
 * The loanword bridge's terms: an English word's phonetic key behind this
 * mark (no word of a question has it), so they live apart from the stems.
 */
const BRIDGE = "~";
/** How much a word found by its phonetic key counts beside a direct match: in the score… */
const BRIDGE_WEIGHT = 0.5;
/** …and in the coverage (a guess at the word, not the word). */
const BRIDGE_HOLD = 0.75;
/** A key of this many letters or fewer is shared by many English words: it holds less (`bridgeHold`), and does not say the site speaks of the word (`says`). */
const MIN_SURE_KEY = 3;
/** How much of a word a key of MIN_SURE_KEY letters holds in the coverage. */
const SHORT_KEY_HOLD = 0.5;
/** A key alike to another (not the same) by its grams counts when at least this alike. */
const BRIDGE_MATCH = 0.75;
/**
 * The bridge's terms for two English words said together whose keys alone are too short
 * ("photo shoots", "social media", "landing pages": ./loanwords.ts `pairKey`), behind this mark:
 * found only whole (never by their grams), by two Sinhala or Tamil words typed together ("ෆොටෝ
 * ෂූට්", "போட்டோ ஷூட்").
 */
const PAIR = "≈";
/**
 * How much of a word a bridge's term holds where it is the same sound: BRIDGE_HOLD, less for a
 * key of three letters (MIN_SURE_KEY), which many English words share ("kls": class, goals, close).
 */
const bridgeHold = (term: string) =>
  term.startsWith(BRIDGE) && term.length - BRIDGE.length <= MIN_SURE_KEY ? SHORT_KEY_HOLD : BRIDGE_HOLD;
/** Whether a term is the bridge's (a word's key or a pair's): it holds BRIDGE_HOLD of a word. */
const bridging = (term: string) => term.startsWith(BRIDGE) || term.startsWith(PAIR);

/** Punctuation ending a token ("ෆොටෝ, ෂූට්"): the words on either side are not said together. */
const ENDS_IN_PUNCTUATION = /[^\p{L}\p{M}\p{N}\u200C\u200D]$/u;

/**
 * The learnt lexicon's terms (./lexicon.ts): a translated passage's English
 * twin's stems behind this mark, found by a Sinhala or Tamil word's English
 * translations. The same translations find an English passage (the
 * knowledge base) by its own stems.
 */
const TWIN = "=";

/**
 * Marks a stem the site writes as a name in running text ("Google", "LinkedIn", "SEO", "Galle
 * Road", not at the start of a sentence): only such a word, typed in Latin letters amid Sinhala or
 * Tamil, is a name (NAME_COVERAGE). Visitors mix in everyday English too ("help", "delivery",
 * "discount offer", "meeting hall"): such a word is one word of the question, not its subject.
 */
const NAME = "^";

/** A Latin word with a capital in running text, and what comes before it (a sentence's start or not). */
const WRITTEN_AS_NAME = /([.!?:;]\s+|\n\s*|)(?<![\p{L}\p{N}])([A-Za-z]*[A-Z][A-Za-z]*)(?![\p{L}\p{N}])/gu;

/** The stems `text` writes as names: a capital after a word's first letter ("TikTok", "SEO"), or a capitalised word within a sentence. */
function namesWritten(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(WRITTEN_AS_NAME)) {
    const [, sentenceStart, word] = match;
    if (word!.length < 2) continue;
    const startsSentence = sentenceStart !== "" || match.index === 0;
    if (startsSentence && !/[A-Z]/.test(word!.slice(1))) continue;
    const term = indexTerm(word!.toLowerCase());
    if (term) names.push(term);
  }
  return names;
}

/**
 * How much an English word typed amid Sinhala or Tamil counts where a translated passage's English
 * twin says it ("website போட்ட பிறகு hosting…": the Tamil web service, whose English says
 * "hosting"): the same passage in the visitor's language, found by the word it was written from.
 */
const TWIN_WEIGHT = 0.8;

/** How much a word found through the lexicon counts beside a direct match (times its likeness)… */
const LEXICON_WEIGHT = 0.6;
/** …and how much of the word it holds in the coverage, at most (a translation learnt, not the word). */
const LEXICON_HOLD = 0.8;
/** A translation at least this likely (with the word's own likeness) holds all of LEXICON_HOLD. */
const LEXICON_MIN_HOLD = 0.5;

/** BM25's term-frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;

interface Entry {
  /** Each stem's count, weighted by where it stands (FIELD_WEIGHTS). */
  terms: Map<string, number>;
  /** Words in its heading and text (labels add none: a long list of names is no long passage). */
  length: number;
  /** How much it counts beside the others (a page's purpose, an untranslated text). */
  weight: number;
}

/** One word of a query: the stems that stand for it, each with how well, and how much the word counts. */
export interface QueryWord {
  /** The stem asked, then the site's stems standing in for it (synonyms, words alike): 1 for the word itself. */
  alternatives: Map<string, number>;
  /** 1 for a word the visitor typed; less for one added to help (a synonym of a stop word, a model's rewrite). */
  weight: number;
  /** Whether it is part of what was asked: counted in `coverage`. */
  asked: boolean;
  /** A word in Latin letters amid another script's: a name (NAME_COVERAGE). */
  name?: boolean;
  /** The wording it comes from: the visitor's question (0) or a model's rewrite of it (1); coverage is the best wording's. */
  wording: number;
  /** How much of the word an alternative holds in the coverage where it is not all of it (a translation's). */
  holds?: Map<string, number>;
  /** The word as typed, when its stem lost sounds a loanword's key needs ("ටික්ටොක්", stemmed "ටික්ට"). */
  surface?: string;
  /** A word the site never uses, of the visitor's question: it counts less in an entry's coverage that holds two asked words (UNKNOWN_WEIGHT). */
  unknown?: boolean;
  /**
   * An English word amid Sinhala or Tamil that no page says in either language ("blue tick" beside
   * "Facebook page"): a thing the site does not know, so a name held beside it is no answer (NAME_COVERAGE).
   */
  foreign?: boolean;
}

/**
 * The query words of `text`: each word that is no stop word, with the site
 * words its synonyms name (./synonyms.ts) standing in for it; a stop word's
 * synonyms ("where": address) help rank, but are nothing asked.
 */
export function textQuery(text: string, { weight = 1, wording = 0 } = {}): QueryWord[] {
  const query: QueryWord[] = [];
  const seen = new Set<string>();
  const all = words(text);
  const amidScript = all.some(gluesEndings);
  for (const word of all) {
    const term = indexTerm(word);
    const siteTerms = siteTermsFor(word);
    if (term && !seen.has(term)) {
      seen.add(term);
      const alternatives = new Map<string, number>([[term, 1]]);
      for (const siteTerm of siteTerms) if (!alternatives.has(siteTerm)) alternatives.set(siteTerm, SYNONYM_WEIGHT);
      query.push({
        alternatives,
        weight,
        asked: true,
        wording,
        name: amidScript && /^[a-z]/.test(word),
        ...(word !== term ? { surface: word } : {}),
      });
    } else if (!term && siteTerms.length > 0) {
      query.push({
        alternatives: new Map(siteTerms.map((siteTerm) => [siteTerm, 1])),
        weight: weight * SYNONYM_WEIGHT,
        asked: false,
        wording,
      });
    }
  }
  return query;
}

export interface Scored {
  id: string;
  score: number;
  /** The share of the asked words' weight (by rarity) the entry holds, 0 to 1. */
  coverage: number;
  /** The same share with every word the site never uses counted whole (UNKNOWN_WEIGHT not applied). */
  strictCoverage: number;
}

/** Each stem of `fields`, weighted by where it stands, and the entry's length. */
export function entryTerms(fields: EntryFields): { terms: Map<string, number>; length: number } {
  const terms = new Map<string, number>();
  let length = 0;
  const fieldNames = Object.keys(FIELD_WEIGHTS) as (keyof typeof FIELD_WEIGHTS)[];
  for (const field of fieldNames) {
    for (const word of words(fields[field])) {
      const term = indexTerm(word);
      if (!term) continue;
      terms.set(term, (terms.get(term) ?? 0) + FIELD_WEIGHTS[field]);
      if (field === "heading" || field === "text") length++;
    }
  }
  const bridge = fields.bridge ?? fieldNames.map((field) => fields[field]).join(" ");
  for (const word of fields.bridge === undefined ? [] : words(bridge)) {
    // The English twin's stems, for the lexicon's translations.
    const term = isLatinWord(word) ? indexTerm(word) : null;
    if (term) terms.set(TWIN + term, (terms.get(TWIN + term) ?? 0) + 1);
  }
  const add = (term: string) => terms.set(term, (terms.get(term) ?? 0) + 1);
  for (const term of namesWritten(fields.text)) add(NAME + term);
  for (const word of words(bridge)) {
    if (!bridgeable(word)) continue;
    // A plural is also its singular's key: "partners" is found by පාට්නර් as "partner" would be.
    const singular = /[^s]s$/.test(word) ? phoneticKey(word.slice(0, -1)) : undefined;
    for (const key of new Set([phoneticKey(word), singular])) if (key) add(BRIDGE + key);
  }
  // Two words said together, one of them too short for a key of its own: "photo shoots" is
  // found by ෆොටෝ ෂූට් (its singular's key too), and so are "photo and video shoots" and
  // "Facebook, Instagram and LinkedIn pages" (items of a list share the word after its last).
  for (const [first, next] of saidTogether(bridge)) {
    if (!bridgeable(first) || !bridgeable(next)) continue;
    const singular = /[^s]s$/.test(next) ? pairKey(first, next.slice(0, -1)) : undefined;
    for (const key of new Set([pairKey(first, next), singular])) if (key) add(PAIR + key);
  }
  return { terms, length };
}

/** Words joining the items of a list, which share the word after the last ("photo and video shoots"). */
const AND_OR = new Set(["and", "or"]);

/** Where a text's words stop being said together: punctuation between sentences and clauses. */
const SENTENCE = /[.;:!?()[\]{}"“”‘’\n]+/u;

/**
 * The pairs of words `text` says together: each word and the next, unless a comma parts them, and
 * each item of a list with the word after its last item ("photo and video shoots": photo shoots;
 * "Facebook, Instagram and LinkedIn pages": Facebook pages, Instagram pages).
 */
function saidTogether(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const sentence of text.split(SENTENCE)) {
    // Each token's one word (a token of several, "24ක්", or none, "&", stands between words).
    const tokens = sentence
      .split(/\s+/)
      .filter(Boolean)
      .map((token) => {
        const all = words(token);
        return { word: all.length === 1 ? all[0]! : "", comma: /,$/.test(token) };
      });
    tokens.forEach(({ word, comma }, i) => {
      const next = tokens[i + 1];
      if (word && next?.word && !comma) pairs.push([word, next.word]);
      if (!AND_OR.has(word)) return;
      const [last, head] = [tokens[i + 1], tokens[i + 2]];
      if (!last?.word || last.comma || !head?.word) return;
      // The items before "and": the word before it, and each before that a comma follows.
      for (let j = i - 1; j >= 0 && tokens[j]!.word && !AND_OR.has(tokens[j]!.word); j--) {
        if (j < i - 1 && !tokens[j]!.comma) break;
        pairs.push([tokens[j]!.word, head.word]);
      }
    });
  }
  return pairs;
}

/**
 * The terms an entry holds for one of its words (`word` as ./terms.ts `words` gives it): its stem,
 * and for an English word its loanword keys (its singular's too). A query word's alternatives
 * that are among them stand for that word.
 */
export function termsOfWord(word: string): string[] {
  const term = indexTerm(word);
  if (!term) return [];
  if (!bridgeable(word)) return [term];
  const singular = /[^s]s$/.test(word) ? phoneticKey(word.slice(0, -1)) : undefined;
  return [term, ...new Set([phoneticKey(word), singular].flatMap((key) => (key ? [BRIDGE + key] : [])))];
}

/**
 * `text` with a Sinhala or Tamil compound typed as two words joined where `knows` the joined word's
 * term: "වෙබ් සයිට්" is "වෙබ්සයිට්", "வெப் சைட்" "வெப்சைட்" (words of the site, its facts' names
 * among them, which the lexicon and the bridge take to "website"). Each half alone names something
 * else, or nothing.
 */
export function joinCompounds(text: string, knows: (term: string) => boolean): string {
  const tokens = text.split(/\s+/).filter(Boolean);
  const joined: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [first, next] = [tokens[i]!, tokens[i + 1]];
    if (next !== undefined && knowsCompound(first, next, knows)) {
      joined.push(first + next);
      i++;
    } else joined.push(first);
  }
  return joined.join(" ");
}

/** The least letters of each half of an English compound typed as one word (`splitCompounds`). */
const MIN_HALF = 3;

/**
 * `text` with an English word the site does not use (`knows` no term of it) typed for two it does,
 * parted: "photoshoots" is "photo shoots", "landingpage" "landing page". The first parting from
 * the left whose halves are both the site's words (no stop words) is taken.
 */
export function splitCompounds(text: string, knows: (term: string) => boolean): string {
  return text.replace(/[A-Za-z]{6,}/g, (typed) => {
    const word = typed.toLowerCase();
    const term = indexTerm(word);
    if (term === null || knows(term)) return typed;
    for (let cut = MIN_HALF; cut <= word.length - MIN_HALF; cut++) {
      const [first, second] = [indexTerm(word.slice(0, cut)), indexTerm(word.slice(cut))];
      if (first && second && knows(first) && knows(second)) return `${word.slice(0, cut)} ${word.slice(cut)}`;
    }
    return typed;
  });
}

function knowsCompound(first: string, next: string, knows: (term: string) => boolean): boolean {
  const halves = [...words(first), ...words(next)];
  // Two words of content in Sinhala or Tamil letters: not a word and its "one" (එකක්, ஒன்று).
  if (halves.length !== 2 || !halves.every((half) => gluesEndings(half) && indexTerm(half) !== null)) return false;
  // Punctuation between them ("වෙබ්, සයිට්") parts them.
  if (ENDS_IN_PUNCTUATION.test(first)) return false;
  const whole = words(first + next);
  if (whole.length !== 1) return false;
  // A word the site knows (its names of facts included): a loanword's key alone joins too much
  // ("ගූගල් සර්ච්", "கார் லீசிங்" would be keys of other words).
  const term = indexTerm(whole[0]!);
  return term !== null && knows(term);
}

/**
 * Entries and the site's vocabulary: which entries hold each stem, and each
 * stem's grams, so a question's word finds the stems alike to it.
 */
export class WordIndex {
  readonly #entries = new Map<string, Entry>();
  readonly #postings = new Map<string, Set<string>>();
  readonly #byGram = new Map<string, Set<string>>();
  /** The bridge's terms by their keys' grams (apart from the stems': no stem is alike to a key). */
  readonly #bridgeByGram = new Map<string, Set<string>>();
  #totalLength = 0;
  /** The language's learnt lexicon (./lexicon.ts): none in English. */
  lexicon: Lexicon = Lexicon.empty;

  get size(): number {
    return this.#entries.size;
  }

  has(id: string): boolean {
    return this.#entries.has(id);
  }

  add(id: string, fields: EntryFields, weight = 1): void {
    if (this.#entries.has(id)) this.remove(id);
    const { terms, length } = entryTerms(fields);
    this.#entries.set(id, { terms, length, weight });
    this.#totalLength += length;
    for (const term of terms.keys()) {
      let ids = this.#postings.get(term);
      if (!ids) {
        this.#postings.set(term, (ids = new Set()));
        if (term.startsWith(TWIN) || term.startsWith(PAIR) || term.startsWith(NAME)) {
          ids.add(id);
          continue;
        }
        const byGram = term.startsWith(BRIDGE) ? this.#bridgeByGram : this.#byGram;
        for (const gram of gramsOf(term)) {
          let stems = byGram.get(gram);
          if (!stems) byGram.set(gram, (stems = new Set()));
          stems.add(term);
        }
      }
      ids.add(id);
    }
  }

  remove(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#totalLength -= entry.length;
    for (const term of entry.terms.keys()) {
      const ids = this.#postings.get(term)!;
      ids.delete(id);
      if (ids.size > 0) continue;
      this.#postings.delete(term);
      if (term.startsWith(TWIN) || term.startsWith(PAIR) || term.startsWith(NAME)) continue;
      const byGram = term.startsWith(BRIDGE) ? this.#bridgeByGram : this.#byGram;
      for (const gram of gramsOf(term)) byGram.get(gram)?.delete(term);
    }
  }

  /** The English stems the language's lexicon translates `stem` by (none in English). */
  translate(stem: string): readonly (readonly [string, number])[] {
    return this.lexicon.translate(stem);
  }

  /** In how many entries `term` is. */
  documentFrequency(term: string): number {
    return this.#postings.get(term)?.size ?? 0;
  }

  /** How telling `term` is (BM25's inverse document frequency): a stem no entry holds tells most. */
  idf(term: string): number {
    const n = this.#entries.size;
    const df = this.documentFrequency(term);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * The site's stems alike to `term` by their grams, with how alike, best
   * first: for a Sinhala or Tamil word always (its endings vary), for another
   * only when the site does not use it (a typo).
   */
  alike(term: string): [string, number][] {
    const glued = gluesEndings(term);
    if (!glued && this.#postings.has(term)) return [];
    const grams = wordGrams(term);
    const seen = new Set<string>([term]);
    const found: [string, number][] = [];
    for (const gram of grams) {
      for (const stem of this.#byGram.get(gram) ?? []) {
        if (seen.has(stem)) continue;
        seen.add(stem);
        const similarity = Math.max(
          gramSimilarity(grams, wordGrams(stem), glued && gluesEndings(stem)),
          !glued && swapped(term, stem) ? SWAP_LIKENESS : 0,
        );
        if (similarity >= (glued ? GRAM_MATCH.glued : GRAM_MATCH.latin)) found.push([stem, similarity]);
      }
    }
    return found.sort((a, b) => b[1] - a[1]).slice(0, MAX_ALIKE);
  }

  /**
   * The bridge's terms for a Sinhala or Tamil `term` the site does not use
   * (./loanwords.ts): the English words with its phonetic key, or one alike
   * by its grams, with how alike.
   */
  bridged(term: string, surface?: string): [string, number][] {
    if (!gluesEndings(term) || this.#postings.has(term)) return [];
    const found = new Map<string, number>();
    // The stem's key, and the typed word's (a stem may have lost the sounds that tell the word).
    for (const key of new Set([phoneticKey(term), surface && phoneticKey(surface)])) {
      if (!key) continue;
      if (this.#postings.has(BRIDGE + key)) found.set(BRIDGE + key, 1);
      const grams = wordGrams(key);
      for (const gram of grams) {
        for (const other of this.#bridgeByGram.get(gram) ?? []) {
          const similarity = gramSimilarity(grams, wordGrams(other.slice(BRIDGE.length)), true);
          if (similarity >= BRIDGE_MATCH && similarity > (found.get(other) ?? 0)) found.set(other, similarity);
        }
      }
    }
    return [...found].sort((a, b) => b[1] - a[1]).slice(0, MAX_ALIKE);
  }

  /**
   * `text` with a Sinhala or Tamil compound typed as two words joined where the site knows it as
   * one (`joinCompounds`), and an English one typed as one word parted where the site says its
   * two words (`splitCompounds`).
   */
  joinCompounds(text: string): string {
    const knows = (term: string) => this.#postings.has(term);
    return splitCompounds(joinCompounds(text, knows), knows);
  }

  /**
   * `word` with the site's stems alike to it added (each at its likeness),
   * and for a loanword the site does not use, the English words it may
   * stand for (BRIDGE_WEIGHT times their likeness).
   */
  widen(word: QueryWord): QueryWord {
    const alternatives = new Map(word.alternatives);
    const holds = new Map(word.holds);
    const add = (term: string, how: number) => alternatives.set(term, Math.max(alternatives.get(term) ?? 0, how));
    const translated: [string, number][] = [];
    for (const [stem, own] of word.alternatives) {
      if (own < 1) continue;
      translated.push([stem, 1]);
      for (const [alike, similarity] of this.alike(stem)) {
        add(alike, similarity);
        translated.push([alike, similarity]);
      }
      // An English word the translated passages do not write finds those whose English twin does.
      if (isLatinWord(stem) && !this.#postings.has(stem) && this.#postings.has(TWIN + stem))
        add(TWIN + stem, TWIN_WEIGHT);
      const surface = own === 1 && stem === word.alternatives.keys().next().value ? word.surface : undefined;
      for (const [bridged, similarity] of this.bridged(stem, surface)) add(bridged, BRIDGE_WEIGHT * similarity);
    }
    // The English words the lexicon learnt for the word (or a site word alike to it): in a
    // translated passage's twin, and in an English one's own words.
    for (const [stem, similarity] of translated) {
      for (const [english, likeness] of this.lexicon.translate(stem)) {
        const how = similarity * likeness;
        for (const term of [TWIN + english, english]) {
          if (alternatives.has(term) && !holds.has(term)) continue;
          add(term, LEXICON_WEIGHT * how);
          holds.set(term, Math.max(holds.get(term) ?? 0, LEXICON_HOLD * Math.min(1, how / LEXICON_MIN_HOLD)));
        }
      }
    }
    // A Latin word amid Sinhala or Tamil is a name only when the site writes it as one.
    const name = word.name === true && this.#postings.has(NAME + (word.alternatives.keys().next().value ?? ""));
    return { ...word, alternatives, name, ...(holds.size > 0 ? { holds } : {}) };
  }

  /**
   * `query` (the words of `text`) with the bridge's pairs for two Sinhala or Tamil words typed
   * together whose keys alone are too short to tell ("ෆොටෝ ෂූට්", "සෝෂල් මීඩියා", "ஆன்லைன்
   * ஷாப்"): the English words the site says together with their pair's key stand in for both,
   * as a loanword's key does.
   */
  widenPairs(text: string, query: readonly QueryWord[]): QueryWord[] {
    const tokens = text.split(/\s+/).filter(Boolean);
    const found = new Map<string, string>();
    for (let i = 0; i + 1 < tokens.length; i++) {
      const [first, next] = [words(tokens[i]!), words(tokens[i + 1]!)];
      if (first.length !== 1 || next.length !== 1 || ENDS_IN_PUNCTUATION.test(tokens[i]!)) continue;
      const [a, b] = [first[0]!, next[0]!];
      const [termA, termB] = [indexTerm(a), indexTerm(b)];
      if (!termA || !termB || !gluesEndings(a) || !gluesEndings(b)) continue;
      // Each word as typed, or without its ending ("ஷூட்டுக்கு" is "ஷூட்" + "for", "කස්ටමර්ස්ලාගෙන්"
      // "customers" + "from").
      // Only two English words said together: a pair's key equal to one word's is mostly chance
      // (ෆොටෝ ෂූට් and "budget" are both "ptst").
      const term = [pairKey(a, b), pairKey(a, termB), pairKey(termA, b), pairKey(termA, termB)]
        .flatMap((key) => (key ? [PAIR + key] : []))
        .find((candidate) => this.#postings.has(candidate));
      if (!term) continue;
      found.set(termA, term);
      found.set(termB, term);
    }
    if (found.size === 0) return [...query];
    return query.map((word) => {
      const term = found.get(word.alternatives.keys().next().value ?? "");
      if (!term || !word.asked || word.alternatives.has(term)) return word;
      return { ...word, alternatives: new Map([...word.alternatives, [term, BRIDGE_WEIGHT]]) };
    });
  }

  /**
   * Whether the site says `word`: an entry holds one of its alternatives, a loanword's English word
   * only by its own key of four letters or more. A key of three letters is too short to tell
   * ("ක්ලාස්" sounds as "goals", "වෙඩින්" as "within") and a key alike in part is a guess
   * ("உடைஞ்சிடுச்சு" as "audience"): such a word counts in the search, but the site is not said to
   * speak of it.
   */
  says(word: QueryWord): boolean {
    const surface = word.surface ?? word.alternatives.keys().next().value ?? "";
    const own = new Set([phoneticKey(surface), phoneticKey(word.alternatives.keys().next().value ?? "")]);
    return [...word.alternatives.keys()].some((term) => {
      if (!this.#postings.has(term)) return false;
      if (!bridging(term)) return true;
      if (term.startsWith(PAIR)) return true;
      const key = term.slice(BRIDGE.length);
      return key.length > MIN_SURE_KEY && own.has(key);
    });
  }

  /**
   * How much a query word counts by rarity: its own stem's, or, when the site
   * does not use it, that of the site's word best standing in for it; a word
   * the site has nothing for counts as the rarest.
   */
  wordIdf(word: QueryWord): number {
    let best: [string, number] | undefined;
    for (const [term, how] of word.alternatives)
      if (this.#postings.has(term) && (!best || how > best[1])) best = [term, how];
    return this.idf(best?.[0] ?? "");
  }

  /** The ids of the entries holding any of the query's stems, among those `filter` keeps. */
  candidates(query: readonly QueryWord[], filter?: (id: string) => boolean): string[] {
    const ids = new Set<string>();
    for (const word of query)
      for (const term of word.alternatives.keys())
        for (const id of this.#postings.get(term) ?? []) if (!filter || filter(id)) ids.add(id);
    return [...ids];
  }

  /**
   * The entries holding the query's words, best first: BM25 over the
   * alternatives of each word (the best one in the entry counts), times the
   * entry's weight, times the share of the asked weight it holds.
   */
  search(query: readonly QueryWord[], filter?: (id: string) => boolean): Scored[] {
    return this.scoreAll(this.candidates(query, filter), query);
  }

  /**
   * Scores `ids` of this index for `query`, each word counting `rarity` (by
   * default its rarity here; a few candidates ranked apart take the whole
   * site's).
   */
  scoreAll(ids: readonly string[], query: readonly QueryWord[], rarity = this.rarity(query)): Scored[] {
    const average = this.#entries.size > 0 ? this.#totalLength / this.#entries.size : 1;
    return ids
      .map((id) => scoreEntry(id, this.#entries.get(id)!, query, rarity, average))
      .filter((scored) => scored.score > 0)
      .sort((a, b) => b.score - a.score);
  }

  /** How many of the words the visitor asked (not a rewrite's, not a helper's) entry `id` holds by any of their alternatives. */
  askedWordsHeld(id: string, query: readonly QueryWord[]): number {
    const entry = this.#entries.get(id);
    if (!entry) return 0;
    return query.filter(
      (word) => word.asked && word.wording === 0 && [...word.alternatives.keys()].some((term) => entry.terms.has(term)),
    ).length;
  }

  /** How much each query word counts here (`wordIdf`). */
  rarity(query: readonly QueryWord[]): number[] {
    return query.map((word) => this.wordIdf(word));
  }
}

/**
 * A visitor says more than what they ask: their business, their town, their product ("a website for
 * my guest house in ella", "අපේ බඩු ඔන්ලයින් විකුණන්න"). Each word the site never uses counts as the
 * rarest in the coverage, so such a question held no passage's half. Where an entry holds two of the
 * words asked as the site says them (not only through a translation learnt, ./lexicon.ts), a word
 * the site never uses counts UNKNOWN_WEIGHT of that: the entry has shown what is asked. A thing
 * asked that the site never names beside one word it does ("the name of your CEO", "do you sell
 * cars?") still counts whole.
 */
const UNKNOWN_WEIGHT = 0.25;
const UNKNOWN_HELD = 2;

/** `entry`'s score and coverage for `query`, whose words count `idfs`, among entries of `average` length. */
function scoreEntry(id: string, entry: Entry, query: readonly QueryWord[], idfs: number[], average: number): Scored {
  let score = 0;
  let nameHeld = false;
  const askedWeight: number[] = [];
  const lightWeight: number[] = [];
  const wordsHeld: number[] = [];
  const held: number[] = [];
  const norm = K1 * (1 - B + (B * entry.length) / Math.max(average, 1));
  query.forEach((word, i) => {
    const idf = idfs[i]!;
    // Each stem standing for the word adds as well as it stands for it ("businesses": exporters,
    // hospitality); any of them holds the word.
    let found = 0;
    let holds = 0;
    let said = false;
    for (const [term, how] of word.alternatives) {
      const tf = entry.terms.get(term);
      if (!tf) continue;
      found += (how * (tf * (K1 + 1))) / (tf + norm);
      const learnt = word.holds?.get(term);
      const hold = learnt ?? (bridging(term) ? (bridgeHold(term) * how) / BRIDGE_WEIGHT : 1);
      holds = Math.max(holds, hold);
      // Held as the site says it (or its sound, or a synonym), not only through a translation learnt.
      if (learnt === undefined) said = true;
    }
    if (holds && word.name) nameHeld = true;
    score += word.weight * idf * found;
    if (word.asked) {
      askedWeight[word.wording] = (askedWeight[word.wording] ?? 0) + idf;
      lightWeight[word.wording] = (lightWeight[word.wording] ?? 0) + idf * (word.unknown ? UNKNOWN_WEIGHT : 1);
      if (said) wordsHeld[word.wording] = (wordsHeld[word.wording] ?? 0) + 1;
      held[word.wording] = (held[word.wording] ?? 0) + idf * holds;
    }
  });
  // The wording of the question the entry answers best (the visitor's, or a model's rewrite).
  let strictCoverage = askedWeight.length > 0 ? 0 : 1;
  let coverage = strictCoverage;
  askedWeight.forEach((weight, wording) => {
    if (weight > 0) strictCoverage = Math.max(strictCoverage, (held[wording] ?? 0) / weight);
    const light = lightWeight[wording] ?? 0;
    if (light > 0 && (wordsHeld[wording] ?? 0) >= UNKNOWN_HELD)
      coverage = Math.max(coverage, (held[wording] ?? 0) / light);
  });
  if (nameHeld && !query.some((word) => word.asked && word.foreign))
    strictCoverage = Math.max(strictCoverage, NAME_COVERAGE);
  coverage = Math.max(coverage, strictCoverage);
  return { id, score: score * coverage * entry.weight, coverage, strictCoverage };
}

/** How alike an English word is to the site's word it is typed for with two letters swapped ("prodcut", "product"). */
const SWAP_LIKENESS = 0.8;
/** The least letters of a word whose swapped letters are a slip, not another word ("form", "from"). */
const MIN_SWAPPED = 5;

/** Whether `a` is `b` with two neighbouring letters swapped (a slip of typing: "prodcut", "product"). */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length || a.length < MIN_SWAPPED) return false;
  let first = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (first >= 0)
      return i === first + 1 && a[first] === b[i] && a[i] === b[first] && a.slice(i + 1) === b.slice(i + 1);
    first = i;
  }
  return false;
}

/** A term's grams: a stem's, or a bridge term's key's. */
const gramsOf = (term: string) => wordGrams(term.startsWith(BRIDGE) ? term.slice(BRIDGE.length) : term);
