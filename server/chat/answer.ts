import type { ChatSource, ChatTurn } from "#content/chat.ts";
import { DEFAULT_LOCALE, type Locale } from "#content/locales.ts";
import type { AiProvider } from "#server/ai/provider.ts";
import { taughtPassage, type Answers } from "./answers.ts";
import type { Passage } from "./passages.ts";
import { FACT_NAMES } from "./facts.ts";
import { chatPrompt } from "./prompt.ts";
import { asksWhatWeDo, asksWhoWeAre } from "./question-kind.ts";
import { CHAT_REPLIES } from "./replies.ts";
import { messagesFor } from "#content/i18n/dictionaries.ts";
import { rewriteForSearch } from "./rewrite.ts";
import { CLOSE_TO_BEST, type SiteIndex } from "./site-index.ts";
import { indexTerm, questionTerms, saysSiteName, sentencesOf, words } from "./terms.ts";

/**
 * The chat's answer to one question (docs/product.md §8 "Chat"). The site
 * index finds the passages that best match it; a model answers from those,
 * numbered, and cites them; with no model the answer quotes them, said
 * plainly as what the site says. Either way the answer ends with the pages it
 * drew on: those cited, or, when a model cites none, those whose words it used.
 * It is in the question's language (./question-locale.ts): that language's
 * passages, quoted in its words or given to a model told to answer in it.
 */

/**
 * Passages a model is given, and how close to the best one's score each must
 * come: a model can leave out what does not help, so it gets more.
 */
const MODEL_PASSAGES = { limit: 6, closeToBest: 0.25 };
/** Passages a no-model answer quotes: fewer, and only strong ones, since each is read in full. */
const QUOTED_PASSAGES = { limit: 3, closeToBest: CLOSE_TO_BEST };

export interface ChatAnswer {
  /**
   * False when the question had words to look up and the site has nothing on
   * them: staff's "Unanswered" conversations. A greeting with no such
   * words counts as answered.
   */
  answered: boolean;
  /** Whether the answer is one the team wrote in the Answers (./answers.ts): Insights count them. */
  fromAnswers: boolean;
  /** The answer's text, in the pieces it streams in. */
  pieces: AsyncIterable<string>;
  /**
   * The pages the answer drew on, once `pieces` has ended: the passages a model
   * cited (or, citing none, those whose words it used), or those quoted.
   */
  sources(): ChatSource[];
}

export interface ChatQuestion {
  question: string;
  /** Earlier turns, oldest first (a model reads them; retrieval does not). */
  history: readonly ChatTurn[];
  provider: AiProvider;
  index: SiteIndex;
  /** The team's Answers, searched before the site (./answers.ts). */
  answers?: Answers;
  /** The Contact page's email, offered when the site has no answer. */
  contactEmail: string;
  /** The visitor asks for a person, a call, a meeting or a quote (./handoff.ts): the answer welcomes it. */
  handoff?: boolean;
  /** The language to answer in (English by default). */
  locale?: Locale;
  signal?: AbortSignal;
}

/**
 * What the team's Answers and the site hold for `question`: the visitor's `whole` question, or one
 * of its sentences, which finds nothing when it names a thing the site never speaks of.
 */
async function lookUp(
  ask: ChatQuestion,
  question: string,
  { limit, closeToBest, whole }: { limit: number; closeToBest: number; whole: boolean },
) {
  const locale = ask.locale ?? DEFAULT_LOCALE;
  // "What do you do?" in any words is asked as "what services do you offer?"; "Who are you?" is
  // answered with the About page's opening (./question-kind.ts). A model still reads the visitor's own words.
  const isStop = (word: string) => indexTerm(word) === null;
  const vague = asksWhatWeDo(question, isStop);
  const whoWeAre = !vague && asksWhoWeAre(question, isStop, saysSiteName(question));
  const searched = vague ? FACT_NAMES[locale].services : question;
  const hasTerms = questionTerms(searched).weights.size > 0;
  // Issue 41 item 3: an answer the team wrote comes first. With no model it is the answer, as
  // written and with no source (it is no page's text); a model gets it as its first passage.
  const taught = hasTerms ? await ask.answers?.find(searched, locale) : undefined;
  if (taught && ask.provider.kind === "none") return { taught, found: [], hasWords: true };
  // With a model, the question in the site's words is searched as well (./rewrite.ts).
  const rewritten =
    whole && hasTerms && !whoWeAre ? await rewriteForSearch(ask.provider, question, locale, ask.signal) : undefined;
  const found = whoWeAre
    ? await ask.index.introduction(limit, locale)
    : hasTerms
      ? await ask.index.search(searched, limit, { closeToBest, locale, rewritten, ...(whole ? {} : { strict: true }) })
      : [];
  return { taught, found, hasWords: hasTerms || whoWeAre };
}

export async function answerQuestion(ask: ChatQuestion): Promise<ChatAnswer> {
  const locale = ask.locale ?? DEFAULT_LOCALE;
  const { limit, closeToBest } = ask.provider.kind === "none" ? QUOTED_PASSAGES : MODEL_PASSAGES;
  const whole = await lookUp(ask, ask.question, { limit, closeToBest, whole: true });
  const { hasWords } = whole;
  let { taught, found } = whole;
  // "who actually started lanka growth partners? what background do they have": a visitor adds
  // an aside, or a second question, whose words the site never uses, and the whole finds nothing.
  // Then the first sentence that asks anything ("ok interested." asks nothing) is asked on its own.
  // Only the first: what follows it is said of it ("any job vacancies? i just finished my degree
  // in graphic design", "…CCTV කැමරා සෙට් කරලා දෙනවද? ගාණ කීයද?"), and answers nothing alone.
  const sentences = sentencesOf(ask.question);
  if (!taught && found.length === 0 && hasWords && sentences.length > 1) {
    for (const sentence of sentences) {
      const one = await lookUp(ask, sentence, { limit, closeToBest, whole: false });
      if (!one.hasWords) continue;
      ({ taught, found } = one);
      break;
    }
  }
  if (taught && ask.provider.kind === "none")
    return { answered: true, fromAnswers: true, pieces: toAsync([taught.entry.answer]), sources: () => [] };
  const passages = [...(taught ? [taughtPassage(taught)] : []), ...found.map(({ passage }) => passage)];
  // A request for the team is answered by the team, whatever the site says about its words.
  const answered = !hasWords || passages.length > 0 || ask.handoff === true;
  const fromAnswers = taught !== undefined;

  if (ask.provider.kind === "none") {
    const text =
      ask.handoff && passages.length === 0
        ? CHAT_REPLIES[locale].handoff
        : siteAnswer(passages, hasWords, ask.contactEmail, locale);
    return { answered, fromAnswers, pieces: toAsync(text.split(/(?<=\n\n)/)), sources: () => sourcesOf(passages) };
  }
  const cited = new Set<number>();
  const said: string[] = [];
  const prompt = chatPrompt(passages, ask.history, ask.question, { handoff: ask.handoff === true, locale });
  const pieces = recorded(withoutCitations(ask.provider.stream(prompt, { signal: ask.signal }), cited), said);
  return {
    answered,
    fromAnswers,
    pieces,
    sources: () => {
      const citedPassages = [...cited].sort((a, b) => a - b).flatMap((n) => passages[n - 1] ?? []);
      // Models often leave the numbers out; the visitor should still get the pages the answer came from.
      return citedPassages.length > 0 ? sourcesOf(citedPassages) : likelySources(said.join(""), passages);
    },
  };
}

/** At most this many pages are guessed for an answer that cites none. */
const LIKELY_SOURCES = 3;

/**
 * The pages an answer that cites nothing most likely drew on, from the
 * `passages` it was given (best first): those sharing the most of the
 * answer's words (stemmed, stop words dropped) in their title, heading or
 * text, each sharing at least half as many as the best, in the passages'
 * order, at most LIKELY_SOURCES. When none shares a word, the best-ranked
 * page; with no passages (the site had nothing), none.
 */
export function likelySources(answer: string, passages: readonly Passage[]): ChatSource[] {
  const pages = passages.filter((passage) => passage.url);
  const answerTerms = termsOf(answer);
  const scored = pages.map((passage) => {
    const terms = termsOf(`${passage.title} ${passage.heading} ${passage.text}`);
    return { passage, shared: [...answerTerms].filter((term) => terms.has(term)).length };
  });
  const best = Math.max(0, ...scored.map(({ shared }) => shared));
  if (best === 0) return sourcesOf(pages.slice(0, 1));
  const used = scored.filter(({ shared }) => shared * 2 >= best).map(({ passage }) => passage);
  return sourcesOf(used).slice(0, LIKELY_SOURCES);
}

/** The distinct index terms of `text`. */
function termsOf(text: string): Set<string> {
  return new Set(words(text).flatMap((word) => indexTerm(word) ?? []));
}

/** The pages of `passages`, each once, in order (the knowledge base is no page). */
export function sourcesOf(passages: readonly Passage[]): ChatSource[] {
  const sources = new Map<string, ChatSource>();
  for (const { title, url } of passages) if (url && !sources.has(url)) sources.set(url, { title, url });
  return [...sources.values()];
}

/**
 * The no-model answer in `locale`: the passages found, quoted, in that
 * language's words (./replies.ts); paragraph-sized pieces stream like a model's.
 */
export function siteAnswer(
  passages: readonly Passage[],
  hasWords: boolean,
  email: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const replies = CHAT_REPLIES[locale];
  const ways = { email, contactPage: messagesFor(locale).links.contact };
  if (!hasWords) return replies.hello(ways);
  if (passages.length === 0) return replies.notFound(ways);
  const quoted = passages.map((passage) =>
    passage.kind === "post" ? replies.fromPost(passage.title, passage.text) : passage.text,
  );
  return replies.found(quoted, ways);
}

/** A citation such as " [2]", "[1, 3]" or "[1][2]" (with the space before it). */
const CITATION = /[ \t]*\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]/g;
/** What may begin a citation that ends in the next piece: spaces, "[", digits. */
const CITATION_START = /[ \t]*(?:\[[\d,\s]{0,12})?$/;

/**
 * The model's answer with its citations taken out (the sources are listed
 * under it instead), adding each cited number to `cited`. What may start a
 * citation at the end of a piece is held back until the next piece shows.
 */
export async function* withoutCitations(pieces: AsyncIterable<string>, cited: Set<number>): AsyncIterable<string> {
  let held = "";
  for await (const piece of pieces) {
    let text = held + piece;
    const start = CITATION_START.exec(text)!;
    held = start[0];
    text = text.slice(0, start.index);
    text = text.replace(CITATION, (_citation, numbers: string) => {
      for (const n of numbers.split(",")) cited.add(Number(n));
      return "";
    });
    if (text) yield text;
  }
  if (held) yield held;
}

/** `pieces` as they pass, each also pushed onto `said`. */
async function* recorded(pieces: AsyncIterable<string>, said: string[]): AsyncIterable<string> {
  for await (const piece of pieces) {
    said.push(piece);
    yield piece;
  }
}

async function* toAsync<T>(items: Iterable<T>): AsyncIterable<T> {
  yield* items;
}
