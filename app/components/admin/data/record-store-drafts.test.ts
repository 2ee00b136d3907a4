import { describe, expect, it } from "vitest";
import { createLocalDrafts } from "./local-drafts.ts";
import { recordKinds } from "./record-kinds.ts";
import { documentRef, postRef, type StoredRecord } from "./record-ref.ts";
import { createRecordStore } from "./record-store.ts";
import { doc, HOME, memoryStorage, setup } from "./record-store-test-kit.ts";

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

    // Edits before the owner chooses do not overwrite the kept draft.
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
