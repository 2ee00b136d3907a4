import { describe, expect, it } from "vitest";
import { createLocalDrafts } from "./local-drafts.ts";
import { documentRef, postRef, sameRecord, type StoredRecord } from "./record-ref.ts";
import { doc, HOME, memoryStorage, setup } from "./record-store-test-kit.ts";

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
