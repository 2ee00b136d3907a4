import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";

/**
 * The "Edit Post" dialog's state (docs/product.md §4 "Blog editor"): closed,
 * loading the opened post's body, failed to load it, or open on a copy of
 * the post (`record` null for a new post, which Save stores for the first
 * time). The copy is what Save sends; Cancel drops it.
 */
export type PostEditorState =
  | { status: "closed" }
  | { status: "loading"; id: string; title: string }
  | { status: "failed"; id: string; title: string; reason: string }
  | {
      status: "open";
      /** The stored post the copy started from; a save is checked against its version. */
      record: PostRecord | null;
      /** What the form started from (the record's data, or a new post's defaults). */
      base: BlogPost;
      draft: BlogPost;
      saving: boolean;
      /** The newer copy that refused the last save (the conflict dialog is open while set). */
      conflict: PostRecord | null;
    };

export type PostEditorAction =
  | { type: "open"; id: string; title: string }
  | { type: "loaded"; record: PostRecord }
  | { type: "loadFailed"; id: string; reason: string }
  | { type: "create"; post: BlogPost }
  | { type: "edit"; patch: Partial<BlogPost> }
  | { type: "saving" }
  | { type: "saved" }
  | { type: "conflict"; current: PostRecord }
  | { type: "saveFailed" }
  | { type: "keepEditing" }
  | { type: "reloadTheirs" }
  | { type: "restored"; record: PostRecord }
  | { type: "recover"; baseVersion: number; data: BlogPost }
  | { type: "close" };

export const closedEditor: PostEditorState = { status: "closed" };

const openOn = (record: PostRecord | null, post: BlogPost): PostEditorState => ({
  status: "open",
  record,
  base: post,
  draft: post,
  saving: false,
  conflict: null,
});

export function postEditorReducer(state: PostEditorState, action: PostEditorAction): PostEditorState {
  switch (action.type) {
    case "open":
      return { status: "loading", id: action.id, title: action.title };
    case "loaded":
      // An answer for a post that is no longer being opened is dropped.
      return state.status === "loading" && state.id === action.record.id
        ? openOn(action.record, action.record.data)
        : state;
    case "loadFailed":
      return state.status === "loading" && state.id === action.id
        ? { status: "failed", id: state.id, title: state.title, reason: action.reason }
        : state;
    case "create":
      return openOn(null, action.post);
    case "close":
      return closedEditor;
  }
  if (state.status !== "open") return state;
  switch (action.type) {
    case "edit":
      return { ...state, draft: { ...state.draft, ...action.patch } };
    case "saving":
      return { ...state, saving: true };
    case "saved":
      return closedEditor;
    case "conflict":
      return { ...state, saving: false, conflict: action.current };
    case "saveFailed":
      return { ...state, saving: false };
    case "keepEditing":
      return { ...state, conflict: null };
    case "reloadTheirs":
      return state.conflict ? openOn(state.conflict, state.conflict.data) : state;
    case "restored":
      return openOn(action.record, action.record.data);
    case "recover":
      // A draft kept on this device: unsaved changes over the version it started from (a stale one meets the 409).
      return { ...state, draft: action.data, record: state.record && { ...state.record, version: action.baseVersion } };
  }
}

/** Whether the open copy differs from what it started from. */
export function isDirty(state: PostEditorState): boolean {
  return state.status === "open" && JSON.stringify(state.draft) !== JSON.stringify(state.base);
}
