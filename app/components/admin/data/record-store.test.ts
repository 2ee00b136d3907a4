import { describe, expect, it, vi } from "vitest";
import type { EventHandlers } from "#app/lib/event-stream.ts";
import type { SavedEvent } from "#content/live-events.ts";
import { ApiError } from "#app/lib/api.ts";
import type { StoredDocument } from "#content/documents.ts";
import { createLocalDrafts } from "./local-drafts.ts";
import { recordKinds, type RecordKindAdapter } from "./record-kinds.ts";
import { documentRef, postRef, sameRecord, type SaveAnswer, type StoredRecord } from "./record-ref.ts";
import { createRecordStore } from "./record-store.ts";

const HOME = documentRef("home");

const doc = (version: number, title: string): StoredDocument =>
  ({
    key: "home",
    version,
    data: { title },
    updatedAt: null,
    updatedBy: "someone@example.lk",
  }) as unknown as StoredDocument;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A kind whose API calls are fakes (`latest` is what a load answers); the rest is the real entry. */
function fakeKind(real: RecordKindAdapter, latest: () => StoredRecord) {
  return {
    ...real,
    load: vi.fn(async (_id: string) => latest()),
    save: vi.fn<RecordKindAdapter["save"]>(),
    restore: vi.fn<RecordKindAdapter["restore"]>(),
  };
}

/** A store holding "home" over fake API calls; `announce` plays a content event of the page's stream. */
function setup(initial: StoredRecord = doc(1, "One")) {
  let handlers: EventHandlers = {};
  const server = { latest: initial, post: initial };
  const kinds = {
    document: fakeKind(recordKinds.document, () => server.latest),
    post: fakeKind(recordKinds.post, () => server.post),
  };
  const deps = {
    kinds,
    subscribe: (next: EventHandlers) => {
      handlers = next;
      return () => {
        handlers = {};
      };
    },
  };
  const store = createRecordStore([[HOME, initial]], deps);
  const disconnect = store.connect();
  const hear = (event: SavedEvent) => {
    if (event.type === "content") handlers.content?.(event);
    else handlers.post?.(event);
  };
  const announce = (version: number) => hear({ type: "content", key: "home", version });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { store, api: kinds.document, kinds, server, announce, hear, settled, disconnect };
}

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

/** A Web Storage over `items` (what the device holds, by key). */
const memoryStorage = (items: Map<string, string>) => ({
  get length() {
    return items.size;
  },
  key: (index: number) => [...items.keys()][index] ?? null,
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => void items.set(key, value),
  removeItem: (key: string) => void items.delete(key),
});

describe("the store's drafts on this device", () => {
  /** A store whose drafts go to an in-memory storage; `kept()` is what the device holds for "home". */
  function withDevice(initial = doc(1, "One"), before: Record<string, string> = {}) {
    const items = new Map(Object.entries(before));
    const storage = memoryStorage(items);
    const drafts = createLocalDrafts("owner@example.lk", { storage: () => storage });
    const context = setup(initial);
    const release = context.store.keepDrafts(drafts);
    const kept = () => {
      drafts.flush();
      const text = items.get("agency-admin-draft:owner@example.lk:document:home");
      return text === undefined ? null : (JSON.parse(text) as { baseVersion: number; data: unknown });
    };
    return { ...context, kept, release };
  }
  const keptBefore = (baseVersion: number, title: string) => ({
    "agency-admin-draft:owner@example.lk:document:home": JSON.stringify({
      baseVersion,
      data: { title },
      savedAt: new Date().toISOString(),
    }),
  });

  it("keeps a dirty draft, and forgets it when saved, discarded or edited back", async () => {
    const { store, api, kept } = withDevice();
    store.edit(HOME, { title: "Typed" });
    expect(kept()).toMatchObject({ baseVersion: 1, data: { title: "Typed" } });
    store.edit(HOME, { title: "One" });
    expect(kept()).toBeNull();

    store.edit(HOME, { title: "Typed" });
    store.discard(() => true);
    expect(kept()).toBeNull();

    store.edit(HOME, { title: "Typed" });
    api.save.mockResolvedValueOnce({ kind: "conflict", current: doc(2, "Theirs") });
    await store.save(HOME);
    expect(kept()).toMatchObject({ baseVersion: 1, data: { title: "Typed" } }); // a refused save keeps it
    api.save.mockResolvedValueOnce({ kind: "saved", record: doc(3, "Typed") });
    await store.save(HOME, 2);
    expect(kept()).toBeNull();
  });

  it("offers a draft from an earlier visit; restored, it saves against its own base version", async () => {
    const { store, api, kept } = withDevice(doc(1, "One"), keptBefore(1, "Before the reload"));
    expect(store.get(HOME)).toMatchObject({ draft: { title: "One" }, dirty: false, recovered: { baseVersion: 1 } });
    expect(store.hasRecovered(() => true)).toBe(true);

    // Edits before the admin chooses do not overwrite the kept draft.
    store.edit(HOME, { title: "Meanwhile" });
    expect(kept()).toMatchObject({ data: { title: "Before the reload" } });

    store.restoreRecovered(HOME);
    expect(store.get(HOME)).toMatchObject({ draft: { title: "Before the reload" }, dirty: true, recovered: null });
    expect(store.hasRecovered(() => true)).toBe(false);
    api.save.mockResolvedValueOnce({ kind: "saved", record: doc(2, "Before the reload") });
    await store.save(HOME);
    expect(api.save).toHaveBeenCalledWith("home", 1, { title: "Before the reload" }, expect.anything(), []);
    expect(kept()).toBeNull();
  });

  it("a restored draft whose base is stale meets the conflict", async () => {
    const { store, api } = withDevice(doc(3, "Saved elsewhere"), keptBefore(1, "Old draft"));
    store.restoreRecovered(HOME);
    expect(store.get(HOME)).toMatchObject({ base: { version: 1 }, dirty: true });
    api.save.mockResolvedValueOnce({ kind: "conflict", current: doc(3, "Saved elsewhere") });
    expect(await store.save(HOME)).toMatchObject({ kind: "conflict" });
    expect(api.save).toHaveBeenCalledWith("home", 1, { title: "Old draft" }, expect.anything(), []);
    expect(store.get(HOME)).toMatchObject({ conflict: doc(3, "Saved elsewhere"), draft: { title: "Old draft" } });
  });

  it("discarding the offer forgets it and keeps the edits made since in its place", () => {
    const { store, kept } = withDevice(doc(1, "One"), keptBefore(1, "Old draft"));
    store.discardRecovered(HOME);
    expect(store.get(HOME).recovered).toBeNull();
    expect(kept()).toBeNull();

    const again = withDevice(doc(1, "One"), keptBefore(1, "Old draft"));
    again.store.edit(HOME, { title: "Newer" });
    again.store.discardRecovered(HOME);
    expect(again.kept()).toMatchObject({ data: { title: "Newer" } });
  });

  it("offers nothing when the kept draft equals the server's copy, and forgets it", () => {
    const { store, kept } = withDevice(doc(2, "Same"), keptBefore(1, "Same"));
    expect(store.get(HOME).recovered).toBeNull();
    expect(kept()).toBeNull();
  });

  it("keeps a translation's confirmations on the device and offers them back with the draft", () => {
    const SI = documentRef("home", "si");
    const items = new Map<string, string>();
    const storage = memoryStorage(items);
    const copy = {
      key: "home",
      locale: "si",
      version: 4,
      englishVersion: 3,
      data: { hero: { title: "පැරණි" } },
      states: { "hero.title": "stale" },
      englishTexts: { "hero.title": "English 3" },
      updatedAt: null,
      updatedBy: null,
    } as StoredRecord;
    const visit = () => {
      const drafts = createLocalDrafts("owner@example.lk", { storage: () => storage });
      const store = createRecordStore([[SI, copy]], { kinds: recordKinds, subscribe: () => () => {} });
      store.keepDrafts(drafts);
      return { store, drafts };
    };
    const first = visit();
    first.store.confirm(SI, "hero.title");
    first.drafts.flush();
    const kept = JSON.parse(items.get("agency-admin-draft:owner@example.lk:document:home@si")!);
    expect(kept).toMatchObject({ baseVersion: 4, data: { hero: { title: "පැරණි" } }, confirmed: ["hero.title"] });

    // The next visit offers it though its texts equal the server's: the confirmation is the change.
    const second = visit();
    expect(second.store.get(SI).recovered).toMatchObject({ confirmed: ["hero.title"] });
    second.store.restoreRecovered(SI);
    expect(second.store.get(SI)).toMatchObject({ confirmed: ["hero.title"], dirty: true, recovered: null });
    // Taken back, the device forgets the draft.
    second.store.confirm(SI, "hero.title", false);
    second.drafts.flush();
    expect(items.size).toBe(0);
  });

  it("stops writing once released", () => {
    const { store, kept, release } = withDevice();
    release();
    store.edit(HOME, { title: "Typed" });
    expect(kept()).toBeNull();
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

describe("a post's drafts on this device", () => {
  function withDevice(before: Record<string, string> = {}) {
    const items = new Map(Object.entries(before));
    const storage = memoryStorage(items);
    const drafts = createLocalDrafts("owner@example.lk", { storage: () => storage });
    const context = setup();
    context.server.post = {
      id: "a",
      version: 3,
      slug: "a",
      data: { title: "Saved" },
      updatedAt: null,
      updatedBy: null,
    } as StoredRecord;
    context.store.keepDrafts(drafts);
    const kept = (key: string) => {
      drafts.flush();
      const text = items.get(`agency-admin-draft:owner@example.lk:${key}`);
      return text === undefined ? null : (JSON.parse(text) as { baseVersion: number; data: unknown });
    };
    return { ...context, kept };
  }
  const keptBefore = (key: string, baseVersion: number, title: string) => ({
    [`agency-admin-draft:owner@example.lk:${key}`]: JSON.stringify({
      baseVersion,
      data: { title },
      savedAt: new Date().toISOString(),
    }),
  });
  const A = postRef("a");

  it("keeps an opened post's edits; releasing it keeps them, discarding forgets them", async () => {
    const { store, kept } = withDevice();
    await store.open(A);
    store.edit(A, { title: "Typed" });
    expect(kept("post:a")).toMatchObject({ baseVersion: 3, data: { title: "Typed" } });
    store.release(A); // the page closes, or the admin signs out
    expect(kept("post:a")).toMatchObject({ data: { title: "Typed" } });

    await store.open(A);
    expect(store.get(A).recovered).toMatchObject({ baseVersion: 3, data: { title: "Typed" } });
    store.restoreRecovered(A);
    store.discard(() => true); // Cancel
    expect(kept("post:a")).toBeNull();
  });

  it("offers a post's kept draft when it is opened, restored over the version it started from", async () => {
    const { store, kinds, kept } = withDevice(keptBefore("post:a", 2, "Before the reload"));
    await store.open(A);
    expect(store.get(A)).toMatchObject({ draft: { title: "Saved" }, recovered: { baseVersion: 2 } });
    store.edit(A, { title: "Meanwhile" });
    expect(kept("post:a")).toMatchObject({ data: { title: "Before the reload" } });
    store.restoreRecovered(A);
    expect(store.get(A)).toMatchObject({ base: { version: 2 }, draft: { title: "Before the reload" }, dirty: true });
    kinds.post.save.mockResolvedValueOnce({ kind: "conflict", current: store.get(A).server });
    await store.save(A);
    expect(kinds.post.save).toHaveBeenCalledWith("a", 2, { title: "Before the reload" }, expect.anything(), []);
    expect(store.get(A).conflict).toMatchObject({ version: 3 });
  });

  it("offers the new post kept from an earlier visit when a new post is started", () => {
    const { store, kept } = withDevice(keptBefore("new-post", 0, "Half a new post"));
    store.create(postRef(null), { title: "" });
    expect(store.get(postRef(null)).recovered).toMatchObject({ data: { title: "Half a new post" } });
    store.restoreRecovered(postRef(null));
    expect(store.get(postRef(null))).toMatchObject({ draft: { title: "Half a new post" }, dirty: true });
    expect(kept("new-post")).toMatchObject({ baseVersion: 0, data: { title: "Half a new post" } });
  });
});

describe("the record store, with a document's languages", () => {
  const SI = documentRef("home", "si");
  const TA = documentRef("home", "ta");
  /** A translation's copy as the document kind holds it (./translation-copy.ts). */
  const translation = (locale: "si" | "ta", version: number, englishVersion: number, title: string) =>
    ({
      key: "home",
      locale,
      version,
      englishVersion,
      data: { hero: { title } },
      states: { "hero.title": title ? "translated" : "missing" },
      englishTexts: { "hero.title": `English ${englishVersion}` },
      updatedAt: null,
      updatedBy: "someone@example.lk",
    }) as StoredRecord;

  /** The store of `setup`, whose document kind answers each language's load with `copies[locale]`. */
  function withLanguages() {
    const context = setup(doc(3, "Three"));
    const copies: Record<string, StoredRecord> = { si: translation("si", 1, 3, ""), ta: translation("ta", 5, 3, "") };
    context.api.load.mockImplementation(async (_id: string, locale?: string) =>
      locale ? copies[locale]! : context.server.latest,
    );
    return { ...context, copies };
  }

  it("each language is loaded when opened and saved on its own, with the English its texts were edited against", async () => {
    const { store, api } = withLanguages();
    await store.open(SI);
    expect(api.load).toHaveBeenCalledWith("home", "si");
    expect(store.get(SI)).toMatchObject({ base: { version: 1 }, draft: { hero: { title: "" } }, dirty: false });

    store.edit(SI, { hero: { title: "ශ්‍රී ලංකා" } });
    expect(store.isDirty((ref) => sameRecord(ref, SI))).toBe(true);
    expect(store.isDirty((ref) => sameRecord(ref, HOME))).toBe(false);
    api.save.mockResolvedValueOnce({ kind: "saved", record: translation("si", 2, 3, "ශ්‍රී ලංකා") });
    await store.save(SI);
    expect(api.save).toHaveBeenCalledWith("home", 1, { hero: { title: "ශ්‍රී ලංකා" } }, expect.anything(), []);
    // Saved against the copy it started from: the translation's base, not English's.
    expect(api.save.mock.lastCall?.[3]).toMatchObject({ locale: "si", version: 1, englishVersion: 3 });
    expect(store.get(SI)).toMatchObject({ base: { version: 2 }, dirty: false });
    expect(store.get(HOME)).toMatchObject({ base: { version: 3 } });
  });

  it("an outdated text confirmed as still right is an unsaved change, sent with the save and cleared by it", async () => {
    const { store, api, copies } = withLanguages();
    copies.si = { ...translation("si", 1, 3, "පැරණි"), states: { "hero.title": "stale" } } as StoredRecord;
    await store.open(SI);
    store.confirm(SI, "hero.title");
    store.confirm(SI, "hero.title"); // twice is once
    expect(store.get(SI)).toMatchObject({ confirmed: ["hero.title"], dirty: true });
    // Taken back, nothing is left to save.
    store.confirm(SI, "hero.title", false);
    expect(store.get(SI)).toMatchObject({ confirmed: [], dirty: false });
    store.confirm(SI, "hero.title");
    // An edit made and undone keeps the confirmation (and the record dirty).
    store.edit(SI, { hero: { title: "වෙනස්" } });
    store.edit(SI, { hero: { title: "පැරණි" } });
    expect(store.get(SI)).toMatchObject({ confirmed: ["hero.title"], dirty: true });

    api.save.mockResolvedValueOnce({ kind: "saved", record: translation("si", 2, 3, "පැරණි") });
    await store.save(SI);
    expect(api.save).toHaveBeenCalledWith(
      "home",
      1,
      { hero: { title: "පැරණි" } },
      expect.objectContaining({ englishVersion: 3 }),
      ["hero.title"],
    );
    expect(store.get(SI)).toMatchObject({ base: { version: 2 }, confirmed: [], dirty: false });

    // Discarding drops confirmations with the edits.
    copies.si = { ...translation("si", 2, 3, "පැරණි"), states: { "hero.title": "stale" } } as StoredRecord;
    store.confirm(SI, "hero.title");
    store.discard((ref) => sameRecord(ref, SI));
    expect(store.get(SI)).toMatchObject({ confirmed: [], dirty: false });
  });

  it("an empty text is sent as its English text", async () => {
    const { store, api } = withLanguages();
    await store.open(SI);
    store.edit(SI, { hero: { title: "  " } });
    api.save.mockResolvedValueOnce({ kind: "saved", record: translation("si", 2, 3, "") });
    await store.save(SI);
    expect(api.save.mock.lastCall?.[2]).toEqual({ hero: { title: "English 3" } });
  });

  it("a save in one language is news to that language only; its own echo is not fetched", async () => {
    const { store, api, copies, hear, settled } = withLanguages();
    await store.open(SI);
    await store.open(TA);
    api.load.mockClear();
    copies.ta = translation("ta", 6, 3, "தமிழ்");
    hear({ type: "content", key: "home", locale: "ta", version: 6 });
    await settled();
    expect(api.load).toHaveBeenCalledTimes(1);
    expect(api.load).toHaveBeenCalledWith("home", "ta");
    expect(store.get(TA)).toMatchObject({ base: { version: 6 }, draft: { hero: { title: "தமிழ்" } } });
    expect(store.get(SI)).toMatchObject({ base: { version: 1 } });

    store.edit(SI, { hero: { title: "සිංහල" } });
    api.save.mockResolvedValueOnce({ kind: "saved", record: translation("si", 2, 3, "සිංහල") });
    await store.save(SI);
    hear({ type: "content", key: "home", locale: "si", version: 2 });
    await settled();
    expect(api.load).toHaveBeenCalledTimes(1);
  });

  it("an English save, here or elsewhere, reads its translations again: a clean one follows, a dirty one is flagged", async () => {
    const { store, api, server, copies, announce, settled } = withLanguages();
    await store.open(SI);
    await store.open(TA);
    store.edit(TA, { hero: { title: "typed" } });
    api.load.mockClear();

    copies.si = translation("si", 1, 4, "");
    copies.ta = translation("ta", 5, 4, "");
    server.latest = doc(4, "Four");
    announce(4);
    await settled();
    expect(api.load.mock.calls).toEqual([
      ["home", "si"],
      ["home", "ta"],
      ["home", undefined],
    ]);
    // Same translation version, newer English: the clean Sinhala draft takes it.
    expect(store.get(SI)).toMatchObject({ base: { englishVersion: 4 }, dirty: false });
    expect(store.get(TA)).toMatchObject({ base: { englishVersion: 3 }, server: { englishVersion: 4 }, dirty: true });

    // This tab's own English save reads them again too (once), though its echo is not news to English.
    api.load.mockClear();
    store.edit(HOME, { title: "Five" });
    copies.si = translation("si", 1, 5, "");
    copies.ta = translation("ta", 5, 5, "");
    api.save.mockResolvedValueOnce({ kind: "saved", record: doc(5, "Five") });
    await store.save(HOME);
    announce(5);
    await settled();
    expect(api.load.mock.calls).toEqual([
      ["home", "si"],
      ["home", "ta"],
    ]);
    expect(store.get(SI)).toMatchObject({ base: { englishVersion: 5 } });
  });

  it("a conflict in one language leaves the others alone", async () => {
    const { store, api } = withLanguages();
    await store.open(SI);
    await store.open(TA);
    store.edit(SI, { hero: { title: "mine" } });
    store.edit(TA, { hero: { title: "தமிழ்" } });
    api.save.mockResolvedValueOnce({ kind: "conflict", current: translation("si", 2, 3, "theirs") });
    expect(await store.save(SI)).toMatchObject({ kind: "conflict" });
    expect(store.get(SI).conflict).toMatchObject({ version: 2 });
    expect(store.get(TA)).toMatchObject({ conflict: null, dirty: true });
    api.save.mockResolvedValueOnce({ kind: "saved", record: translation("ta", 6, 3, "தமிழ்") });
    expect(await store.save(TA)).toMatchObject({ kind: "saved" });
  });

  it("keeps each language's unsaved draft on the device under its own key", async () => {
    const items = new Map<string, string>();
    const drafts = createLocalDrafts("owner@example.lk", {
      storage: () => memoryStorage(items),
    });
    const { store } = withLanguages();
    store.keepDrafts(drafts);
    await store.open(SI);
    store.edit(SI, { hero: { title: "ශ්‍රී" } });
    store.edit(HOME, { title: "English draft" });
    drafts.flush();
    expect(JSON.parse(items.get("agency-admin-draft:owner@example.lk:document:home@si")!)).toMatchObject({
      baseVersion: 1,
      data: { hero: { title: "ශ්‍රී" } },
    });
    expect(JSON.parse(items.get("agency-admin-draft:owner@example.lk:document:home")!)).toMatchObject({
      data: { title: "English draft" },
    });

    // Opened again on a later visit, the Sinhala draft is offered to the Sinhala editor only.
    const later = withLanguages();
    later.store.keepDrafts(drafts);
    await later.store.open(SI);
    expect(later.store.get(SI).recovered).toMatchObject({ data: { hero: { title: "ශ්‍රී" } } });
    await later.store.open(TA);
    expect(later.store.get(TA).recovered).toBeNull();
  });
});

describe("the record store, with a post's languages", () => {
  const A = postRef("a");
  const SI = postRef("a", "si");
  const TA = postRef("a", "ta");
  const english = (version: number, title: string) =>
    ({
      id: "a",
      version,
      slug: "a-post",
      data: { title, excerpt: "", content: "Body", status: "published" },
      updatedAt: null,
      updatedBy: "someone@example.lk",
    }) as StoredRecord;
  /** A translation's copy as the post kind holds it (./post-translation-copy.ts). */
  const translation = (locale: "si" | "ta", version: number, englishVersion: number, title: string, slug = "a-post") =>
    ({
      id: "a",
      locale,
      version,
      slug,
      englishVersion,
      data: { title, excerpt: "", content: "", status: "draft", slug },
      states: { title: title ? "translated" : "missing", content: "missing" },
      englishTexts: { title: `English ${englishVersion}`, excerpt: "", content: "Body" },
      updatedAt: null,
      updatedBy: "someone@example.lk",
    }) as StoredRecord;

  function withLanguages() {
    const context = setup();
    const copies: Record<string, StoredRecord> = { si: translation("si", 1, 3, ""), ta: translation("ta", 4, 3, "") };
    context.server.post = english(3, "Three");
    context.kinds.post.load.mockImplementation(async (_id: string, locale?: string) =>
      locale ? copies[locale]! : context.server.post,
    );
    return { ...context, api: context.kinds.post, copies };
  }

  it("each language is loaded when opened and saved on its own: empty texts as English, the address only when changed", async () => {
    const { store, api } = withLanguages();
    await store.open(A);
    await store.open(SI);
    expect(api.load).toHaveBeenCalledWith("a", "si");

    store.edit(SI, { ...(store.get(SI).draft as object), title: "ශ්‍රී ලංකා", status: "published" });
    expect(store.isDirty((ref) => sameRecord(ref, SI))).toBe(true);
    expect(store.isDirty((ref) => sameRecord(ref, A))).toBe(false);
    api.save.mockResolvedValueOnce({ kind: "saved", record: translation("si", 2, 3, "ශ්‍රී ලංකා") });
    await store.save(SI);
    expect(api.save).toHaveBeenCalledWith(
      "a",
      1,
      { title: "ශ්‍රී ලංකා", excerpt: "", content: "Body", status: "published" },
      expect.objectContaining({ locale: "si", version: 1, englishVersion: 3 }),
      [],
    );

    store.edit(SI, { ...(store.get(SI).draft as object), slug: "sri-lanka" });
    api.save.mockResolvedValueOnce({ kind: "saved", record: translation("si", 3, 3, "ශ්‍රී ලංකා", "sri-lanka") });
    await store.save(SI);
    expect(api.save.mock.lastCall?.[2]).toMatchObject({ slug: "sri-lanka" });
    expect(store.get(SI)).toMatchObject({ base: { version: 3, slug: "sri-lanka" }, dirty: false });
    expect(store.get(A)).toMatchObject({ base: { version: 3 } });
  });

  it("a save in one language is news to that language only; an English save reads the open translations again", async () => {
    const { store, api, server, copies, hear, settled } = withLanguages();
    await store.open(A);
    await store.open(SI);
    await store.open(TA);
    store.edit(TA, { ...(store.get(TA).draft as object), title: "தமிழ்" });
    api.load.mockClear();

    copies.si = translation("si", 2, 3, "theirs");
    hear({ type: "post", id: "a", locale: "si", version: 2 });
    await settled();
    expect(api.load.mock.calls).toEqual([["a", "si"]]);
    expect(store.get(SI)).toMatchObject({ base: { version: 2 }, draft: { title: "theirs" } });

    api.load.mockClear();
    copies.si = translation("si", 2, 4, "theirs");
    copies.ta = translation("ta", 4, 4, "");
    server.post = english(4, "Four");
    hear({ type: "post", id: "a", version: 4 });
    await settled();
    expect(api.load.mock.calls).toEqual([
      ["a", "si"],
      ["a", "ta"],
      ["a", undefined],
    ]);
    expect(store.get(SI)).toMatchObject({ base: { englishVersion: 4 }, dirty: false });
    // The Tamil edits stay, flagged as changed elsewhere (its English moved on).
    expect(store.get(TA)).toMatchObject({ base: { englishVersion: 3 }, server: { englishVersion: 4 }, dirty: true });
  });

  it("a conflict in Sinhala leaves Tamil and English alone", async () => {
    const { store, api } = withLanguages();
    await store.open(A);
    await store.open(SI);
    await store.open(TA);
    store.edit(SI, { ...(store.get(SI).draft as object), title: "mine" });
    store.edit(TA, { ...(store.get(TA).draft as object), title: "தமிழ்" });
    api.save.mockResolvedValueOnce({ kind: "conflict", current: translation("si", 2, 3, "theirs") });
    expect(await store.save(SI)).toMatchObject({ kind: "conflict" });
    expect(store.get(SI).conflict).toMatchObject({ version: 2 });
    expect(store.get(TA)).toMatchObject({ conflict: null, dirty: true });
    api.save.mockResolvedValueOnce({ kind: "saved", record: translation("ta", 5, 3, "தமிழ்") });
    expect(await store.save(TA)).toMatchObject({ kind: "saved" });
  });

  it("keeps a translation's unsaved draft on the device under its own key, offered to that language only", async () => {
    const items = new Map<string, string>();
    const drafts = createLocalDrafts("owner@example.lk", {
      storage: () => memoryStorage(items),
    });
    const { store } = withLanguages();
    store.keepDrafts(drafts);
    await store.open(SI);
    store.edit(SI, { ...(store.get(SI).draft as object), title: "ශ්‍රී" });
    drafts.flush();
    expect(JSON.parse(items.get("agency-admin-draft:owner@example.lk:post:a@si")!)).toMatchObject({
      baseVersion: 1,
      data: { title: "ශ්‍රී" },
    });

    const later = withLanguages();
    later.store.keepDrafts(drafts);
    await later.store.open(A);
    await later.store.open(TA);
    await later.store.open(SI);
    expect(later.store.get(A).recovered).toBeNull();
    expect(later.store.get(TA).recovered).toBeNull();
    expect(later.store.get(SI).recovered).toMatchObject({ data: { title: "ශ්‍රී" } });
  });

  it("a translation deleted here is followed again when someone translates it anew", async () => {
    const { store, api, copies, hear, settled } = withLanguages();
    await store.open(SI);
    await store.track(
      SI,
      async () => ({ id: "a", locale: "si" }),
      () => undefined,
    );
    hear({ type: "post", id: "a", locale: "si", version: 1, deleted: true });
    store.release(SI);
    copies.si = translation("si", 0, 3, "");
    await store.open(SI);
    expect(store.get(SI)).toMatchObject({ base: { version: 0 } });

    api.load.mockClear();
    copies.si = translation("si", 2, 3, "again");
    hear({ type: "post", id: "a", locale: "si", version: 2 });
    await settled();
    expect(api.load).toHaveBeenCalledWith("a", "si");
    expect(store.get(SI)).toMatchObject({ base: { version: 2 }, draft: { title: "again" } });
    expect(store.isNews("post", { type: "post", id: "a", locale: "si", version: 3 })).toBe(true);
  });
});
