import { useReducer } from "react";
import type { PostRecord, PostSummary } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { createPost, loadPost, restorePostRevision, savePost, type PostSaveAnswer } from "../data/admin-api.ts";
import { closedEditor, isDirty, postEditorReducer } from "./post-editor-state.ts";
import { postName } from "./post-list.ts";
import { usePostDraft } from "./use-post-draft.ts";
import type { PostList } from "./use-post-list.ts";

export type PostSaveOutcome =
  { kind: "saved"; post: PostRecord } | { kind: "conflict" } | { kind: "failed"; reason: string };

/**
 * The "Edit Post" dialog: opening a card loads that post's body, Save sends
 * that one post (a new one is created), a stale save opens the conflict
 * dialog, History restores an old version, and unsaved edits are kept on the
 * device (./use-post-draft.ts). `onCreated` is told when a new post was
 * stored. Writes go through the list (`list.write`) so it is read again and
 * their live echoes are not.
 */
export function usePostEditor(list: Pick<PostList, "write">, { onCreated }: { onCreated?: () => void } = {}) {
  const [state, dispatch] = useReducer(postEditorReducer, closedEditor);
  const draft = usePostDraft(state, dispatch);

  function load(id: string, title: string) {
    dispatch({ type: "open", id, title });
    loadPost(id).then(
      (record) => dispatch({ type: "loaded", record }),
      (cause: unknown) =>
        dispatch({ type: "loadFailed", id, reason: cause instanceof Error ? cause.message : String(cause) }),
    );
  }

  /** Saves the open copy (over `version`: default the version it started from; the conflict's to overwrite it). */
  async function save(version?: number): Promise<PostSaveOutcome> {
    if (state.status !== "open") return { kind: "failed", reason: "No post is open." };
    const { record } = state;
    const data: BlogPost = { ...state.draft, updatedAt: new Date().toISOString() };
    dispatch({ type: "saving" });
    try {
      const answer: PostSaveAnswer = await list.write(
        async () =>
          record
            ? savePost(record.id, version ?? record.version, data)
            : { kind: "saved" as const, post: await createPost(data) },
        (result) => (result.kind === "saved" ? { id: result.post.id, version: result.post.version } : undefined),
      );
      if (answer.kind === "conflict") {
        dispatch({ type: "conflict", current: answer.current });
        return { kind: "conflict" };
      }
      dispatch({ type: "saved" });
      if (!record) onCreated?.();
      return answer;
    } catch (cause) {
      dispatch({ type: "saveFailed" });
      return { kind: "failed", reason: cause instanceof Error ? cause.message : String(cause) };
    }
  }

  /** Saves an old version of the open post again as its newest and shows it; rejects with the server's reason. */
  async function restore(revision: number): Promise<PostRecord> {
    if (state.status !== "open" || !state.record) throw new Error("This post has no history yet.");
    const { id, version } = state.record;
    const record = await list.write(
      () => restorePostRevision(id, revision, version),
      (result) => ({ id: result.id, version: result.version }),
    );
    dispatch({ type: "restored", record });
    return record;
  }

  return {
    state,
    dirty: isDirty(state),
    /** The open post's draft kept on this device from an earlier visit: offered until restored or discarded. */
    draft,
    /** Opens a card: its body is loaded first. */
    open: (post: PostSummary) => load(post.id, postName(post.title)),
    retry: () => state.status === "failed" && load(state.id, state.title),
    /** Opens a new, unsaved post. */
    create: (post: BlogPost) => dispatch({ type: "create", post }),
    edit: (patch: Partial<BlogPost>) => dispatch({ type: "edit", patch }),
    save,
    restore,
    keepEditing: () => dispatch({ type: "keepEditing" }),
    reloadTheirs: () => dispatch({ type: "reloadTheirs" }),
    close: () => dispatch({ type: "close" }),
  };
}

export type PostEditor = ReturnType<typeof usePostEditor>;
