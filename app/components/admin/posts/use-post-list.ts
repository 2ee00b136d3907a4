import { useCallback, useEffect, useState } from "react";
import type { PostPage, PostSummary } from "#content/posts.ts";
import { useEventStream } from "#app/components/admin/data/use-event-stream.ts";
import { deletePost, listPosts, loadPost } from "../data/admin-api.ts";
import type { Wrote } from "../data/own-writes.ts";
import { recordKinds } from "../data/record-kinds.ts";
import { postRef } from "../data/record-ref.ts";
import { useDebouncedSearch } from "../data/use-debounced-search.ts";
import { useRecordStore } from "../data/use-record-editor.ts";
import { pageToShow } from "./post-list.ts";

const SEARCH_DELAY_MS = 250;

export type PostListStatus = "loading" | "ready" | "error";

/**
 * The Blog tab's post cards: one page of 24 from the server at a time, the
 * search (debounced, answered by the server), paging, the featured switch
 * and delete, and saves made elsewhere arriving live (the admin's record
 * store tells them from this tab's own writes). Nothing here holds a post's
 * body: the editor loads it when a card is opened.
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
  const store = useRecordStore();

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
      if (store.isNews("post", event)) refresh();
    },
    reconnect: refresh,
  });

  /** Runs one of this tab's writes of post `id`; the shown page is read again when it ends, whatever happened. */
  async function write<T>(id: string, run: () => Promise<T>, wrote: (result: T) => Wrote | undefined): Promise<T> {
    try {
      return await store.track(postRef(id), run, wrote);
    } finally {
      refresh();
    }
  }

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
        post.id,
        async () => {
          const record = await loadPost(post.id);
          return recordKinds.post.save(post.id, record.version, { ...record.data, featured });
        },
        (result) => (result.kind === "saved" ? { ref: postRef(post.id), version: result.record.version } : undefined),
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
        post.id,
        () => deletePost(post.id),
        () => ({ ref: postRef(post.id), deleted: true }),
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
    setFeatured,
    remove,
  };
}

export type PostList = ReturnType<typeof usePostList>;
