import { LIVE_EVENT_READERS } from "#content/live-event-readers.ts";
import { subscribeToEvents, type EventHandlers } from "#app/lib/event-stream.ts";

/**
 * The admin's one engine for a list read from the server a page at a time
 * (the Blog tab's posts, the AI tab's conversations, the Messages inbox, the
 * media library and its picker).
 * `usePagedList` (./use-paged-list.ts) reads it in a component; what differs
 * per list is its config: how a page is read, how it pages, which live events
 * make it stale. A small external store (React reads it with
 * useSyncExternalStore), made once per list.
 *
 * One rule per concern:
 * - Stale answers: every read has its own AbortController. A read that changes
 *   what is asked (a search, a filter, another page) aborts the one in flight;
 *   an aborted read's answer, or its failure, never lands.
 * - Re-reads: a refresh (a live event, a write, "Try again") and "Load more"
 *   wait for the read in flight and run once after it, so a burst of events
 *   makes one re-read and never cancels what the admin asked for.
 * - Paging: "pages" shows one page at a time ("Previous" / "Page X of Y" /
 *   "Next"); "more" adds each next page under the shown ones ("Load more") and
 *   a refresh merges the first page in (new items on top), by key, in the
 *   list's order.
 * - Errors: the last good page stays on screen with the reason beside it; only
 *   a list that never had an answer shows the error in its place. "Try again"
 *   runs the read that failed.
 */

/** What a page of a list carries besides its items (every list endpoint answers it). */
export interface PageFacts {
  total: number;
  page: number;
  pages: number;
}

/** What a list is asked: the searched text and the list's own filter (the same question asks page 1 first). */
export interface ListQuestion<F> {
  query: string;
  filter: F;
}

/** "Load more": pages added under the shown ones, merged by `key` in `order`. */
export interface MorePaging<T> {
  kind: "more";
  key: (item: T) => string | number;
  order: (a: T, b: T) => number;
}

export type Paging<T> = { kind: "pages" } | MorePaging<T>;

export interface PagedListConfig<T, A extends PageFacts, F> {
  /** Reads one page; must give up when `signal` aborts. */
  read(question: ListQuestion<F>, page: number, signal: AbortSignal): Promise<A>;
  /** The items of an answer. */
  items(answer: A): T[];
  paging: Paging<T>;
  /** The live events after which the shown items may be out of date: each should call `refresh`. */
  live?: (refresh: () => void) => EventHandlers;
  /** Told of every answer that lands (never of an answer to a question no longer asked). */
  onAnswer?: (answer: A, question: ListQuestion<F>) => void;
}

export type PagedListStatus = "loading" | "ready" | "error";

export interface PagedListState<T> {
  /** "loading" until the first answer, "error" when there is none yet and the read failed. */
  status: PagedListStatus;
  items: readonly T[];
  total: number;
  /** "pages": the page shown; "more": the last page loaded. */
  page: number;
  pages: number;
  /** Why the last read failed; cleared by the next answer. */
  error: string | null;
  /** The read that failed was "Load more" (its error belongs beside the button). */
  moreFailed: boolean;
  /** A read is under way (the shown items stay until it is back). */
  fetching: boolean;
  /** "Load more" is under way or waiting for the read in flight. */
  loadingMore: boolean;
}

/** What the list talks to besides its reads: the event stream (tests pass a fake). */
export interface PagedListDeps {
  subscribe(handlers: EventHandlers): () => void;
}

type ReadKind = "fresh" | "refresh" | "more";
type Continuation = "refresh" | "more";

interface Read {
  kind: ReadKind;
  page: number;
  controller: AbortController;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sameQuestion = <F>(a: ListQuestion<F>, b: ListQuestion<F>) =>
  a.query === b.query && Object.is(a.filter, b.filter);

/**
 * The page to ask for again when an answer came back for a page that no
 * longer exists (the last item of the last page was deleted, or a search
 * shrank the list), or undefined when the answer can be shown as it is.
 */
export function pageToShow(
  requested: number,
  answer: { items: readonly unknown[]; pages: number },
): number | undefined {
  if (answer.items.length > 0 || requested <= 1) return undefined;
  const last = Math.max(1, answer.pages);
  return requested > last ? last : undefined;
}

/** `fresh` replaces the known copies of its items and adds the ones not seen yet, in the list's order. */
export function mergeItems<T>(current: readonly T[], fresh: readonly T[], { key, order }: MorePaging<T>): T[] {
  const byKey = new Map(current.map((item) => [key(item), item]));
  for (const item of fresh) byKey.set(key(item), item);
  return [...byKey.values()].sort(order);
}

// The admin reads every event (the public pages' readers know only theirs).
const eventStream: PagedListDeps = {
  subscribe: (handlers) => subscribeToEvents({ ...handlers, readers: LIVE_EVENT_READERS }),
};

export function createPagedList<T, A extends PageFacts, F>(
  config: PagedListConfig<T, A, F>,
  deps: PagedListDeps = eventStream,
) {
  const { paging } = config;
  const watchers = new Set<() => void>();
  let state: PagedListState<T> = {
    status: "loading",
    items: [],
    total: 0,
    page: 1,
    pages: 1,
    error: null,
    moreFailed: false,
    fetching: false,
    loadingMore: false,
  };
  /** What is asked now (null until the list's first render asks). */
  let question: ListQuestion<F> | null = null;
  /** The question the shown items answer. */
  let answered: ListQuestion<F> | null = null;
  /** "pages": the page asked for (every read reads it). */
  let wanted = 1;
  let reading: Read | null = null;
  const waiting = new Set<Continuation>();
  let failed: ReadKind | null = null;

  function set(change: Partial<PagedListState<T>> = {}) {
    state = {
      ...state,
      ...change,
      fetching: reading !== null,
      loadingMore: reading?.kind === "more" || waiting.has("more"),
    };
    for (const watcher of [...watchers]) watcher();
  }

  /** Starts a read; a fresh one aborts the read in flight (the others wait for it). */
  function read(kind: ReadKind, page: number) {
    const asked = question;
    if (!asked) return;
    reading?.controller.abort();
    const controller = new AbortController();
    const current: Read = { kind, page, controller };
    reading = current;
    set();
    config.read(asked, page, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) land(current, asked, answer);
      },
      (cause: unknown) => {
        if (!controller.signal.aborted) fail(current, cause);
      },
    );
  }

  function land(done: Read, asked: ListQuestion<F>, answer: A) {
    reading = null;
    const items = config.items(answer);
    if (paging.kind === "pages") {
      const again = pageToShow(done.page, { items, pages: answer.pages });
      if (again !== undefined) {
        wanted = again;
        return read("fresh", again);
      }
    }
    config.onAnswer?.(answer, asked);
    answered = asked;
    failed = null;
    const merged = paging.kind === "more" && done.kind !== "fresh";
    set({
      status: "ready",
      items: merged ? mergeItems(state.items, items, paging) : items,
      total: answer.total,
      // A refresh of a longer list re-reads its first page only: the pages loaded stay.
      page: merged && done.kind === "refresh" ? state.page : answer.page,
      pages: answer.pages,
      error: null,
      moreFailed: false,
    });
    next();
  }

  function fail(done: Read, cause: unknown) {
    reading = null;
    failed = done.kind;
    set({ status: answered ? "ready" : "error", error: reasonOf(cause), moreFailed: done.kind === "more" });
    next();
  }

  /** Runs what waited for the read that just ended. */
  function next() {
    const [first] = waiting;
    if (!first) return;
    waiting.delete(first);
    if (first === "more") loadMore();
    else refresh();
  }

  /** Reads what is shown again (or, when the asked question has no answer yet, its first page). */
  function refresh() {
    if (!question) return;
    if (reading) {
      waiting.add("refresh");
      return set();
    }
    const page = paging.kind === "pages" ? wanted : 1;
    read(answered === question ? "refresh" : "fresh", page);
  }

  /** "more": adds the next page under the shown ones. */
  function loadMore() {
    if (paging.kind !== "more" || !question || waiting.has("more") || reading?.kind === "more") return;
    if (reading) {
      waiting.add("more");
      return set();
    }
    if (answered !== question) return refresh();
    if (state.page < state.pages) read("more", state.page + 1);
  }

  return {
    getState: () => state,

    subscribe(watcher: () => void) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },

    /** Listens for the list's live events; the returned function stops, and aborts the read in flight. */
    connect() {
      const unsubscribe = config.live ? deps.subscribe(config.live(refresh)) : undefined;
      return () => {
        unsubscribe?.();
        reading?.controller.abort();
        reading = null;
        waiting.clear();
        set();
      };
    },

    /** Asks a question (the search and filter): a new one reads its first page. */
    ask(next: ListQuestion<F>) {
      if (question && sameQuestion(question, next)) {
        if (reading || answered === question) return;
      } else question = next;
      wanted = 1;
      waiting.clear();
      read("fresh", 1);
    },

    /** "pages": shows page `page` of the same question. */
    goToPage(page: number) {
      if (paging.kind !== "pages" || !question || (page === wanted && reading)) return;
      wanted = page;
      waiting.clear();
      read("fresh", page);
    },

    loadMore,
    refresh,

    /** "Try again": the read that failed, again. */
    retry() {
      if (failed === "more") loadMore();
      else refresh();
    },

    /** Changes the shown items after a write of the list's own (the server's answer is not awaited again). */
    update(change: (items: readonly T[]) => readonly T[], totalChange = 0) {
      set({ items: change(state.items), total: Math.max(0, state.total + totalChange) });
    },
  };
}
