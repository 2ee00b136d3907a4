import { describe, expect, it, vi } from "vitest";
import type { DocumentKey } from "#content/sections.ts";
import type { EventHandlers } from "#app/lib/event-stream.ts";
import { ApiError } from "#app/lib/api.ts";
import type { SaveAnswer, StoredDocument } from "./admin-api.ts";
import { createDocumentStore, type DocumentStoreDeps } from "./document-store.ts";
import { createLocalDrafts } from "./local-drafts.ts";

const doc = (version: number, title: string, key: DocumentKey = "home"): StoredDocument =>
  ({ key, version, data: { title }, updatedAt: null, updatedBy: "someone@example.lk" }) as unknown as StoredDocument;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A store over fake API calls; `announce` plays a content event of the page's stream. */
function setup(initial = doc(1, "One")) {
  let handlers: EventHandlers = {};
  const server = { latest: initial };
  const deps = {
    load: vi.fn(async () => server.latest),
    save: vi.fn<DocumentStoreDeps["save"]>(),
    restore: vi.fn<DocumentStoreDeps["restore"]>(),
    subscribe: (next: EventHandlers) => {
      handlers = next;
      return () => {
        handlers = {};
      };
    },
  };
  const store = createDocumentStore({ home: initial }, deps);
  const disconnect = store.connect();
  const announce = (version: number) => handlers.content?.({ key: "home", version });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { store, deps, server, announce, settled, disconnect };
}

describe("the admin's document store", () => {
  it("a save's own event is not fetched again, whether it arrives before or after the save's answer", async () => {
    const { store, deps, announce, settled } = setup();
    store.edit("home", { title: "Two" });
    const answer = deferred<SaveAnswer>();
    deps.save.mockReturnValueOnce(answer.promise);
    const saving = store.save("home");
    expect(store.get("home").saving).toBe(true);
    announce(2); // the server publishes before it answers
    answer.resolve({ kind: "saved", document: doc(2, "Two") });
    expect(await saving).toEqual({ kind: "saved", document: doc(2, "Two") });
    announce(2); // a late echo
    await settled();
    expect(deps.load).not.toHaveBeenCalled();
    expect(deps.save).toHaveBeenCalledWith("home", 1, { title: "Two" });
    expect(store.get("home")).toMatchObject({
      server: doc(2, "Two"),
      base: doc(2, "Two"),
      draft: { title: "Two" },
      dirty: false,
      saving: false,
    });
  });

  it("a newer version announced during a save is fetched once the save's answer is in", async () => {
    const { store, deps, server, announce, settled } = setup();
    store.edit("home", { title: "Two" });
    const answer = deferred<SaveAnswer>();
    deps.save.mockReturnValueOnce(answer.promise);
    const saving = store.save("home");
    announce(2);
    announce(3); // someone else saved right after us
    expect(deps.load).not.toHaveBeenCalled();
    server.latest = doc(3, "Three");
    answer.resolve({ kind: "saved", document: doc(2, "Two") });
    await saving;
    await settled();
    expect(deps.load).toHaveBeenCalledTimes(1);
    // The draft was clean after the save: it follows the newer version.
    expect(store.get("home")).toMatchObject({
      server: doc(3, "Three"),
      base: doc(3, "Three"),
      draft: { title: "Three" },
      dirty: false,
    });
  });

  it("a save made elsewhere replaces a clean draft and is only flagged over a dirty one", async () => {
    const { store, deps, server, announce, settled } = setup();
    server.latest = doc(2, "Theirs");
    announce(2);
    await settled();
    expect(store.get("home")).toMatchObject({ base: doc(2, "Theirs"), draft: { title: "Theirs" }, dirty: false });

    store.edit("home", { title: "Mine" });
    server.latest = doc(3, "Theirs again");
    announce(3);
    await settled();
    expect(deps.load).toHaveBeenCalledTimes(2);
    const state = store.get("home");
    expect(state).toMatchObject({
      server: doc(3, "Theirs again"),
      base: doc(2, "Theirs"),
      draft: { title: "Mine" },
      dirty: true,
    });
    store.reload("home");
    expect(store.get("home")).toMatchObject({
      base: doc(3, "Theirs again"),
      draft: { title: "Theirs again" },
      dirty: false,
    });
  });

  it("an event for a version already known is ignored", async () => {
    const { deps, announce, settled } = setup(doc(4, "Four"));
    announce(3);
    announce(4);
    await settled();
    expect(deps.load).not.toHaveBeenCalled();
  });

  it("a stale save opens a conflict; the draft is kept until the admin chooses", async () => {
    const { store, deps } = setup();
    store.edit("home", { title: "Mine" });
    deps.save.mockResolvedValueOnce({ kind: "conflict", current: doc(2, "Theirs") });
    expect(await store.save("home")).toEqual({ kind: "conflict", current: doc(2, "Theirs") });
    expect(store.get("home")).toMatchObject({
      conflict: doc(2, "Theirs"),
      server: doc(2, "Theirs"),
      draft: { title: "Mine" },
      dirty: true,
      saving: false,
    });

    store.keepEditing("home");
    expect(store.get("home")).toMatchObject({ conflict: null, draft: { title: "Mine" } });

    deps.save.mockResolvedValueOnce({ kind: "conflict", current: doc(2, "Theirs") });
    await store.save("home");
    deps.save.mockResolvedValueOnce({ kind: "saved", document: doc(3, "Mine") });
    await store.save("home", store.get("home").conflict!.version);
    expect(deps.save).toHaveBeenLastCalledWith("home", 2, { title: "Mine" });
    expect(store.get("home")).toMatchObject({ conflict: null, base: doc(3, "Mine"), dirty: false });

    store.edit("home", { title: "Stale" });
    deps.save.mockResolvedValueOnce({ kind: "conflict", current: doc(4, "Theirs again") });
    await store.save("home");
    store.reloadTheirs("home");
    expect(store.get("home")).toMatchObject({
      conflict: null,
      base: doc(4, "Theirs again"),
      draft: { title: "Theirs again" },
      dirty: false,
    });
  });

  it("a refused save says why and keeps the draft", async () => {
    const { store, deps } = setup();
    store.edit("home", { title: "Typed" });
    deps.save.mockRejectedValueOnce(new ApiError("Please sign in to the admin panel.", 401));
    expect(await store.save("home")).toEqual({ kind: "failed", reason: "Please sign in to the admin panel." });
    expect(store.get("home")).toMatchObject({
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
    store.edit("home", { title: "Changed" });
    expect(store.isDirty(["home"])).toBe(true);
    store.edit("home", { title: "One" });
    expect(store.isDirty(["home"])).toBe(false);
    store.edit("home", { title: "Changed" });
    store.discard(["home"]);
    expect(store.get("home")).toMatchObject({ draft: { title: "One" }, dirty: false });
    expect(seen).toHaveBeenCalledTimes(4);
  });

  it("a restore shows the restored version, and its own event is not fetched again", async () => {
    const { store, deps, announce, settled } = setup(doc(5, "Five"));
    store.edit("home", { title: "Unsaved" });
    const answer = deferred<StoredDocument>();
    deps.restore.mockReturnValueOnce(answer.promise);
    const restoring = store.restore("home", 2);
    announce(6);
    answer.resolve(doc(6, "Two again"));
    expect(await restoring).toEqual(doc(6, "Two again"));
    await settled();
    expect(deps.restore).toHaveBeenCalledWith("home", 2, 5);
    expect(deps.load).not.toHaveBeenCalled();
    expect(store.get("home")).toMatchObject({ base: doc(6, "Two again"), draft: { title: "Two again" }, dirty: false });
  });

  it("stops listening when disconnected", async () => {
    const { deps, announce, settled, disconnect } = setup();
    disconnect();
    announce(9);
    await settled();
    expect(deps.load).not.toHaveBeenCalled();
  });
});

describe("the store's drafts on this device", () => {
  /** A store whose drafts go to an in-memory storage; `kept()` is what the device holds for "home". */
  function withDevice(initial = doc(1, "One"), before: Record<string, string> = {}) {
    const items = new Map(Object.entries(before));
    const storage = {
      get length() {
        return items.size;
      },
      key: (index: number) => [...items.keys()][index] ?? null,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
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
    const { store, deps, kept } = withDevice();
    store.edit("home", { title: "Typed" });
    expect(kept()).toMatchObject({ baseVersion: 1, data: { title: "Typed" } });
    store.edit("home", { title: "One" });
    expect(kept()).toBeNull();

    store.edit("home", { title: "Typed" });
    store.discard(["home"]);
    expect(kept()).toBeNull();

    store.edit("home", { title: "Typed" });
    deps.save.mockResolvedValueOnce({ kind: "conflict", current: doc(2, "Theirs") });
    await store.save("home");
    expect(kept()).toMatchObject({ baseVersion: 1, data: { title: "Typed" } }); // a refused save keeps it
    deps.save.mockResolvedValueOnce({ kind: "saved", document: doc(3, "Typed") });
    await store.save("home", 2);
    expect(kept()).toBeNull();
  });

  it("offers a draft from an earlier visit; restored, it saves against its own base version", async () => {
    const { store, deps, kept } = withDevice(doc(1, "One"), keptBefore(1, "Before the reload"));
    expect(store.get("home")).toMatchObject({ draft: { title: "One" }, dirty: false, recovered: { baseVersion: 1 } });
    expect(store.hasRecovered(["home"])).toBe(true);

    // Edits before the owner chooses do not overwrite the kept draft.
    store.edit("home", { title: "Meanwhile" });
    expect(kept()).toMatchObject({ data: { title: "Before the reload" } });

    store.restoreRecovered("home");
    expect(store.get("home")).toMatchObject({ draft: { title: "Before the reload" }, dirty: true, recovered: null });
    expect(store.hasRecovered(["home"])).toBe(false);
    deps.save.mockResolvedValueOnce({ kind: "saved", document: doc(2, "Before the reload") });
    await store.save("home");
    expect(deps.save).toHaveBeenCalledWith("home", 1, { title: "Before the reload" });
    expect(kept()).toBeNull();
  });

  it("a restored draft whose base is stale meets the conflict", async () => {
    const { store, deps } = withDevice(doc(3, "Saved elsewhere"), keptBefore(1, "Old draft"));
    store.restoreRecovered("home");
    expect(store.get("home")).toMatchObject({ base: { version: 1 }, dirty: true });
    deps.save.mockResolvedValueOnce({ kind: "conflict", current: doc(3, "Saved elsewhere") });
    expect(await store.save("home")).toMatchObject({ kind: "conflict" });
    expect(deps.save).toHaveBeenCalledWith("home", 1, { title: "Old draft" });
    expect(store.get("home")).toMatchObject({ conflict: doc(3, "Saved elsewhere"), draft: { title: "Old draft" } });
  });

  it("discarding the offer forgets it and keeps the edits made since in its place", () => {
    const { store, kept } = withDevice(doc(1, "One"), keptBefore(1, "Old draft"));
    store.discardRecovered("home");
    expect(store.get("home").recovered).toBeNull();
    expect(kept()).toBeNull();

    const again = withDevice(doc(1, "One"), keptBefore(1, "Old draft"));
    again.store.edit("home", { title: "Newer" });
    again.store.discardRecovered("home");
    expect(again.kept()).toMatchObject({ data: { title: "Newer" } });
  });

  it("offers nothing when the kept draft equals the server's copy, and forgets it", () => {
    const { store, kept } = withDevice(doc(2, "Same"), keptBefore(1, "Same"));
    expect(store.get("home").recovered).toBeNull();
    expect(kept()).toBeNull();
  });

  it("stops writing once released", () => {
    const { store, kept, release } = withDevice();
    release();
    store.edit("home", { title: "Typed" });
    expect(kept()).toBeNull();
  });
});
