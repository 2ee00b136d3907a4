import { isSavedEvent, type LiveEvent } from "#content/live-events.ts";
import { DEFAULT_LOCALE, type Locale, type TranslatedLocale } from "#content/locales.ts";
import { markupToPlainText } from "#content/markup.ts";
import { postState } from "#content/post-status.ts";
import type { PostRecord } from "#content/posts.ts";
import { documentKeys, type DocumentKey, type DocumentOf } from "#content/sections.ts";
import { readLocalized } from "#server/content/localized.ts";
import type { Store } from "#server/db/store.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { Logger } from "#server/logger.ts";
import type { LandingPageReadModel } from "#server/pages/types.ts";
import type { PostStore } from "#server/posts/types.ts";
import type { WordCounts } from "./answers.ts";
import {
  actionVerb,
  asksForAction,
  asksClockTime,
  asksCount,
  asksFrequency,
  asksSince,
  isClockTerm,
  namedFactsAsked,
  namesAFact,
} from "./fact-asked.ts";
import { gluesEndings, indexTerm, isBare, isLatinWord, words } from "./terms.ts";
import { beginningAskedOfWho, questionKind, timeUnitsAsked } from "./question-kind.ts";
import { documentPairs, factPairs, Lexicon, type AlignedText } from "./lexicon.ts";
import { documentPassages, landingPagePassages, postPassages, type Passage } from "./passages.ts";
import {
  privateWords,
  FREE_STEMS,
  freeWords,
  modifiersOfUnknown,
  namedAfterUnknown,
  namedAsPlaceOfUnknown,
  saidOfAThing,
  saysFree,
} from "./offer-asked.ts";
import { termsOfWord, textQuery, WordIndex, type EntryFields, type QueryWord } from "./word-index.ts";

/**
 * The chat's search over the site (docs/decisions/011-chat-retrieval.md,
 * 030-retrieval-by-word-parts.md): BM25 over the words' stems, each word
 * asked also finding the site's words that share most of its parts, and an
 * answer only from passages holding enough of what was asked (./word-index.ts).
 *
 * One index per language (issue 26), each built on the first question asked
 * in it: every document as its page reads in that language (its texts there,
 * English where not translated: server/content/localized.ts) and the posts
 * published in it, with their addresses there. Where a language has no
 * passage on a question, the English posts it has no version of (an
 * untranslated post) are searched, at their English addresses.
 *
 * Two steps, so that a blog of thousands of posts keeps questions fast and
 * the index small: an index holds every document's passages (./passages.ts)
 * and each published post whole. A question finds the best passages and the
 * best few posts there; those posts are read (by id) and cut into passages,
 * and all of these candidates are ranked together for the answer.
 *
 * An index follows saves: each `content` event on the bus marks what it names
 * as stale (a document, a post by id, or all posts when another instance
 * cannot say which) in the indexes of the languages it concerns: a save in
 * Sinhala only Sinhala's, an English save every language's, since their
 * untranslated texts show it. The next question in a language brings its
 * index up to date first: a document is read again, a post read by id and put
 * in or taken out, all posts read in batches only when none was named. One
 * refresh runs at a time per language; questions asked meanwhile wait for it.
 */

export interface SiteIndexSources {
  documents: Store["documents"];
  translations: Store["translations"];
  posts: Pick<PostStore, "get" | "everyPublic" | "publicAddresses" | "findBySlug">;
  /** The team's pages (issue 42): each public one is read in every language it is public in. */
  pages?: Pick<LandingPageReadModel, "everyPublic">;
  bus: EventBus;
  logger: Logger;
}

export interface Found {
  passage: Passage;
  score: number;
}

export interface SearchOptions {
  /** The question in other words (a model's rewrite for search, ./rewrite.ts): added to its words. */
  rewritten?: string;
  /**
   * Only passages holding every word asked, and none when the question names a thing the site
   * never speaks of: a sentence of a question asked on its own (./answer.ts) must be wholly the
   * site's to answer.
   */
  strict?: boolean;
  /** Leave out passages scoring under this share of the best one's (CLOSE_TO_BEST by default). */
  closeToBest?: number;
  /** The language to answer in (English by default): its index is searched. */
  locale?: Locale;
}

/**
 * Posts read per query when all of them are indexed: indexing a batch holds
 * the server up, so a batch is small (about 50 ms on one core at 100 posts of
 * 1,200 words), and other requests are answered between batches.
 */
const POST_BATCH = 100;
/** The best posts a question reads and cuts into passages. */
const POSTS_READ = 3;
/** The best document passages ranked with them. */
const PAGE_CANDIDATES = 20;

/** By default a passage whose score is under this share of the best one's is left out: it only adds noise. */
export const CLOSE_TO_BEST = 0.5;

/**
 * A passage answers only when it holds at least this share of the question's
 * words, each counted by its rarity on the site (./word-index.ts): one common
 * word shared ("sell" in "Do you sell cars?") is not an answer.
 */
export const MIN_COVERAGE = 0.5;

/** The coverage of a contact fact's passage when the question asks for it by name (./fact-asked.ts). */
export const NAMED_FACT_COVERAGE = 0.75;

/** How much a word of a model's rewrite counts beside one the visitor typed. */
export const REWRITE_WEIGHT = 0.5;

/** How many of the words a visitor asked a post's paragraph must hold to answer (see `search`). */
export const POST_WORDS_HELD = 2;

/**
 * A passage as searched: its page's title, heading, names and text, and the
 * English words its loanwords may stand for (`bridge`: its English twin's).
 */
function indexedPassage({ title, heading, labels, text }: Passage, bridge?: string): EntryFields {
  return { title, heading, labels, text, bridge };
}

/** The words of a passage the loanword bridge reads (./loanwords.ts). */
const bridgeText = ({ title, heading, labels, text }: Passage) => `${title} ${heading} ${labels} ${text}`;

/**
 * Whether a word asked names a service (its own stem or one standing for it is in a service's
 * name, a service's heading). Read afresh (only for an amount asked): the passages change with saves.
 */
function namesAnOffer(query: readonly QueryWord[], passages: Map<string, Passage>): boolean {
  const names = new Set(
    [...passages.values()].flatMap(({ offer, heading }) =>
      offer ? words(heading).flatMap((word) => indexTerm(word) ?? []) : [],
    ),
  );
  return query.some(
    (word) => word.asked && word.wording === 0 && [...word.alternatives.keys()].some((term) => names.has(term)),
  );
}

/**
 * Whether `passage` says "free of charge" (./offer-asked.ts; not "free of errors", "free from") and
 * holds a word standing for one of `asked` (its stem, or an English word its loanword key or its
 * translation stands for): "a free 30-minute discovery call" answers "is the first consultation
 * free?" and "can I get a free quote?" (a proposal), not "can you make me a logo for free?".
 */
function saysFreeOf(passage: Passage, asked: readonly QueryWord[]): boolean {
  const said = words(`${passage.heading}. ${passage.text}`);
  if (!said.some((word, i) => saysFree(word) && !WITHOUT.has(said[i + 1] ?? ""))) return false;
  const standing = new Set(asked.flatMap((word) => [...word.alternatives.keys()]));
  return said.some((word) => termsOfWord(word).some((term) => standing.has(term)));
}

/** "Free of", "free from": without, not of charge. */
const WITHOUT = new Set(["of", "from"]);

/** The word a query word stands for: its first alternative, its own term. */
const firstTerm = (word: QueryWord) => word.alternatives.keys().next().value ?? "";

/** The passage saying how pricing works (the knowledge base's), if any. */
/** The words the site says its founding by, in each language ("founded", "ආරම්භ වූයේ", "ஸ்தாபிக்கப்பட்டது"). */
const FOUNDING = ["founded", "ආරම්භ", "ஸ்தாபிக்கப்பட்டது"].flatMap((word) => indexTerm(word) ?? []);

const pricingOf = (passages: Map<string, Passage>) => [...passages.values()].find(({ fact }) => fact === "pricing");

const POST_KEY = "post:";
const postKey = (id: string) => `${POST_KEY}${id}`;

/** A published post as searched: its title, excerpt and body as plain text, under the id `post:<id>`. */
function indexedPost({ data }: Pick<PostRecord, "data">): EntryFields {
  return { title: data.title, heading: "", labels: "", text: `${data.excerpt}\n\n${markupToPlainText(data.content)}` };
}

/**
 * An index, the documents' passages by id, each document's passage ids (to
 * replace it whole when saved), and in another language than English each
 * passage's English twin's words by id (a document's passages are made from
 * the same parts in every language, so the ids match).
 */
interface State {
  search: WordIndex;
  passages: Map<string, Passage>;
  documents: Map<DocumentKey, string[]>;
  bridges: Map<string, string>;
  /** Each document's texts beside their English twins, the lexicon's lessons (./lexicon.ts); none in English. */
  pairs: Map<DocumentKey, AlignedText[]>;
  /** The ids of the team pages' passages (all replaced together: pages are few). */
  landing: string[];
}

const addPost = (search: WordIndex, post: Pick<PostRecord, "id" | "data">) =>
  search.add(postKey(post.id), indexedPost(post));

/** The site in one language: its index, kept up to date with the saves heard for it. */
class LanguageIndex {
  #state: State | undefined;
  readonly #staleDocuments = new Set<DocumentKey>();
  readonly #stalePosts = new Set<string>();
  #allPostsStale = false;
  #pagesStale = false;
  #refreshing: Promise<void> | undefined;
  readonly locale: Locale;
  readonly #sources: SiteIndexSources;
  /** The English pages' word counts, brought up to date (for Sinhala and Tamil: an English word amid them, said there?). */
  readonly #english: (() => Promise<WordCounts>) | undefined;

  constructor(locale: Locale, sources: SiteIndexSources, english?: () => Promise<WordCounts>) {
    this.locale = locale;
    this.#sources = sources;
    this.#english = english;
  }

  /** Entries indexed now: documents' passages and posts (0 before its first question). */
  get size(): number {
    return this.#state?.search.size ?? 0;
  }

  /** Whether post `id` is in this index (published in this language), as of its last refresh. */
  hasPost(id: string): boolean {
    return this.#state?.search.has(postKey(id)) ?? false;
  }

  /** Marks what a save changed in this language as stale. */
  hear(event: LiveEvent): void {
    if (!isSavedEvent(event)) return;
    // A save in another language changes nothing here; an English save shows in every language.
    if (event.locale !== undefined && event.locale !== this.locale) return;
    if (event.type === "content") this.#staleDocuments.add(event.key);
    else if (event.type === "page") this.#pagesStale = true;
    else if (event.id) this.#stalePosts.add(event.id);
    else this.#allPostsStale = true;
  }

  /**
   * The passages that best answer `question` (see SiteIndex.search), among
   * the entries `filter` keeps (all by default).
   */
  async search(
    question: string,
    limit: number,
    closeToBest: number,
    {
      filter,
      rewritten,
      strict = false,
    }: { filter?: (id: string) => boolean; rewritten?: string; strict?: boolean } = {},
  ): Promise<Found[]> {
    await this.#fresh();
    const { search, passages, bridges } = this.#state!;
    const kind = questionKind(question);
    // "How long …?", "සති කීයක් …?": the unit of a time asked is the question's form, nothing asked.
    const units = new Set(
      [...(kind === "time" ? timeUnitsAsked(question) : [])].flatMap((word) => indexTerm(word) ?? []),
    );
    const timeForm = (word: QueryWord) =>
      units.has(word.alternatives.keys().next().value ?? "") ? { ...word, asked: false } : word;
    const joined = search.joinCompounds(question);
    // "…for free?", "නොමිලේ", "இலவசமா": a word of being free of charge finds "free" in any language (./offer-asked.ts).
    const free = new Set(freeWords(question).flatMap((word) => indexTerm(word) ?? []));
    const freeOf = (word: QueryWord) => free.has(word.alternatives.keys().next().value ?? "");
    const freeWord = (word: QueryWord): QueryWord =>
      freeOf(word)
        ? { ...word, alternatives: new Map([...word.alternatives, ...FREE_STEMS.map((stem) => [stem, 1] as const)]) }
        : word;
    const query: QueryWord[] = search.widenPairs(
      joined,
      [
        ...textQuery(joined).map(timeForm).map(freeWord),
        ...(rewritten ? textQuery(rewritten, { weight: REWRITE_WEIGHT, wording: 1 }) : []),
      ].map((word) => search.widen(word)),
    );
    if (query.length === 0) return [];
    // "Who started this company?": the founding, not how a visitor starts (./question-kind.ts).
    const beginning = new Set(beginningAskedOfWho(question).flatMap((word) => indexTerm(word) ?? []));
    for (const [i, word] of query.entries()) {
      if (word.wording !== 0 || !beginning.has(firstTerm(word))) continue;
      query[i] = { ...word, alternatives: new Map(FOUNDING.map((term) => [term, 1] as const)) };
    }
    // "Do you repair …?": a doing the site never speaks of is not ours to answer (./fact-asked.ts).
    const verb = actionVerb(question);
    const verbTerm = verb && indexTerm(verb);
    // …or in Sinhala and Tamil, the verb asked of us ("විකුණනවද?", "விக்கிறீங்களா?"): the question's last word.
    const lastTyped = words(question).at(-1) ?? "";
    const doingTerm =
      verbTerm || (gluesEndings(lastTyped) && asksForAction(question, this.locale) ? indexTerm(lastTyped) : null);
    if (verbTerm && search.documentFrequency(verbTerm) === 0 && search.alike(verbTerm).length === 0) return [];
    // "…කැඩිලා, හදලා දෙනවද?", "my screen is cracked", "a photo shoot for my wedding": a thing
    // broken asks for a repair, a private occasion for its trade, neither of which a site that
    // never says the word offers (./offer-asked.ts).
    const privateAsked = new Set(privateWords(question).flatMap((word) => indexTerm(word) ?? []));
    if (query.some((word) => privateAsked.has(firstTerm(word)) && !search.says(word))) return [];
    const found = search.search(query, filter);
    const askedCount = query.filter((word) => word.asked && word.wording === 0).length;
    const doingAsked = doingTerm
      ? query.find((word) => word.wording === 0 && firstTerm(word) === doingTerm)
      : undefined;

    // The candidates: the best document passages, and the best posts cut into passages.
    const candidates = found.flatMap(({ id }) => passages.get(id) ?? []).slice(0, PAGE_CANDIDATES);
    const bestPosts = found.filter(({ id }) => !passages.has(id)).slice(0, POSTS_READ);
    for (const post of await Promise.all(bestPosts.map(({ id }) => this.#readPost(id.slice(POST_KEY.length))))) {
      // One saved or removed since the last refresh is left to the next question's refresh.
      if (post) candidates.push(...postPassages(post, this.locale));
    }
    // Ranked together, in an index of their own, each word as rare as it is on the whole site.
    const byId = new Map(candidates.map((passage) => [passage.id, passage]));
    const ranking = new WordIndex();
    for (const passage of candidates)
      ranking.add(passage.id, indexedPassage(passage, bridges.get(passage.id)), passage.weight);
    // A contact fact asked for by its name answers whatever else the question says (./fact-asked.ts).
    // A question asking whether we do something to the thing a fact is named by ("do you repair
    // mobile phones?") is not answered by a contact fact: it asks for a service.
    const { asked, action } = namedFactsAsked(question, this.locale);
    // A time of day asked of the office, not of something the site never speaks of (a match, a bus).
    const unknown = query.filter(
      (word) =>
        word.asked &&
        word.wording === 0 &&
        ![...word.alternatives.keys()].some((term) => search.documentFrequency(term) > 0 || isClockTerm(term)),
    );
    // A thing named that the site never speaks of: a word of this language's own letters (a Sinhala
    // word searched in English pages, when the language has nothing, is only foreign to them), not
    // the last of a Sinhala or Tamil question, its verb ("…எப்படித் தெரிந்துகொள்வது?", how to know).
    const typed = words(question);
    const lastVerb = typed.length > 1 && gluesEndings(typed.at(-1)!) ? indexTerm(typed.at(-1)!) : null;
    const isUnheard = (word: QueryWord) => {
      const term = word.alternatives.keys().next().value ?? "";
      if (term === lastVerb) return false;
      return this.locale === DEFAULT_LOCALE ? !gluesEndings(term) : gluesEndings(term);
    };
    // "…looks old", "…grow bigger", "பழசா இருக்கு": a word said of a thing names none (./offer-asked.ts).
    const saidOf = saidOfAThing(question, indexTerm, (term) => search.documentFrequency(term) === 0);
    const unheardWords = new Set(unknown.filter((word) => isUnheard(word) && !saidOf.has(firstTerm(word))));
    // …nor is it asked: the site never says the state of a visitor's thing ("පරණයි", it is old).
    for (const [i, word] of query.entries())
      if (word.asked && word.wording === 0 && saidOf.has(firstTerm(word))) query[i] = { ...word, asked: false };
    const unheard = unheardWords.size > 0;
    if (unheard && strict) return [];
    // "…රෙජිස්ට්‍රේෂන් නම්බර් එක", "ரெஜிஸ்ட்ரேஷன் நம்பர்": a fact's name after a word the site never
    // uses names another thing of that name (a registration number is no phone number).
    const neverSaid = new Set(unknown.map(firstTerm));
    /** The words naming a place where a thing the site never speaks of is: they hold nothing asked (below). */
    const places = new Set<string>();
    for (const fact of [...asked]) {
      const names = (word: string) => namesAFact(word, this.locale, fact);
      const unknownTerm = (term: string) => neverSaid.has(term);
      if (namedAfterUnknown(question, names, indexTerm, unknownTerm)) asked.delete(fact);
      // "ඔෆිස් එකේ ජොබ් වේකන්සි", "ஒஃபிஸ்ல meeting hall": the office says where a thing asked is.
      else if (namedAsPlaceOfUnknown(question, names, indexTerm, unknownTerm)) {
        asked.delete(fact);
        for (const word of typed) if (names(word)) places.add(indexTerm(word) ?? "");
      }
    }
    // "phone cases", "මොබයිල් ඇප්": the site's words before a thing it never names only say which
    // (./offer-asked.ts); they hold nothing of what is asked. Not a fact asked for by its name:
    // "ஈமெயில் ஐடி", "email ID", "WhatsApp number" ask for the email, the phone.
    const notSaid = new Set([...unheardWords].map(firstTerm));
    const modifiers = modifiersOfUnknown(joined, indexTerm, (term) => notSaid.has(term), isBare);
    const factNames = new Set(
      typed
        .filter((word) => [...asked].some((fact) => namesAFact(word, this.locale, fact)))
        .flatMap((word) => indexTerm(word) ?? []),
    );
    for (const [i, word] of query.entries()) {
      const term = firstTerm(word);
      if (!word.asked || !(modifiers.has(term) || places.has(term)) || factNames.has(term)) continue;
      query[i] = { ...word, holds: new Map([...word.alternatives.keys()].map((term) => [term, 0])) };
    }
    const clock = asksClockTime(question);
    // …or of the office named ("what time in the morning can i drop by ur office", "காலையில எத்தனை
    // மணிக்கு ஆபீஸ்க்கு வரலாம்?"), whatever else it says.
    const ofOffice = typed.some((word) => namesAFact(word, this.locale, "address"));
    if (clock && (unknown.length === 0 || ofOffice)) asked.add("hours");
    // "How much for a website?", "how many weeks?": a service's description says what is done,
    // not what it costs or how long it takes ("ෆෝන් එකක් හදන්න කොච්චර කල් යනවද?" is no answer
    // of the web service's "mobile phone"). An amount asked of something the site speaks of is
    // the pricing's, when its paragraph holds a word asked ("a website": "fixed-fee projects,
    // such as a brand identity or a website").
    const price = kind === "amount" && !clock && !asksCount(question);
    const since = kind === "time" && asksSince(question);
    const spanOrAmount = !clock && !asksFrequency(question) && !since && (kind === "time" || price);
    const priceAsked = price && unknown.length === 0;
    // …and of a thing a service is named by ("වෙබ් සයිට් එකකට කීයද?": "වෙබ් අඩවි නිර්මාණය"): the
    // pricing answers it in any words, as the opening hours a time of day.
    const pricingFor = priceAsked && namesAnOffer(query, passages) ? pricingOf(passages) : undefined;
    // The words the site never uses count less where a passage holds two asked (./word-index.ts
    // UNKNOWN_WEIGHT): not a Sinhala or Tamil question's last word, its verb ("…වහියිද?", will it rain).
    for (const [i, word] of query.entries())
      if (word.wording === 0 && neverSaid.has(firstTerm(word)) && firstTerm(word) !== lastVerb)
        query[i] = { ...word, unknown: true };
    // An English word amid Sinhala or Tamil that the English pages never say either ("Facebook page
    // க்கு blue tick…"): a thing the site does not know, not everyday English for one it does
    // ("TikTok videos", said "වීඩියෝ" here and "video" in English). Read only when there is one.
    const english = this.#english;
    const latinUnknown = (word: QueryWord) =>
      word.asked && word.unknown === true && firstTerm(word).length >= 3 && isLatinWord(firstTerm(word));
    if (english && query.some(latinUnknown)) {
      const counts = await english();
      for (const [i, word] of query.entries())
        if (latinUnknown(word) && counts.documentFrequency(firstTerm(word)) === 0)
          query[i] = { ...word, foreign: true };
    }
    const scored = ranking
      .scoreAll([...byId.keys()], query, search.rarity(query))
      .map((ranked) => {
        let entry = ranked;
        const passage = byId.get(entry.id)!;
        // A post's paragraph speaks of much in passing ("paint for monsoon weather"): it answers
        // when it holds two words asked, not one (a page's, a service's one word is its subject).
        // One more when the question names a thing the site never speaks of ("மழை", rain, beside
        // "Colombo" and "tomorrow" in a post's quoted sale): two words held are then in passing.
        const needed = POST_WORDS_HELD + (unheard ? 1 : 0);
        if (passage.kind === "post" && ranking.askedWordsHeld(entry.id, query) < needed)
          return { ...entry, coverage: 0 };
        // …so the words the site never uses count whole beside a post's (./word-index.ts UNKNOWN_WEIGHT).
        if (passage.kind === "post" && entry.coverage > entry.strictCoverage)
          entry = withCoverage(entry, entry.strictCoverage);
        // A sentence asked on its own (`strict`) is answered by a passage holding all it asks.
        if (strict && ranking.askedWordsHeld(entry.id, query) < askedCount) return { ...entry, coverage: 0 };
        // An amount or a span asked: a service's description says what is done, a partner's what the
        // partner does, neither what it costs or takes ("the price of a kilo of ur ceylon tea").
        if ((passage.offer || passage.partner) && spanOrAmount) return { ...entry, coverage: 0 };
        // "Do you sell tea?": a partner's description says what another business does (a tea
        // exporter); it answers a doing asked of us only when it says that doing.
        // "Who do you use for printing?" asks for the partner.
        const saysDoing = doingAsked ? ranking.askedWordsHeld(entry.id, [doingAsked]) > 0 : false;
        if (passage.partner && doingAsked && !saysDoing && kind !== "person") return { ...entry, coverage: 0 };
        // …and a passage saying the doing of nothing asked ("we do not sell your personal
        // information" for "do you sell tea?") says nothing of the thing.
        if (saysDoing && askedCount > 1 && ranking.askedWordsHeld(entry.id, query) === 1)
          return { ...entry, coverage: 0 };
        // "Free" asked: the passage says it of something asked ("a free discovery call" is no
        // free logo; "free of errors" no free website).
        if (
          free.size > 0 &&
          !saysFreeOf(
            passage,
            query.filter((word) => word.asked && !freeOf(word)),
          )
        )
          return { ...entry, coverage: 0 };
        const fact = passage.fact;
        if (!fact) return entry;
        if (fact === "pricing") {
          if (!priceAsked || entry.coverage === 0 || entry.coverage >= NAMED_FACT_COVERAGE) return entry;
          return withCoverage(entry, NAMED_FACT_COVERAGE);
        }
        if (action.size > 0 && fact !== "hours") return { ...entry, coverage: 0 };
        if (!asked.has(fact) || entry.coverage === 0 || entry.coverage >= NAMED_FACT_COVERAGE) return entry;
        return withCoverage(entry, NAMED_FACT_COVERAGE);
      })
      .filter(({ coverage }) => coverage >= MIN_COVERAGE)
      .sort((a, b) => b.score - a.score)
      .map(({ id, score }) => ({ passage: byId.get(id)!, score }));
    // An amount asked: the pricing says it, before a page that only names the thing ("websites we host").
    const pricing = priceAsked ? scored.findIndex(({ passage }) => passage.fact === "pricing") : -1;
    if (pricing > 0) {
      const [found] = scored.splice(pricing, 1);
      scored.unshift({ ...found!, score: scored[0]!.score });
    } else if (pricing < 0 && pricingFor && (!filter || filter(pricingFor.id)))
      scored.unshift({ passage: pricingFor, score: scored[0]?.score ?? 1 });
    const best = scored[0]?.score ?? 0;
    return scored.filter((entry) => entry.score >= best * closeToBest).slice(0, limit);
  }

  /** The About page's first `limit` passages in page order (its subtitle, then its story), brought up to date. */
  async introduction(limit: number): Promise<Found[]> {
    await this.#fresh();
    const { documents, passages } = this.#state!;
    return (documents.get("about") ?? [])
      .flatMap((id) => passages.get(id) ?? [])
      .slice(0, limit)
      .map((passage) => ({ passage, score: 1 }));
  }

  /** The index's entries and their stems, brought up to date. */
  async wordCounts(): Promise<WordCounts> {
    await this.#fresh();
    return this.#state!.search;
  }

  /** Post `id` as published in this language now, or undefined when it is not. */
  async #readPost(id: string): Promise<PostRecord | undefined> {
    const { posts } = this.#sources;
    if (this.locale === DEFAULT_LOCALE) {
      const post = await posts.get(id);
      return post && postState(post.data) === "published" ? post : undefined;
    }
    const slug = (await posts.publicAddresses(id))[this.locale];
    const found = slug === undefined ? undefined : await posts.findBySlug(slug, this.locale);
    return found && !found.renamedFrom && found.post.id === id ? found.post : undefined;
  }

  /** Brings the index up to date with every save heard so far (building it the first time). */
  async #fresh(): Promise<void> {
    while (this.#refreshing || !this.#state || this.#isStale()) {
      this.#refreshing ??= this.#refresh().finally(() => (this.#refreshing = undefined));
      await this.#refreshing;
    }
  }

  #isStale() {
    return this.#staleDocuments.size > 0 || this.#stalePosts.size > 0 || this.#allPostsStale || this.#pagesStale;
  }

  async #refresh(): Promise<void> {
    // What was stale when the refresh began; saves heard from now on wait for the next one.
    const full = !this.#state || this.#allPostsStale;
    const documents = full ? documentKeys : [...this.#staleDocuments];
    const posts = full ? [] : [...this.#stalePosts];
    const pages = full || this.#pagesStale;
    this.#pagesStale = false;
    this.#staleDocuments.clear();
    this.#stalePosts.clear();
    this.#allPostsStale = false;
    const began = performance.now();
    try {
      // A full build makes a new index and swaps it in; a few saves change the one in use.
      const state: State = full
        ? {
            search: new WordIndex(),
            passages: new Map(),
            documents: new Map(),
            bridges: new Map(),
            pairs: new Map(),
            landing: [],
          }
        : this.#state!;
      if (pages) await this.#readPages(state);
      for (const key of documents) {
        const { data, source } = await readLocalized(this.#sources, key, this.locale);
        // The English passages the translated ones are twins of (the bridge's words), from the same read.
        const twins =
          this.locale === DEFAULT_LOCALE ? [] : documentPassages(key, source.data as DocumentOf<typeof key>);
        replaceDocument(state, key, documentPassages(key, data as DocumentOf<typeof key>, this.locale), twins);
        if (this.locale !== DEFAULT_LOCALE) state.pairs.set(key, documentPairs(key, data, source.data));
      }
      // What the language's texts and their English twins teach, learnt again when they change.
      if (this.locale !== DEFAULT_LOCALE && documents.length > 0)
        state.search.lexicon = Lexicon.learn([
          ...factPairs(this.locale as TranslatedLocale),
          ...[...state.pairs.values()].flat(),
        ]);
      if (full) {
        for await (const batch of this.#sources.posts.everyPublic(POST_BATCH, this.locale)) {
          for (const post of batch) addPost(state.search, post);
          // Other requests go first (SQLite answers without ever leaving the microtask queue).
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      for (const id of posts) {
        const post = await this.#readPost(id);
        state.search.remove(postKey(id));
        if (post) addPost(state.search, post);
      }
      this.#state = state;
      this.#sources.logger.debug("chat index refreshed", {
        locale: this.locale,
        full,
        documents: documents.length,
        pages,
        posts: full ? "all" : posts.length,
        entries: state.search.size,
        ms: Math.round(performance.now() - began),
      });
    } catch (error) {
      // Tried again on the next question.
      if (full) this.#allPostsStale = this.#state !== undefined;
      for (const key of full ? [] : documents) this.#staleDocuments.add(key);
      for (const id of posts) this.#stalePosts.add(id);
      if (pages) this.#pagesStale = true;
      throw error;
    }
  }

  /** Puts the team pages public in this language now in place of those indexed. */
  async #readPages(state: State): Promise<void> {
    const read = (await this.#sources.pages?.everyPublic(this.locale)) ?? [];
    for (const id of state.landing) {
      state.search.remove(id);
      state.passages.delete(id);
    }
    state.landing = [];
    for (const page of read) {
      for (const passage of landingPagePassages(page, this.locale)) {
        state.search.add(passage.id, indexedPassage(passage), passage.weight);
        state.passages.set(passage.id, passage);
        state.landing.push(passage.id);
      }
    }
  }
}

export class SiteIndex {
  readonly #languages = new Map<Locale, LanguageIndex>();
  readonly #sources: SiteIndexSources;

  constructor(sources: SiteIndexSources) {
    this.#sources = sources;
    sources.bus.subscribe((event) => {
      for (const language of this.#languages.values()) language.hear(event);
    });
  }

  /** Entries indexed now in `locale` (English by default): documents' passages and posts (0 before its first question). */
  size(locale: Locale = DEFAULT_LOCALE): number {
    return this.#languages.get(locale)?.size ?? 0;
  }

  /**
   * The passages that best answer `question` in `locale`, best first: at most
   * `limit`, and only those scoring at least `closeToBest` times the best
   * one's. Empty when the site does not use most of the words asked: "Do you
   * sell cars?" finds "sell" in a post, but nothing on the site is about cars.
   * Where the language has nothing, its untranslated posts are searched in
   * English (none of its own pages: they are all in its index already).
   */
  async search(question: string, limit: number, options: SearchOptions = {}): Promise<Found[]> {
    const { closeToBest = CLOSE_TO_BEST, locale = DEFAULT_LOCALE, rewritten, strict } = options;
    const language = this.#language(locale);
    const found = await language.search(question, limit, closeToBest, { rewritten, strict });
    if (found.length > 0 || locale === DEFAULT_LOCALE) return found;
    const untranslated = (id: string) => id.startsWith(POST_KEY) && !language.hasPost(id.slice(POST_KEY.length));
    return this.#language(DEFAULT_LOCALE).search(question, limit, closeToBest, {
      filter: untranslated,
      rewritten,
      strict,
    });
  }

  /**
   * The answer to "who are you?" in `locale` (./question-kind.ts, asksWhoWeAre): the About page's
   * opening, at most `limit` passages, as the page orders them.
   */
  async introduction(limit: number, locale: Locale = DEFAULT_LOCALE): Promise<Found[]> {
    return this.#language(locale).introduction(limit);
  }

  /**
   * How many of the site's entries in `locale` hold each stem, as of now (the index brought up
   * to date first): the team's Answers weigh words by it (./answers.ts).
   */
  async wordCounts(locale: Locale = DEFAULT_LOCALE): Promise<WordCounts> {
    return this.#language(locale).wordCounts();
  }

  #language(locale: Locale): LanguageIndex {
    let language = this.#languages.get(locale);
    if (!language) {
      const english = locale === DEFAULT_LOCALE ? undefined : () => this.wordCounts(DEFAULT_LOCALE);
      this.#languages.set(locale, (language = new LanguageIndex(locale, this.#sources, english)));
    }
    return language;
  }
}

/** `entry` scored as if it held `coverage` of the question (its score is in proportion to its coverage; ./word-index.ts). */
function withCoverage<T extends { score: number; coverage: number }>(entry: T, coverage: number): T {
  return { ...entry, score: (entry.score / entry.coverage) * coverage, coverage };
}

/** Puts `passages` in place of the passages document `key` had indexed, with their English `twins` (none in English). */
function replaceDocument(state: State, key: DocumentKey, passages: readonly Passage[], twins: readonly Passage[]) {
  for (const id of state.documents.get(key) ?? []) {
    state.search.remove(id);
    state.passages.delete(id);
    state.bridges.delete(id);
  }
  const twinById = new Map(twins.map((twin) => [twin.id, twin]));
  for (const passage of passages) {
    const twin = twinById.get(passage.id);
    if (twin) state.bridges.set(passage.id, bridgeText(twin));
    state.search.add(passage.id, indexedPassage(passage, state.bridges.get(passage.id)), passage.weight);
    state.passages.set(passage.id, passage);
  }
  state.documents.set(
    key,
    passages.map((passage) => passage.id),
  );
}
