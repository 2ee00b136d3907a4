import { useMemo, useState } from "react";
import { isTranslated, type Locale, type TranslatedLocale } from "#content/locales.ts";
import type { PostListFilter, PostSummary } from "#content/posts.ts";
import { deletePost, listPosts, loadPost } from "../data/admin-api.ts";
import type { Wrote } from "../data/own-writes.ts";
import { recordKinds } from "../data/record-kinds.ts";
import { postRef } from "../data/record-ref.ts";
import { usePagedList } from "../data/use-paged-list.ts";
import { useRecordStore } from "../data/use-record-editor.ts";

const SEARCH_DELAY_MS = 250;

/** How many posts are published in a language, of how many (the Blog tab's line in that language). */
export interface PublishedIn {
  locale: TranslatedLocale;
  published: number;
  total: number;
}

/**
 * The Blog tab's post cards: one page of 24 from the server at a time (the
 * admin's paged list, ../data/paged-list.ts), the featured switch and delete,
 * and saves made elsewhere arriving live (the admin's record store tells them
 * from this tab's own writes). Nothing here holds a post's body: the editor
 * loads it when a card is opened.
 *
 * In another language (`locale`), each card is the post in that language
 * with its status there, or "not translated" (GET /api/posts?locale=), and
 * `publishedIn` says how many are published in it (the answer's `published`).
 *
 * `show` narrows the list (GET /api/posts ?review=1 or ?status=): the drafts in review, or one state.
 */
export function usePostList(locale: Locale, show?: PostListFilter) {
  const store = useRecordStore();
  // How many posts there are in all: a new post's placementId (docs/product.md §3).
  const [allTotal, setAllTotal] = useState(0);
  const [publishedIn, setPublishedIn] = useState<PublishedIn | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const list = usePagedList(
    {
      searchDelayMs: SEARCH_DELAY_MS,
      paging: { kind: "pages" },
      read: ({ query, filter }, page, signal) =>
        listPosts(query, page, signal, !isTranslated(filter.locale) ? undefined : filter.locale, filter.show),
      items: (answer) => answer.posts,
      onAnswer: (answer, { query, filter }) => {
        // The counts are of every post: a search or a narrowed list leaves them as they were.
        if (query || filter.show) return;
        setAllTotal(answer.total);
        if (isTranslated(filter.locale) && answer.published !== undefined)
          setPublishedIn({ locale: filter.locale, published: answer.published, total: answer.total });
      },
      live: (refresh) => ({
        post: (event) => {
          if (store.isNews("post", { type: "post", ...event })) refresh();
        },
        reconnect: refresh,
      }),
    },
    useMemo(() => ({ locale, show }), [locale, show]),
  );

  /** Runs one of this tab's writes of post `id`; the shown page is read again when it ends, whatever happened. */
  async function write<T>(id: string, run: () => Promise<T>, wrote: (result: T) => Wrote | undefined): Promise<T> {
    try {
      return await store.track(postRef(id), run, wrote);
    } finally {
      list.refresh();
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
    list.update((posts) => posts.map((post) => (post.id === id ? { ...post, ...patch } : post)));

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
    ...list,
    allTotal,
    /** The count of the list's language, once known (null in English). */
    publishedIn: isTranslated(locale) && publishedIn?.locale === locale ? publishedIn : null,
    busyIds,
    setFeatured,
    remove,
  };
}

export type PostList = ReturnType<typeof usePostList>;
