import { describe, expect, it } from "vitest";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import {
  closedEditor,
  isDirty,
  postEditorReducer,
  type PostEditorAction,
  type PostEditorState,
} from "./post-editor-state.ts";

const post = (title: string): BlogPost => ({
  title,
  excerpt: "",
  content: "",
  date: "2026-01-31",
  readTime: "1 min read",
  image: "",
  featured: false,
  placementId: 0,
  status: "published",
});
const record = (id: string, version: number, title: string): PostRecord => ({
  id,
  version,
  slug: id,
  data: post(title),
  updatedAt: "2026-01-31T10:00:00.000Z",
  updatedBy: "someone@example.lk",
});
const run = (...actions: PostEditorAction[]) => actions.reduce(postEditorReducer, closedEditor);

describe("the post editor's state", () => {
  it("opening a card loads its body, then edits a copy of it", () => {
    const loading = run({ type: "open", id: "a", title: "One" });
    expect(loading).toEqual({ status: "loading", id: "a", title: "One" });
    const open = postEditorReducer(loading, { type: "loaded", record: record("a", 2, "One") });
    expect(open).toMatchObject({ status: "open", record: { id: "a", version: 2 }, draft: post("One"), saving: false });
    expect(isDirty(open)).toBe(false);
    const edited = postEditorReducer(open, { type: "edit", patch: { title: "Two" } });
    expect(edited).toMatchObject({ draft: { title: "Two" }, base: { title: "One" } });
    expect(isDirty(edited)).toBe(true);
  });

  it("drops the answer for a post that is no longer being opened", () => {
    const state = run({ type: "open", id: "a", title: "One" }, { type: "open", id: "b", title: "Two" });
    expect(postEditorReducer(state, { type: "loaded", record: record("a", 1, "One") })).toBe(state);
    expect(postEditorReducer(state, { type: "loadFailed", id: "a", reason: "gone" })).toBe(state);
    expect(postEditorReducer(closedEditor, { type: "loaded", record: record("a", 1, "One") })).toBe(closedEditor);
    expect(postEditorReducer(state, { type: "loadFailed", id: "b", reason: "Not found." })).toEqual({
      status: "failed",
      id: "b",
      title: "Two",
      reason: "Not found.",
    });
  });

  it("a new post has no record until it is saved", () => {
    const state = run({ type: "create", post: post("") });
    expect(state).toMatchObject({ status: "open", record: null, draft: post("") });
  });

  it("a save closes the editor; a failed one keeps the copy", () => {
    const editing = run(
      { type: "open", id: "a", title: "One" },
      { type: "loaded", record: record("a", 1, "One") },
      { type: "edit", patch: { title: "Mine" } },
      { type: "saving" },
    );
    expect(editing).toMatchObject({ saving: true });
    expect(postEditorReducer(editing, { type: "saved" })).toBe(closedEditor);
    expect(postEditorReducer(editing, { type: "saveFailed" })).toMatchObject({
      saving: false,
      draft: { title: "Mine" },
    });
  });

  it("a conflict keeps the copy until the admin reloads theirs", () => {
    const conflicted = run(
      { type: "open", id: "a", title: "One" },
      { type: "loaded", record: record("a", 1, "One") },
      { type: "edit", patch: { title: "Mine" } },
      { type: "saving" },
      { type: "conflict", current: record("a", 2, "Theirs") },
    );
    expect(conflicted).toMatchObject({ saving: false, conflict: { version: 2 }, draft: { title: "Mine" } });
    expect(postEditorReducer(conflicted, { type: "keepEditing" })).toMatchObject({
      conflict: null,
      record: { version: 1 },
      draft: { title: "Mine" },
    });
    const theirs = postEditorReducer(conflicted, { type: "reloadTheirs" });
    expect(theirs).toMatchObject({ conflict: null, record: { version: 2 }, draft: { title: "Theirs" } });
    expect(isDirty(theirs)).toBe(false);
  });

  it("a restored version replaces the copy and becomes the base", () => {
    const state = run(
      { type: "open", id: "a", title: "One" },
      { type: "loaded", record: record("a", 3, "Three") },
      { type: "edit", patch: { title: "Unsaved" } },
      { type: "restored", record: record("a", 4, "One again") },
    );
    expect(state).toMatchObject({ record: { version: 4 }, draft: { title: "One again" } });
    expect(isDirty(state)).toBe(false);
  });

  it("a draft kept on the device comes back as unsaved changes over the version it started from", () => {
    const state = run(
      { type: "open", id: "a", title: "One" },
      { type: "loaded", record: record("a", 3, "Three") },
      { type: "recover", baseVersion: 2, data: post("Typed before the reload") },
    );
    expect(state).toMatchObject({ record: { id: "a", version: 2 }, base: { title: "Three" } });
    expect(state).toMatchObject({ draft: { title: "Typed before the reload" } });
    expect(isDirty(state)).toBe(true);
    const fresh = run({ type: "create", post: post("") }, { type: "recover", baseVersion: 0, data: post("New") });
    expect(fresh).toMatchObject({ record: null, draft: { title: "New" } });
  });

  it("edits and saves do nothing unless a post is open; close always closes", () => {
    const loading: PostEditorState = run({ type: "open", id: "a", title: "One" });
    expect(postEditorReducer(loading, { type: "edit", patch: { title: "x" } })).toBe(loading);
    expect(postEditorReducer(loading, { type: "saving" })).toBe(loading);
    expect(postEditorReducer(loading, { type: "close" })).toBe(closedEditor);
  });
});
