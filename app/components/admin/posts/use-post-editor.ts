import { useEffect, useRef, useState } from "react";
import { locales } from "#content/locales.ts";
import type { PostSummary } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { deletePostTranslation } from "../data/admin-api.ts";
import { inAnyLanguage, postRef, sameRecord, type RecordRef, type StoredRecord } from "../data/record-ref.ts";
import type { SaveOutcome } from "../data/record-store.ts";
import { useRecordStore } from "../data/use-record-editor.ts";
import { refused } from "../editor/use-record-link.ts";
import { postName } from "./post-list.ts";
import type { PostList } from "./use-post-list.ts";

/**
 * Which post "Edit Post" shows: none, one whose body is loading or failed to
 * load, or one open in the record store (`post`: its English record; the
 * dialog opens its other languages as they are chosen).
 */
export type PostEditorState =
  | { status: "closed" }
  | { status: "loading"; id: string; title: string }
  | { status: "failed"; id: string; title: string; reason: string }
  | { status: "open"; post: RecordRef };

const reasonOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * The "Edit Post" dialog (docs/product.md §4 "Blog editor") over the admin's
 * record store, which edits, guards, recovers and follows the open post as it
 * does every record (./use-record-editor.ts reads it): opening a card loads
 * that post, "Create Empty Post" holds a new one, Save stores it and closes,
 * Cancel discards the edits. Each language of a post is a record of its own
 * (`post:<id>@si`): Save stores the one shown, and closes unless another
 * language of the post still holds edits. The shown page of cards is read
 * again after each write; `onCreated` is told when a new post was stored.
 */
export function usePostEditor(list: Pick<PostList, "refresh">, { onCreated }: { onCreated?: () => void } = {}) {
  const store = useRecordStore();
  const [state, setState] = useState<PostEditorState>({ status: "closed" });
  /** The post whose body is being loaded: an answer for any other is not shown. */
  const loading = useRef<string | null>(null);
  const open = state.status === "open" ? state.post : null;

  // The store holds the open post, in each language opened, while the dialog shows it; drafts kept on the device stay.
  useEffect(
    () =>
      open
        ? () => {
            for (const locale of locales) store.release(postRef(open.id, locale));
          }
        : undefined,
    [store, open],
  );

  /** Loads post `id`, then shows it; `onRefused`, when given, is told instead of "Edit Post" showing a refusal. */
  function load(id: string, title: string, onRefused?: (reason: string) => void) {
    const post = postRef(id);
    loading.current = id;
    setState({ status: "loading", id, title });
    store.open(post).then(
      () => {
        if (loading.current === id) setState({ status: "open", post });
        else store.release(post);
      },
      (cause: unknown) => {
        if (loading.current !== id) return;
        if (onRefused && refused(cause)) {
          loading.current = null;
          setState({ status: "closed" });
          onRefused(reasonOf(cause));
        } else setState({ status: "failed", id, title, reason: reasonOf(cause) });
      },
    );
  }

  function close() {
    loading.current = null;
    if (open) store.discard(inAnyLanguage(open));
    setState({ status: "closed" });
  }

  return {
    state,
    /** Opens a card: its body is loaded first. */
    open: (post: PostSummary) => load(post.id, postName(post.title)),
    /**
     * Opens post `id` from a link (./post-link.ts), its title not known yet. A post that no longer
     * exists, or that this account may not open, is not shown: `onRefused` gets the server's reason.
     */
    openLinked: (id: string, onRefused: (reason: string) => void) => load(id, "", onRefused),
    retry: () => state.status === "failed" && load(state.id, state.title),
    /** Opens a new, unsaved post. */
    create(data: BlogPost) {
      const post = postRef(null);
      store.create(post, data);
      setState({ status: "open", post });
    },
    /**
     * Saves the open post in the language of `post` (over `version`: default the version it started
     * from; the conflict's to overwrite it); closes once saved, unless another language has edits.
     */
    async save(post: RecordRef, version?: number): Promise<SaveOutcome> {
      if (!open) return { kind: "failed", reason: "No post is open." };
      const outcome = await store.save(post, version);
      list.refresh();
      if (outcome.kind === "saved") {
        if (!store.isDirty(inAnyLanguage(open))) setState({ status: "closed" });
        if (open.id === null) onCreated?.();
      }
      return outcome;
    },
    /** Saves an old version of the open post in the language of `post` again as its newest and shows it; rejects with the server's reason. */
    async restore(post: RecordRef, revision: number): Promise<StoredRecord> {
      try {
        return await store.restore(post, revision);
      } finally {
        list.refresh();
      }
    },
    /**
     * Deletes the open post's translation `post` (English and the other languages stay; its versions
     * stay in History); its edits go with it. Rejects with the server's reason, keeping them.
     * The dialog then opens the language again: not translated.
     */
    async removeTranslation(post: RecordRef): Promise<void> {
      const { id, locale } = post;
      if (id === null || !locale) throw new Error("Only a translation of a saved post can be deleted here.");
      try {
        // Not noted as a deletion of the record: a new translation may be saved under its key again.
        await store.track(
          post,
          () => deletePostTranslation(id, locale),
          () => undefined,
        );
      } finally {
        list.refresh();
      }
      store.discard((ref) => sameRecord(ref, post));
      store.release(post);
    },
    /** Cancel, × or Esc: the edits are discarded. */
    close,
  };
}

export type PostEditor = ReturnType<typeof usePostEditor>;
