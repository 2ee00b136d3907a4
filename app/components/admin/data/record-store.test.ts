import { describe, expect, it, vi } from "vitest";
import type { SavedEvent } from "#content/live-events.ts";
import { ApiError } from "#app/lib/api.ts";
import { postRef, type SaveAnswer, type StoredRecord } from "./record-ref.ts";
import { deferred, doc, HOME, setup } from "./record-store-test-kit.ts";

describe("the record store, with a document", () => {
  it("a save's own event is not fetched again, whether it arrives before or after the save's answer", async () => {
    const { store, api, announce, settled } = setup();
    store.edit(HOME, { title: "Two" });
    const answer = deferred<SaveAnswer<StoredRecord>>();
    api.save.mockReturnValueOnce(answer.promise);
    const saving = store.save(HOME);
    expect(store.get(HOME).saving).toBe(true);
    announce(2); // the server publishes before it answers
    answer.resolve({ kind: "saved", record: doc(2, "Two") });
    expect(await saving).toEqual({ kind: "saved", record: doc(2, "Two") });
    announce(2); // a late echo
    await settled();
    expect(api.load).not.toHaveBeenCalled();
    expect(api.save).toHaveBeenCalledWith("home", 1, { title: "Two" }, expect.anything(), []);
    expect(store.get(HOME)).toMatchObject({
      server: doc(2, "Two"),
      base: doc(2, "Two"),
      draft: { title: "Two" },
      dirty: false,
      saving: false,
    });
  });

  it("a newer version announced during a save is fetched once the save's answer is in", async () => {
    const { store, api, server, announce, settled } = setup();
    store.edit(HOME, { title: "Two" });
    const answer = deferred<SaveAnswer<StoredRecord>>();
    api.save.mockReturnValueOnce(answer.promise);
    const saving = store.save(HOME);
    announce(2);
    announce(3); // someone else saved right after us
    expect(api.load).not.toHaveBeenCalled();
    server.latest = doc(3, "Three");
    answer.resolve({ kind: "saved", record: doc(2, "Two") });
    await saving;
    await settled();
    expect(api.load).toHaveBeenCalledTimes(1);
    // The draft was clean after the save: it follows the newer version.
    expect(store.get(HOME)).toMatchObject({
      server: doc(3, "Three"),
      base: doc(3, "Three"),
      draft: { title: "Three" },
      dirty: false,
    });
  });

  it("a save made elsewhere replaces a clean draft and is only flagged over a dirty one", async () => {
    const { store, api, server, announce, settled } = setup();
    server.latest = doc(2, "Theirs");
    announce(2);
    await settled();
    expect(store.get(HOME)).toMatchObject({ base: doc(2, "Theirs"), draft: { title: "Theirs" }, dirty: false });

    store.edit(HOME, { title: "Mine" });
    server.latest = doc(3, "Theirs again");
    announce(3);
    await settled();
    expect(api.load).toHaveBeenCalledTimes(2);
    const state = store.get(HOME);
    expect(state).toMatchObject({
      server: doc(3, "Theirs again"),
      base: doc(2, "Theirs"),
      draft: { title: "Mine" },
      dirty: true,
    });
    store.reload(HOME);
    expect(store.get(HOME)).toMatchObject({
      base: doc(3, "Theirs again"),
      draft: { title: "Theirs again" },
      dirty: false,
    });
  });

  it("an event for a version already known is ignored", async () => {
    const { api, announce, settled } = setup(doc(4, "Four"));
    announce(3);
    announce(4);
    await settled();
    expect(api.load).not.toHaveBeenCalled();
  });

  it("a stale save opens a conflict; the draft is kept until the admin chooses", async () => {
    const { store, api } = setup();
    store.edit(HOME, { title: "Mine" });
    api.save.mockResolvedValueOnce({ kind: "conflict", current: doc(2, "Theirs") });
    expect(await store.save(HOME)).toEqual({ kind: "conflict", current: doc(2, "Theirs") });
    expect(store.get(HOME)).toMatchObject({
      conflict: doc(2, "Theirs"),
      server: doc(2, "Theirs"),
      draft: { title: "Mine" },
      dirty: true,
      saving: false,
    });

    store.keepEditing(HOME);
    expect(store.get(HOME)).toMatchObject({ conflict: null, draft: { title: "Mine" } });

    api.save.mockResolvedValueOnce({ kind: "conflict", current: doc(2, "Theirs") });
    await store.save(HOME);
    api.save.mockResolvedValueOnce({ kind: "saved", record: doc(3, "Mine") });
    await store.save(HOME, store.get(HOME).conflict!.version);
    expect(api.save).toHaveBeenLastCalledWith("home", 2, { title: "Mine" }, expect.anything(), []);
    expect(store.get(HOME)).toMatchObject({ conflict: null, base: doc(3, "Mine"), dirty: false });

    store.edit(HOME, { title: "Stale" });
    api.save.mockResolvedValueOnce({ kind: "conflict", current: doc(4, "Theirs again") });
    await store.save(HOME);
    store.reloadTheirs(HOME);
    expect(store.get(HOME)).toMatchObject({
      conflict: null,
      base: doc(4, "Theirs again"),
      draft: { title: "Theirs again" },
      dirty: false,
    });
  });

  it("a refused save says why and keeps the draft", async () => {
    const { store, api } = setup();
    store.edit(HOME, { title: "Typed" });
    api.save.mockRejectedValueOnce(new ApiError("Please sign in to the admin panel.", 401));
    expect(await store.save(HOME)).toEqual({ kind: "failed", reason: "Please sign in to the admin panel." });
    expect(store.get(HOME)).toMatchObject({
      draft: { title: "Typed" },
      dirty: true,
      saving: false,
      base: doc(1, "One"),
    });
  });

  it("dirty follows the draft against its base; discard drops unsaved changes", () => {
    const { store } = setup();
    const seen = vi.fn();
    store.subscribe(seen);
    store.edit(HOME, { title: "Changed" });
    expect(store.isDirty()).toBe(true);
    store.edit(HOME, { title: "One" });
    expect(store.isDirty()).toBe(false);
    store.edit(HOME, { title: "Changed" });
    store.discard(() => true);
    expect(store.get(HOME)).toMatchObject({ draft: { title: "One" }, dirty: false });
    expect(seen).toHaveBeenCalledTimes(4);
  });

  it("a restore shows the restored version, and its own event is not fetched again", async () => {
    const { store, api, announce, settled } = setup(doc(5, "Five"));
    store.edit(HOME, { title: "Unsaved" });
    const answer = deferred<StoredRecord>();
    api.restore.mockReturnValueOnce(answer.promise);
    const restoring = store.restore(HOME, 2);
    announce(6);
    answer.resolve(doc(6, "Two again"));
    expect(await restoring).toEqual(doc(6, "Two again"));
    await settled();
    expect(api.restore).toHaveBeenCalledWith("home", 2, 5, undefined);
    expect(api.load).not.toHaveBeenCalled();
    expect(store.get(HOME)).toMatchObject({ base: doc(6, "Two again"), draft: { title: "Two again" }, dirty: false });
  });

  it("stops listening when disconnected", async () => {
    const { api, announce, settled, disconnect } = setup();
    disconnect();
    announce(9);
    await settled();
    expect(api.load).not.toHaveBeenCalled();
  });
});

describe("the record store, with posts", () => {
  const post = (id: string, version: number, title: string): StoredRecord & { id: string; slug: string } => ({
    id,
    version,
    slug: id,
    data: { title },
    updatedAt: "2026-01-31T10:00:00.000Z",
    updatedBy: "someone@example.lk",
  });
  const A = postRef("a");
  const NEW = postRef(null);
  const saved = (id: string, version: number, deleted?: true): SavedEvent => ({
    type: "post",
    id,
    version,
    ...(deleted && { deleted }),
  });

  it("a post is loaded when opened, follows saves made elsewhere while clean, and flags them over edits", async () => {
    const { store, kinds, server, hear, settled } = setup();
    server.post = post("a", 2, "Two");
    expect(store.find(A)).toBeUndefined();
    await store.open(A);
    expect(kinds.post.load).toHaveBeenCalledWith("a", undefined);
    expect(store.get(A)).toMatchObject({ base: { version: 2 }, draft: { title: "Two" }, dirty: false });

    server.post = post("a", 3, "Theirs");
    hear(saved("a", 3));
    await settled();
    expect(store.get(A)).toMatchObject({ base: { version: 3 }, draft: { title: "Theirs" }, dirty: false });

    store.edit(A, { title: "Mine" });
    server.post = post("a", 4, "Theirs again");
    hear(saved("a", 4));
    hear(saved("b", 9)); // another post: not loaded
    await settled();
    expect(kinds.post.load).toHaveBeenCalledTimes(3); // opened, then versions 3 and 4
    expect(store.get(A)).toMatchObject({ server: { version: 4 }, base: { version: 3 }, draft: { title: "Mine" } });
    expect(store.isDirty((ref) => ref.kind === "post")).toBe(true);
    expect(store.isDirty((ref) => ref.kind === "document")).toBe(false);
  });

  it("a released post is forgotten and no longer followed", async () => {
    const { store, kinds, server, hear, settled } = setup();
    server.post = post("a", 1, "One");
    await store.open(A);
    await store.open(A); // held already: not loaded again
    const seen = vi.fn();
    store.subscribe(seen);
    store.release(A);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(store.find(A)).toBeUndefined();
    hear(saved("a", 2));
    await settled();
    expect(kinds.post.load).toHaveBeenCalledTimes(1);
  });

  it("a post's own save is not fetched again, and lists of posts hear neither it nor its echo", async () => {
    const { store, kinds, server, hear, settled } = setup();
    server.post = post("a", 1, "One");
    await store.open(A);
    store.edit(A, { title: "Mine" });
    const answer = deferred<SaveAnswer<StoredRecord>>();
    kinds.post.save.mockReturnValueOnce(answer.promise);
    const saving = store.save(A);
    hear(saved("a", 2));
    // While a post is written, a list reads again when it ends rather than on each event.
    expect(store.isNews("post", saved("b", 5))).toBe(false);
    answer.resolve({ kind: "saved", record: post("a", 2, "Mine") });
    await saving;
    hear(saved("a", 2));
    await settled();
    expect(kinds.post.save).toHaveBeenCalledWith("a", 1, { title: "Mine" }, expect.anything(), []);
    expect(kinds.post.load).toHaveBeenCalledTimes(1);
    expect(store.get(A)).toMatchObject({ base: { version: 2 }, dirty: false, saving: false });

    expect(store.isNews("post", saved("a", 2))).toBe(false);
    expect(store.isNews("post", saved("a", 3))).toBe(true);
    expect(store.isNews("post", { type: "post", version: 1 })).toBe(true);
    expect(store.isNews("post", { type: "content", key: "home", version: 9 })).toBe(false);
  });

  it("a post not stored yet is created by its first save", async () => {
    const { store, kinds } = setup();
    store.create(NEW, { title: "" });
    expect(store.get(NEW)).toMatchObject({ base: { version: 0 }, draft: { title: "" }, dirty: false });
    store.edit(NEW, { title: "Fresh" });
    kinds.post.save.mockResolvedValueOnce({ kind: "saved", record: post("n", 1, "Fresh") });
    expect(await store.save(NEW)).toMatchObject({ kind: "saved", record: { id: "n" } });
    expect(kinds.post.save).toHaveBeenCalledWith(null, 0, { title: "Fresh" }, expect.anything(), []);
    expect(store.get(NEW)).toMatchObject({ base: { version: 1 }, dirty: false });
    // Its echo is this tab's own.
    expect(store.isNews("post", saved("n", 1))).toBe(false);
    await expect(store.restore(NEW, 1)).rejects.toThrow("This has no history yet.");
  });

  it("a write made outside an editor (a list's delete) is this tab's own", async () => {
    const { store } = setup();
    const run = deferred<void>();
    const deleting = store.track(
      postRef("b"),
      () => run.promise,
      () => ({ ref: postRef("b"), deleted: true }),
    );
    expect(store.isNews("post", saved("b", 3, true))).toBe(false);
    run.resolve();
    await deleting;
    expect(store.isNews("post", saved("b", 3, true))).toBe(false);
    expect(store.isNews("post", saved("c", 3, true))).toBe(true);
  });

  it("a tab's discard drops only its own records' edits", async () => {
    const { store, server } = setup();
    server.post = post("a", 1, "One");
    await store.open(A);
    store.edit(A, { title: "Mine" });
    store.edit(HOME, { title: "Home edit" });
    store.discard((ref) => ref.kind === "post");
    expect(store.get(A)).toMatchObject({ draft: { title: "One" }, dirty: false });
    expect(store.get(HOME)).toMatchObject({ draft: { title: "Home edit" }, dirty: true });
    expect(store.isDirty()).toBe(true);
  });
});
