import MiniSearch from "minisearch";
import { postState } from "#content/posts.ts";
import { documentKeys, type DocumentKey, type DocumentOf } from "#content/sections.ts";
import type { DocumentStore } from "#server/content/types.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { Logger } from "#server/logger.ts";
import type { PostStore } from "#server/posts/types.ts";
import { documentPassages, postPassages, type Passage } from "./passages.ts";
import { indexTerm, questionTerms, words } from "./terms.ts";

/**
 * The chat's search over the site (docs/decisions/011-chat-retrieval.md): the
 * passages of every document and published post (./passages.ts) in a
 * MiniSearch index (BM25+), searched with the visitor's words and their
 * synonyms (./terms.ts).
 *
 * The index follows saves: it is built on the first question, and each
 * `content` event on the bus marks what it names as stale (a document, a post
 * by id, or all posts when another instance cannot say which). The next
 * question brings those up to date first: a document is read again, a post
 * read by id and put in or taken out, all posts read in batches only when
 * none was named. One refresh runs at a time; questions asked meanwhile wait
 * for it. A question never reads the posts itself.
 */

export interface SiteIndexSources {
  documents: Pick<DocumentStore, "get">;
  posts: Pick<PostStore, "get" | "everyPublic">;
  bus: EventBus;
  logger: Logger;
}

export interface Found {
  passage: Passage;
  score: number;
}

/** Posts read per query when all of them are indexed. */
const POST_BATCH = 500;

/** By default a passage whose score is under this share of the best one's is left out: it only adds noise. */
export const CLOSE_TO_BEST = 0.5;

/** What the index searches: the page's or post's title, and the passage with its heading. */
const FIELDS = ["title", "text"] as const;

type Indexed = Record<"id" | (typeof FIELDS)[number], string>;

/** The passage as searched: its heading first, unless its text already starts with it ("Brand Strategy: …"). */
function indexed({ id, title, heading, text }: Passage): Indexed {
  return { id, title, text: heading && !text.startsWith(heading) ? `${heading}: ${text}` : text };
}

function emptySearch() {
  return new MiniSearch<Indexed>({
    fields: [...FIELDS],
    // Passages are kept beside the index (`passages`), not in it.
    storeFields: [],
    tokenize: words,
    processTerm: indexTerm,
  });
}

/** Everything indexed: passages by id, and each group's passage ids (to replace a saved document or post whole). */
interface State {
  search: ReturnType<typeof emptySearch>;
  passages: Map<string, Passage>;
  groups: Map<string, string[]>;
}

export class SiteIndex {
  #state: State | undefined;
  readonly #staleDocuments = new Set<DocumentKey>();
  readonly #stalePosts = new Set<string>();
  #allPostsStale = false;
  #refreshing: Promise<void> | undefined;
  readonly #sources: SiteIndexSources;

  constructor(sources: SiteIndexSources) {
    this.#sources = sources;
    sources.bus.subscribe((event) => {
      if (event.type !== "content") return;
      if (event.key !== "post") this.#staleDocuments.add(event.key);
      else if (event.id) this.#stalePosts.add(event.id);
      else this.#allPostsStale = true;
    });
  }

  /** Passages indexed now (0 before the first question). */
  get size(): number {
    return this.#state?.passages.size ?? 0;
  }

  /**
   * The passages that best answer `question`, best first: at most `limit`,
   * and only those scoring at least `closeToBest` times the best one's. Empty when the site does not use most of the
   * words asked: "Do you sell cars?" finds "sell" in a post, but nothing on
   * the site is about cars.
   */
  async search(question: string, limit: number, closeToBest = CLOSE_TO_BEST): Promise<Found[]> {
    await this.#fresh();
    const { search, passages } = this.#state!;
    const { weights, asked } = questionTerms(question);
    if (weights.size === 0) return [];
    const results = search.search([...weights.keys()].join(" "), {
      // The terms are already processed: split them as they are.
      tokenize: (query) => query.split(" "),
      processTerm: (term) => term,
      boostTerm: (term) => weights.get(term) ?? 1,
      boostDocument: (id) => passages.get(id as string)?.weight ?? 1,
      // A typo in a longer word still finds it ("adress", "servises").
      fuzzy: (term) => (term.length >= 6 ? 1 : false),
    });
    const onSite = new Set(results.flatMap((result) => result.queryTerms));
    const known = asked.filter((terms) => terms.some((term) => onSite.has(term))).length;
    if (asked.length > 0 && known * 2 <= asked.length) return [];
    // MiniSearch multiplies a passage's score by how many query terms it matched; a site word from
    // the synonym table counts only its weight there, as in the score itself.
    const scored = results
      .map((result) => ({
        passage: passages.get(result.id as string)!,
        score:
          (result.score / result.queryTerms.length) *
          result.queryTerms.reduce((sum, term) => sum + (weights.get(term) ?? 1), 0),
      }))
      .sort((a, b) => b.score - a.score);
    const best = scored[0]?.score ?? 0;
    return scored.filter((found) => found.score >= best * closeToBest).slice(0, limit);
  }

  /** Brings the index up to date with every save heard so far (building it the first time). */
  async #fresh(): Promise<void> {
    while (this.#refreshing || !this.#state || this.#isStale()) {
      this.#refreshing ??= this.#refresh().finally(() => (this.#refreshing = undefined));
      await this.#refreshing;
    }
  }

  #isStale() {
    return this.#staleDocuments.size > 0 || this.#stalePosts.size > 0 || this.#allPostsStale;
  }

  async #refresh(): Promise<void> {
    // What was stale when the refresh began; saves heard from now on wait for the next one.
    const full = !this.#state || this.#allPostsStale;
    const documents = full ? documentKeys : [...this.#staleDocuments];
    const posts = full ? [] : [...this.#stalePosts];
    this.#staleDocuments.clear();
    this.#stalePosts.clear();
    this.#allPostsStale = false;
    const began = performance.now();
    try {
      // A full build makes a new index and swaps it in; a few saves change the one in use.
      const state = full ? { search: emptySearch(), passages: new Map(), groups: new Map() } : this.#state!;
      for (const key of documents) {
        const { data } = await this.#sources.documents.get(key);
        replaceGroup(state, `doc:${key}`, documentPassages(key, data as DocumentOf<typeof key>));
      }
      if (full) {
        for await (const batch of this.#sources.posts.everyPublic(POST_BATCH))
          for (const post of batch) replaceGroup(state, `post:${post.id}`, postPassages(post));
      }
      for (const id of posts) {
        const post = await this.#sources.posts.get(id);
        const isPublic = post !== undefined && postState(post.data) === "published";
        replaceGroup(state, `post:${id}`, isPublic ? postPassages(post) : []);
      }
      this.#state = state;
      this.#sources.logger.debug("chat index refreshed", {
        full,
        documents: documents.length,
        posts: full ? "all" : posts.length,
        passages: state.passages.size,
        ms: Math.round(performance.now() - began),
      });
    } catch (error) {
      // Tried again on the next question.
      if (full) this.#allPostsStale = this.#state !== undefined;
      for (const key of full ? [] : documents) this.#staleDocuments.add(key);
      for (const id of posts) this.#stalePosts.add(id);
      throw error;
    }
  }
}

/** Puts `passages` in place of whatever group `group` had indexed. */
function replaceGroup(state: State, group: string, passages: readonly Passage[]) {
  for (const id of state.groups.get(group) ?? []) {
    state.search.discard(id);
    state.passages.delete(id);
  }
  if (passages.length === 0) {
    state.groups.delete(group);
    return;
  }
  state.search.addAll(passages.map(indexed));
  for (const passage of passages) state.passages.set(passage.id, passage);
  state.groups.set(
    group,
    passages.map((passage) => passage.id),
  );
}
