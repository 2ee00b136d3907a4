import { useCallback, useEffect, useState } from "react";
import type { PostPage, PostSummary } from "#content/posts.ts";
import { useEventStream } from "#app/components/admin/data/use-event-stream.ts";
import { deletePost, listPosts, loadPost, savePost } from "../data/admin-api.ts";
import { useDebouncedSearch } from "../data/use-debounced-search.ts";
import { createOwnWrites, pageToShow, POST_EVENT_KEY, type OwnWrite } from "./post-list.ts";

const SEARCH_DELAY_MS = 250;

export type PostListStatus = "loading" | "ready" | "error";

/**
 * The Blog tab's post cards: one page of 24 from the server at a time, the
 * search (debounced, answered by the server), paging, the featured switch
 * and delete, and saves made elsewhere arriving live. Nothing here holds a
 * post's body: the editor loads it when a card is opened.
 */
export function usePostList() {
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<PostPage | null>(null);
  const [status, setStatus] = useState<PostListStatus>("loading");
  const [error, setError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  // Bumped to read the shown page again (after a write, or a save elsewhere).
  const [reads, setReads] = useState(0);
  // How many posts there are in all: a new post's placementId (docs/product.md §3).
  const [allTotal, setAllTotal] = useState(0);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [ownWrites] = useState(createOwnWrites);

  const { query, setQuery, searched } = useDebouncedSearch(SEARCH_DELAY_MS, setPage);

  useEffect(() => {
    const controller = new AbortController();
    setFetching(true);
    listPosts(searched, page, controller.signal).then(
      (result) => {
        const again = pageToShow(page, result);
        if (again !== undefined) return setPage(again);
        setAnswer(result);
        if (!searched) setAllTotal(result.total);
        setStatus("ready");
        setError(null);
        setFetching(false);
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        setError(cause instanceof Error ? cause.message : String(cause));
        // A page already shown stays; only a first read that failed shows the error in its place.
        setStatus((current) => (current === "ready" ? current : "error"));
        setFetching(false);
      },
    );
    return () => controller.abort();
  }, [searched, page, reads]);

  const refresh = useCallback(() => setReads((n) => n + 1), []);

  useEventStream({
    content: (event) => {
      if (event.key === POST_EVENT_KEY && !ownWrites.isEcho(event)) refresh();
    },
    reconnect: refresh,
  });

  /** Runs one of this tab's writes; the shown page is read again when it ends, whatever happened. */
  const write = useCallback(
    async <T>(run: () => Promise<T>, wrote: (result: T) => OwnWrite | undefined): Promise<T> => {
      const end = ownWrites.begin();
      try {
        const result = await run();
        end(wrote(result));
        return result;
      } finally {
        end();
        refresh();
      }
    },
    [ownWrites, refresh],
  );

  function markBusy(id: string, busy: boolean) {
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const patchShown = (id: string, patch: Partial<PostSummary>) =>
    setAnswer(
      (current) =>
        current && { ...current, posts: current.posts.map((post) => (post.id === id ? { ...post, ...patch } : post)) },
    );

  /**
   * Saves one post with `featured` changed (its body is read first: a save sends the whole post).
   * "conflict" when someone saved it between that read and the save; rejects with the server's reason.
   */
  async function setFeatured(post: PostSummary, featured: boolean): Promise<"saved" | "conflict"> {
    markBusy(post.id, true);
    patchShown(post.id, { featured });
    try {
      const saved = await write(
        async () => {
          const record = await loadPost(post.id);
          return savePost(post.id, record.version, { ...record.data, featured, updatedAt: new Date().toISOString() });
        },
        (result) => (result.kind === "saved" ? { id: post.id, version: result.post.version } : undefined),
      );
      return saved.kind;
    } catch (cause) {
      patchShown(post.id, { featured: post.featured });
      throw cause;
    } finally {
      markBusy(post.id, false);
    }
  }

  /** Deletes one post for good; rejects with the server's reason. */
  async function remove(post: PostSummary): Promise<void> {
    markBusy(post.id, true);
    try {
      await write(
        () => deletePost(post.id),
        () => ({ id: post.id, deleted: true }),
      );
    } finally {
      markBusy(post.id, false);
    }
  }

  return {
    query,
    setQuery,
    /** The search the shown page answers (the box's text once typing paused). */
    searched,
    posts: answer?.posts ?? [],
    total: answer?.total ?? 0,
    allTotal,
    page: answer?.page ?? page,
    pages: answer?.pages ?? 1,
    status,
    error,
    /** A read is under way (the shown page stays until it is back). */
    fetching,
    busyIds,
    goToPage: setPage,
    refresh,
    write,
    setFeatured,
    remove,
  };
}

export type PostList = ReturnType<typeof usePostList>;
