import { describe, expect, it, vi } from "vitest";
import type { EventHandlers } from "#app/lib/event-stream.ts";
import {
  createPagedList,
  mergeItems,
  pageToShow,
  type ListQuestion,
  type MorePaging,
  type PagedListConfig,
  type PageFacts,
  type Paging,
} from "./paged-list.ts";

interface Item {
  id: number;
  at: string;
}

interface Answer extends PageFacts {
  list: Item[];
}

const item = (id: number, at = `2031-01-${String(id).padStart(2, "0")}`): Item => ({ id, at });
const answer = (list: Item[], { total = list.length, page = 1, pages = 1 } = {}): Answer => ({
  list,
  total,
  page,
  pages,
});

const newestFirst: MorePaging<Item> = { kind: "more", key: (i) => i.id, order: (a, b) => b.at.localeCompare(a.at) };

/** One read the list made: what it asked, and the hand that answers it. */
interface Call {
  question: ListQuestion<string>;
  page: number;
  signal: AbortSignal;
  resolve(value: Answer): void;
  reject(error: Error): void;
}

/** Answers settle in a microtask: let them land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A list over a fake read that answers only when the test says so; `emit` plays the page's event stream. */
function setup(paging: Paging<Item> = { kind: "pages" }, config: Partial<PagedListConfig<Item, Answer, string>> = {}) {
  const calls: Call[] = [];
  let handlers: EventHandlers = {};
  const onAnswer = vi.fn();
  const list = createPagedList<Item, Answer, string>(
    {
      read: (question, page, signal) =>
        new Promise<Answer>((resolve, reject) => calls.push({ question, page, signal, resolve, reject })),
      items: (a) => a.list,
      paging,
      onAnswer,
      live: (refresh) => ({ message: refresh }),
      ...config,
    },
    {
      subscribe: (next) => {
        handlers = next;
        return () => {
          handlers = {};
        };
      },
    },
  );
  const disconnect = list.connect();
  const emit = () => handlers.message?.({ id: 1 });
  const last = () => calls.at(-1)!;
  return { list, calls, last, emit, onAnswer, disconnect, state: () => list.getState() };
}

describe("a paged list", () => {
  it("reads the first page of what is asked, and shows it", async () => {
    const { list, calls, last, state } = setup();
    expect(state()).toMatchObject({ status: "loading", fetching: false });
    list.ask({ query: "", filter: "all" });
    expect(calls).toHaveLength(1);
    expect(last()).toMatchObject({ question: { query: "", filter: "all" }, page: 1 });
    expect(state().fetching).toBe(true);
    last().resolve(answer([item(1), item(2)], { total: 30, pages: 2 }));
    await settle();
    expect(state()).toMatchObject({
      status: "ready",
      items: [item(1), item(2)],
      total: 30,
      page: 1,
      pages: 2,
      error: null,
      fetching: false,
    });
  });

  it("asking the same question again reads nothing; a new search or filter goes back to page 1", async () => {
    const { list, calls, last } = setup();
    list.ask({ query: "", filter: "all" });
    last().resolve(answer([item(1)], { pages: 3 }));
    await settle();
    list.goToPage(3);
    last().resolve(answer([item(9)], { page: 3, pages: 3 }));
    await settle();
    list.ask({ query: "", filter: "all" });
    expect(calls).toHaveLength(2);
    list.ask({ query: "", filter: "unanswered" });
    expect(calls).toHaveLength(3);
    expect(last()).toMatchObject({ question: { filter: "unanswered" }, page: 1 });
  });

  it("never shows a slow answer to an older search once a newer one was asked", async () => {
    const { list, calls, state, onAnswer } = setup();
    list.ask({ query: "te", filter: "all" });
    list.ask({ query: "tea", filter: "all" });
    const [slow, fresh] = calls;
    expect(slow!.signal.aborted).toBe(true);
    expect(fresh!.signal.aborted).toBe(false);
    fresh!.resolve(answer([item(2)]));
    await settle();
    // The older answer still arrives (a server that ignored the abort): it is dropped.
    slow!.resolve(answer([item(1)]));
    await settle();
    expect(state().items).toEqual([item(2)]);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenCalledWith(answer([item(2)]), { query: "tea", filter: "all" });
  });

  it("drops the failure of a read it gave up on", async () => {
    const { list, calls, state } = setup();
    list.ask({ query: "", filter: "all" });
    list.ask({ query: "tea", filter: "all" });
    calls[0]!.reject(new Error("The server answered 500."));
    calls[1]!.resolve(answer([item(2)]));
    await settle();
    expect(state()).toMatchObject({ status: "ready", error: null, items: [item(2)] });
  });

  it("a failed first read shows the error in the list's place; Try again reads it again", async () => {
    const { list, calls, last, state } = setup();
    list.ask({ query: "", filter: "all" });
    last().reject(new Error("The server could not be reached."));
    await settle();
    expect(state()).toMatchObject({ status: "error", error: "The server could not be reached.", items: [] });
    list.retry();
    expect(calls).toHaveLength(2);
    expect(last().page).toBe(1);
    last().resolve(answer([item(1)]));
    await settle();
    expect(state()).toMatchObject({ status: "ready", error: null, items: [item(1)] });
  });

  it("a failed refresh keeps the shown page on screen, with the reason beside it", async () => {
    const { list, last, state } = setup();
    list.ask({ query: "", filter: "all" });
    last().resolve(answer([item(1), item(2)], { total: 2 }));
    await settle();
    list.refresh();
    last().reject(new Error("The server answered 503."));
    await settle();
    expect(state()).toMatchObject({
      status: "ready",
      items: [item(1), item(2)],
      total: 2,
      error: "The server answered 503.",
      moreFailed: false,
      fetching: false,
    });
    list.refresh();
    last().resolve(answer([item(1)], { total: 1 }));
    await settle();
    expect(state()).toMatchObject({ status: "ready", items: [item(1)], total: 1, error: null });
  });

  it("a failed new search keeps the last good page too", async () => {
    const { list, last, state } = setup();
    list.ask({ query: "", filter: "all" });
    last().resolve(answer([item(1)]));
    await settle();
    list.ask({ query: "tea", filter: "all" });
    last().reject(new Error("Too many requests."));
    await settle();
    expect(state()).toMatchObject({ status: "ready", items: [item(1)], error: "Too many requests." });
    list.retry();
    expect(last()).toMatchObject({ question: { query: "tea" }, page: 1 });
  });
});

describe("paging one page at a time", () => {
  it("shows the page asked for, and drops the answer for the page it left", async () => {
    const { list, calls, last, state } = setup();
    list.ask({ query: "", filter: "all" });
    last().resolve(answer([item(1)], { total: 3, pages: 3 }));
    await settle();
    list.goToPage(2);
    list.goToPage(3);
    const [, two, three] = calls;
    expect(two!.signal.aborted).toBe(true);
    three!.resolve(answer([item(3)], { total: 3, page: 3, pages: 3 }));
    two!.resolve(answer([item(2)], { total: 3, page: 2, pages: 3 }));
    await settle();
    expect(state()).toMatchObject({ items: [item(3)], page: 3, pages: 3 });
    // A refresh reads the page shown.
    list.refresh();
    expect(last().page).toBe(3);
  });

  it("asks for the last page when the one asked for is past the end (its last item was deleted)", async () => {
    const { list, calls, last, state } = setup();
    list.ask({ query: "", filter: "all" });
    last().resolve(answer([item(1)], { total: 3, pages: 3 }));
    await settle();
    list.goToPage(3);
    last().resolve(answer([], { total: 2, page: 3, pages: 2 }));
    await settle();
    expect(calls).toHaveLength(3);
    expect(last().page).toBe(2);
    // The empty page in between is never shown.
    expect(state().items).toEqual([item(1)]);
    last().resolve(answer([item(2)], { total: 2, page: 2, pages: 2 }));
    await settle();
    expect(state()).toMatchObject({ items: [item(2)], page: 2, pages: 2 });
  });

  it("going to the page already on its way reads nothing more", () => {
    const { list, calls } = setup();
    list.ask({ query: "", filter: "all" });
    list.goToPage(1);
    expect(calls).toHaveLength(1);
  });
});

describe("paging with Load more", () => {
  async function loaded() {
    const test = setup(newestFirst);
    test.list.ask({ query: "", filter: "all" });
    test.last().resolve(answer([item(9), item(8)], { total: 5, pages: 3 }));
    await settle();
    return test;
  }

  it("adds the next page under the shown ones, until there is no more", async () => {
    const { list, calls, last, state } = await loaded();
    list.loadMore();
    expect(last().page).toBe(2);
    expect(state().loadingMore).toBe(true);
    list.loadMore();
    expect(calls).toHaveLength(2);
    last().resolve(answer([item(7), item(6)], { total: 5, page: 2, pages: 3 }));
    await settle();
    expect(state()).toMatchObject({ page: 2, pages: 3, loadingMore: false });
    expect(state().items.map((i) => i.id)).toEqual([9, 8, 7, 6]);
    list.loadMore();
    last().resolve(answer([item(5)], { total: 5, page: 3, pages: 3 }));
    await settle();
    expect(state().items.map((i) => i.id)).toEqual([9, 8, 7, 6, 5]);
    list.loadMore();
    expect(calls).toHaveLength(3);
  });

  it("a refresh merges the first page in: new items on top, the pages loaded stay", async () => {
    const { list, last, state } = await loaded();
    list.loadMore();
    last().resolve(answer([item(7), item(6)], { total: 5, page: 2, pages: 3 }));
    await settle();
    list.refresh();
    expect(last().page).toBe(1);
    last().resolve(answer([item(10), item(9)], { total: 6, page: 1, pages: 3 }));
    await settle();
    expect(state()).toMatchObject({ page: 2, pages: 3, total: 6 });
    expect(state().items.map((i) => i.id)).toEqual([10, 9, 8, 7, 6]);
  });

  it("a failed Load more keeps what is shown; Try again loads more again", async () => {
    const { list, last, state } = await loaded();
    list.loadMore();
    last().reject(new Error("The server could not be reached."));
    await settle();
    expect(state()).toMatchObject({
      status: "ready",
      error: "The server could not be reached.",
      moreFailed: true,
      loadingMore: false,
    });
    expect(state().items.map((i) => i.id)).toEqual([9, 8]);
    list.retry();
    expect(last().page).toBe(2);
    last().resolve(answer([item(7)], { total: 5, page: 2, pages: 3 }));
    await settle();
    expect(state()).toMatchObject({ error: null, moreFailed: false });
  });

  it("Load more asked during a refresh waits for it instead of cancelling it", async () => {
    const { list, calls, state } = await loaded();
    list.refresh();
    list.loadMore();
    expect(state().loadingMore).toBe(true);
    const refresh = calls[1]!;
    expect(calls).toHaveLength(2);
    refresh.resolve(answer([item(9), item(8)], { total: 5, pages: 3 }));
    await settle();
    expect(refresh.signal.aborted).toBe(false);
    expect(calls).toHaveLength(3);
    expect(calls[2]!.page).toBe(2);
  });
});

describe("live events", () => {
  it("one event makes one re-read of the shown page", async () => {
    const { list, calls, last, emit, state } = setup();
    list.ask({ query: "", filter: "all" });
    last().resolve(answer([item(1)], { total: 2, pages: 2 }));
    await settle();
    list.goToPage(2);
    last().resolve(answer([item(2)], { total: 2, page: 2, pages: 2 }));
    await settle();
    emit();
    expect(calls).toHaveLength(3);
    expect(last()).toMatchObject({ page: 2, question: { query: "" } });
    last().resolve(answer([{ ...item(2), at: "changed" }], { total: 2, page: 2, pages: 2 }));
    await settle();
    expect(state().items).toEqual([{ ...item(2), at: "changed" }]);
    expect(calls).toHaveLength(3);
  });

  it("a burst of events during a read makes one re-read once it is back, and cancels nothing", async () => {
    const { list, calls, emit } = setup();
    list.ask({ query: "", filter: "all" });
    emit();
    emit();
    emit();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);
    calls[0]!.resolve(answer([item(1)]));
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(answer([item(1)]));
    await settle();
    expect(calls).toHaveLength(2);
  });

  it("a new search drops the re-read waiting for the read it replaces", async () => {
    const { list, calls, last, emit } = setup();
    list.ask({ query: "", filter: "all" });
    emit();
    list.ask({ query: "tea", filter: "all" });
    last().resolve(answer([item(1)]));
    await settle();
    expect(calls).toHaveLength(2);
  });

  it("stops listening, and gives up the read in flight, when disconnected", async () => {
    const { list, calls, emit, disconnect, state } = setup();
    list.ask({ query: "", filter: "all" });
    disconnect();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(state().fetching).toBe(false);
    emit();
    expect(calls).toHaveLength(1);
    // Connected again (React's strict mode does this), the same question is read again.
    list.connect();
    list.ask({ query: "", filter: "all" });
    expect(calls).toHaveLength(2);
  });
});

describe("the list's own writes", () => {
  it("change the shown items and total without a read", async () => {
    const { list, calls, last, state } = setup(newestFirst);
    list.ask({ query: "", filter: "all" });
    last().resolve(answer([item(3), item(2), item(1)]));
    await settle();
    list.update((items) => items.filter((i) => i.id !== 2), -1);
    expect(state()).toMatchObject({ items: [item(3), item(1)], total: 2 });
    list.update((items) => mergeItems(items, [item(2)], newestFirst), 1);
    expect(state()).toMatchObject({ items: [item(3), item(2), item(1)], total: 3 });
    expect(calls).toHaveLength(1);
  });
});

describe("pageToShow", () => {
  const page = (items: number, pages: number) => ({ items: Array.from({ length: items }, () => item(1)), pages });

  it("keeps an answer that has items, and the first page even when empty", () => {
    expect(pageToShow(2, page(24, 3))).toBeUndefined();
    expect(pageToShow(1, page(0, 1))).toBeUndefined();
  });

  it("goes back to the last page when the asked one is past the end", () => {
    expect(pageToShow(3, page(0, 2))).toBe(2);
    expect(pageToShow(9, page(0, 1))).toBe(1);
  });

  it("leaves an empty page alone when the server says it exists", () => {
    expect(pageToShow(2, page(0, 2))).toBeUndefined();
  });
});
