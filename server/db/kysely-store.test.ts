import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultHome } from "#content/defaults.ts";
import { openSqliteStore } from "./sqlite.ts";
import type { Store } from "./store.ts";

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "store-test-"));
  store = await openSqliteStore(dir);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const titled = (title: string) => ({ ...defaultHome, hero: { ...defaultHome.hero, title } });

describe("document versions", () => {
  it("reads defaults at version 0 for a section never saved", async () => {
    expect(await store.documents.get("home")).toEqual({
      key: "home",
      version: 0,
      data: defaultHome,
      updatedAt: null,
      updatedBy: null,
    });
  });

  it("does not let callers mutate the cached document", async () => {
    const doc = await store.documents.get("home");
    (doc.data as typeof defaultHome).hero.title = "mutated";
    expect(((await store.documents.get("home")).data as typeof defaultHome).hero.title).toBe(defaultHome.hero.title);
  });

  it("numbers saves 1, 2, 3 and keeps every version as a revision", async () => {
    for (const [i, title] of ["One", "Two", "Three"].entries()) {
      const result = await store.documents.save("home", titled(title), i, "a@example.lk");
      expect(result.ok).toBe(true);
    }
    const current = await store.documents.get("home");
    expect(current).toMatchObject({ version: 3, updatedBy: "a@example.lk" });
    expect((current.data as typeof defaultHome).hero.title).toBe("Three");
    const revisions = await store.documents.revisions("home");
    expect(revisions.map((r) => r.version)).toEqual([3, 2, 1]);
    expect(((await store.documents.revision("home", 1))!.data as typeof defaultHome).hero.title).toBe("One");
  });

  it("refuses a save based on an old version and returns the current document", async () => {
    await store.documents.save("home", titled("Mine"), 0, "a@example.lk");
    const result = await store.documents.save("home", titled("Theirs"), 0, "b@example.lk");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.conflict.version).toBe(1);
      expect((result.conflict.data as typeof defaultHome).hero.title).toBe("Mine");
    }
    expect(await store.documents.revisions("home")).toHaveLength(1);
  });

  it("keeps sections apart and survives reopening the database", async () => {
    await store.documents.save("home", titled("Persisted"), 0, null);
    await store.close();
    store = await openSqliteStore(dir);
    expect((await store.documents.get("home")).version).toBe(1);
    expect((await store.documents.get("services")).version).toBe(0);
  });

  it("records a restore's origin", async () => {
    await store.documents.save("home", titled("One"), 0, null);
    await store.documents.save("home", titled("Two"), 1, null);
    const old = await store.documents.revision("home", 1);
    await store.documents.save("home", old!.data, 2, "a@example.lk", 1);
    const [latest] = await store.documents.revisions("home");
    expect(latest).toMatchObject({ version: 3, restoredFrom: 1, createdBy: "a@example.lk" });
  });
});

describe("users and sessions", () => {
  it("stores emails lower-case and refuses duplicates", async () => {
    expect(await store.users.create("Owner@Example.lk", "hash")).toMatchObject({ email: "owner@example.lk" });
    expect(await store.users.create("owner@example.lk", "hash")).toBeUndefined();
    expect(await store.users.count()).toBe(1);
  });

  it("finds live sessions only and drops a removed user's sessions", async () => {
    const user = (await store.users.create("a@example.lk", "hash"))!;
    await store.sessions.create("live", user.id, new Date(Date.now() + 60_000));
    await store.sessions.create("old", user.id, new Date(Date.now() - 1));
    expect((await store.sessions.find("live"))?.user.email).toBe("a@example.lk");
    expect(await store.sessions.find("old")).toBeUndefined();
    expect(await store.sessions.removeExpired()).toBe(1);
    await store.users.remove(user.id);
    expect(await store.sessions.find("live")).toBeUndefined();
  });
});
