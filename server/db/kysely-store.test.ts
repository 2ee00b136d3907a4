import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultHome } from "#content/defaults.ts";
import { createTestDatabase, postgresUnavailable, type TestDatabase } from "../../tests/helpers/test-database.ts";
import { openPostgresStore } from "./postgres.ts";
import { openSqliteStore } from "./sqlite.ts";
import type { Store } from "./store.ts";

/** A place for one store's data: `open` may be called again to reopen the same data. */
interface Site {
  open(): Promise<Store>;
  remove(): Promise<void>;
}

const postgresMissing = await postgresUnavailable();
let database: Promise<TestDatabase> | undefined;
afterAll(async () => {
  await (await database)?.drop();
});

/**
 * `rivals`: whether two stores on the same data can run transactions at the
 * same moment in one process. PostgreSQL: yes (the races below are real).
 * SQLite: no, a second writer in the same thread waits on the first, which
 * cannot go on; there the rival is the store itself, whose one connection
 * takes transactions in turn.
 */
const kinds: { name: string; skip?: string; rivals: boolean; site(): Promise<Site> }[] = [
  {
    name: "SQLite",
    rivals: false,
    async site() {
      const dir = mkdtempSync(path.join(tmpdir(), "store-test-"));
      return { open: () => openSqliteStore(dir), remove: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "PostgreSQL",
    skip: postgresMissing,
    rivals: true,
    async site() {
      database ??= createTestDatabase();
      const url = await (await database).freshSchema();
      return { open: () => openPostgresStore(url, { max: 4 }), remove: async () => undefined };
    },
  },
];

if (postgresMissing) {
  it.skip(`store tests on PostgreSQL — skipped: ${postgresMissing}`, () => undefined);
}

const input = (name: string, message = "Hello") => ({ name, email: `${name.toLowerCase()}@example.lk`, company: "", message, ip: null, userAgent: null });

describe.each(kinds.filter((kind) => !kind.skip).map((kind) => [kind.name, kind] as const))("%s store", (_name, { site: makeSite, rivals }) => {
  let site: Site;
  let store: Store;
  const others: Store[] = [];

  beforeEach(async () => {
    site = await makeSite();
    store = await site.open();
  });
  afterEach(async () => {
    for (const other of others.splice(0)) await other.close();
    await store.close();
    await site.remove();
  });

  /** A second store on the same data, as another instance (or the admin CLI) would open it. */
  const another = async () => {
    const other = await site.open();
    others.push(other);
    return other;
  };
  /** Who races this store: another store where that is possible, else the store itself. */
  const rival = async () => (rivals ? another() : store);

  const titled = (title: string) => ({ ...defaultHome, hero: { ...defaultHome.hero, title } });
  const titleOf = (doc: { data: unknown } | undefined) => (doc?.data as typeof defaultHome | undefined)?.hero.title;

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
      expect(() => {
        (doc.data as typeof defaultHome).hero.title = "mutated";
      }).toThrow(TypeError);
      expect(titleOf(await store.documents.get("home"))).toBe(defaultHome.hero.title);
    });

    it("numbers saves 1, 2, 3 and keeps every version as a revision", async () => {
      for (const [i, title] of ["One", "Two", "Three"].entries()) {
        const result = await store.documents.save("home", titled(title), i, "a@example.lk");
        expect(result.ok).toBe(true);
      }
      const current = await store.documents.get("home");
      expect(current).toMatchObject({ version: 3, updatedBy: "a@example.lk" });
      expect(titleOf(current)).toBe("Three");
      const revisions = await store.documents.revisions("home");
      expect(revisions.map((r) => r.version)).toEqual([3, 2, 1]);
      expect(titleOf(await store.documents.revision("home", 1))).toBe("One");
    });

    it("refuses a save based on an old version and returns the current document", async () => {
      await store.documents.save("home", titled("Mine"), 0, "a@example.lk");
      const result = await store.documents.save("home", titled("Theirs"), 0, "b@example.lk");
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.conflict.version).toBe(1);
        expect(titleOf(result.conflict)).toBe("Mine");
      }
      expect((await store.documents.save("home", titled("Ahead"), 7, "b@example.lk")).ok).toBe(false);
      expect(await store.documents.revisions("home")).toHaveLength(1);
    });

    it("lets exactly one of several simultaneous saves on the same version win", async () => {
      const other = await rival();
      for (const base of [0, 1]) {
        const results = await Promise.all(
          [store, other, store, other].map((s, i) => s.documents.save("home", titled(`Writer ${i}`), base, `w${i}@example.lk`)),
        );
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        for (const result of results.filter((r) => !r.ok)) expect(!result.ok && result.conflict.version).toBe(base + 1);
      }
      expect((await store.documents.revisions("home")).map((r) => r.version)).toEqual([2, 1]);
    });

    it("keeps sections apart and survives reopening the database", async () => {
      await store.documents.save("home", titled("Persisted"), 0, null);
      await store.close();
      store = await site.open();
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

    it("serves its cached copy until told that another store saved, then reads the new one", async () => {
      const other = await another();
      expect((await store.documents.get("home")).version).toBe(0);
      await other.documents.save("home", titled("Elsewhere"), 0, "b@example.lk");
      expect((await store.documents.get("home")).version).toBe(0);
      store.documents.forget("home");
      expect(titleOf(await store.documents.get("home"))).toBe("Elsewhere");
    });

    it("resync drops the cache and names the documents whose version moved", async () => {
      const other = await another();
      await store.documents.get("home");
      await store.documents.get("about");
      await other.documents.save("home", titled("Missed"), 0, null);
      await other.documents.save("services", (await other.documents.get("services")).data, 0, null);
      expect(await store.documents.resync()).toEqual([{ key: "home", version: 1 }]);
      expect(titleOf(await store.documents.get("home"))).toBe("Missed");
      expect(await store.documents.resync()).toEqual([]);
    });
  });

  describe("users and sessions", () => {
    it("stores emails lower-case and refuses duplicates", async () => {
      expect(await store.users.create("Owner@Example.lk", "hash")).toMatchObject({ email: "owner@example.lk" });
      expect(await store.users.create("owner@example.lk", "hash")).toBeUndefined();
      expect(await store.users.count()).toBe(1);
      const [user] = await store.users.list();
      expect(typeof user!.id).toBe("number");
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

    it("never removes the last administrator, even when two remove each other at once", async () => {
      const a = (await store.users.create("a@example.lk", "hash"))!;
      const b = (await store.users.create("b@example.lk", "hash"))!;
      const other = await rival();
      const results = await Promise.all([store.users.removeUnlessLast(b.id), other.users.removeUnlessLast(a.id)]);
      expect(results.sort()).toEqual(["last", "removed"]);
      expect(await store.users.count()).toBe(1);
      expect(await store.users.removeUnlessLast(4242)).toBe("missing");
    });
  });

  describe("messages", () => {
    it("searches name, email, company and text ignoring case, with % and _ taken literally", async () => {
      await store.messages.add(input("Nimal", "Need 100% growth"));
      await store.messages.add(input("Kamala", "snake_case names"));
      await store.messages.add(input("Ruwan", "Plain"));
      const names = async (query: string) => (await store.messages.search({ query, offset: 0, limit: 20 })).messages.map((m) => m.name);
      expect(await names("NIMAL")).toEqual(["Nimal"]);
      expect(await names("kamala@EXAMPLE")).toEqual(["Kamala"]);
      expect(await names("100%")).toEqual(["Nimal"]);
      expect(await names("e_c")).toEqual(["Kamala"]);
      expect(await names("%")).toEqual(["Nimal"]);
      const page = await store.messages.search({ offset: 0, limit: 2 });
      expect(page).toMatchObject({ total: 3, unreadCount: 3 });
      expect(page.messages.map((m) => m.name)).toEqual(["Ruwan", "Kamala"]);
    });

    it("stores a message with its deliveries in one go, and claims each delivery once", async () => {
      const message = await store.messages.add(input("Nimal"), { channels: ["email", "forward"], origin: "http://localhost" });
      expect(typeof message.id).toBe("number");
      const now = new Date();
      const lease = new Date(now.getTime() + 60_000);
      const other = await rival();
      const claims = await Promise.all([store.outbox.claimDue(now, lease, 10), other.outbox.claimDue(now, lease, 10)]);
      const claimed = claims.flat();
      expect(claimed.map((d) => d.channel).sort()).toEqual(["email", "forward"]);
      expect(claimed.every((d) => d.attempts === 1 && d.messageId === message.id)).toBe(true);
      expect(await store.messages.purgeDeleted(new Date())).toBe(0);
      expect(await store.messages.softDelete(message.id, new Date(Date.now() - 10_000))).toBeDefined();
      expect(await store.messages.purgeDeleted(new Date())).toBe(1);
      expect(await store.outbox.forMessages([message.id])).toEqual([]);
    });
  });

  describe("rate counters", () => {
    const t0 = new Date("2030-01-01T10:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);

    it("counts hits up to the limit in one window, refuses more without counting them, and starts again when it ends", async () => {
      const counters = store.rateCounters;
      const end = at(60_000).toISOString();
      expect(await counters.take("k", 3, t0, at(60_000))).toEqual({ counted: true, count: 1, expiresAt: end });
      // Later hits keep the window of the first.
      expect(await counters.take("k", 3, at(1_000), at(61_000))).toEqual({ counted: true, count: 2, expiresAt: end });
      expect(await counters.take("k", 3, at(2_000), at(62_000))).toEqual({ counted: true, count: 3, expiresAt: end });
      expect(await counters.take("k", 3, at(3_000), at(63_000))).toEqual({ counted: false, count: 3, expiresAt: end });
      expect(await counters.peek("k", at(59_999))).toEqual({ count: 3, expiresAt: end });
      // A higher limit (the owner raised it) allows just the difference: refused hits were not counted.
      expect((await counters.take("k", 4, at(4_000), at(64_000))).counted).toBe(true);
      expect((await counters.take("k", 4, at(5_000), at(65_000))).counted).toBe(false);
      expect(await counters.peek("k", at(60_000))).toBeUndefined();
      expect(await counters.take("k", 3, at(60_000), at(120_000))).toEqual({ counted: true, count: 1, expiresAt: at(120_000).toISOString() });
      expect(await counters.take("other", 3, at(60_000), at(120_000))).toMatchObject({ counted: true, count: 1 });
      // A limit of 0 counts nothing.
      expect(await counters.take("none", 0, t0, at(60_000))).toMatchObject({ counted: false });
      expect(await counters.peek("none", t0)).toBeUndefined();
    });

    it("counts simultaneous hits from several stores exactly, never past the limit", async () => {
      const other = await rival();
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => (i % 2 ? other : store).rateCounters.take("busy", 10, at(i), at(60_000 + i))),
      );
      expect(results.filter((r) => r.counted)).toHaveLength(10);
      expect(results.filter((r) => r.counted).map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(await other.rateCounters.peek("busy", at(1_000))).toEqual({ count: 10, expiresAt: results.find((r) => r.count === 1)!.expiresAt });
    });

    it("resets one key, sweeps ended windows, survives reopening and is left out of backups", async () => {
      const counters = store.rateCounters;
      await counters.take("short", 5, t0, at(1_000));
      await counters.take("long", 5, t0, at(3_600_000));
      await counters.take("gone", 5, t0, at(3_600_000));
      await counters.reset("gone");
      expect(await counters.peek("gone", t0)).toBeUndefined();
      expect(Object.keys((await store.backup.dump()).tables)).not.toContain("rate_counters");

      await store.close();
      store = await site.open();
      expect(await store.rateCounters.peek("short", t0)).toMatchObject({ count: 1 });
      // A hit sweeps ended windows now and then (a reopened store: on its first hit).
      await store.rateCounters.take("new", 5, at(2_000), at(62_000));
      expect(await store.rateCounters.peek("short", t0)).toBeUndefined();
      expect(await store.rateCounters.peek("long", t0)).toMatchObject({ count: 1 });
      expect(await store.rateCounters.removeExpired(at(3_600_000))).toBe(2);
      expect(await store.rateCounters.peek("long", t0)).toBeUndefined();
    });
  });

  describe("backup dump", () => {
    it("lists the tables in the same order with rows in key order, and loads into an empty store", async () => {
      await store.documents.save("home", titled("One"), 0, "a@example.lk");
      await store.documents.save("about", (await store.documents.get("about")).data, 0, null);
      await store.documents.save("home", titled("Two"), 1, "a@example.lk");
      await store.users.create("b@example.lk", "hash");
      await store.users.create("a@example.lk", "hash");
      await store.messages.add(input("Nimal"), { channels: ["email"], origin: "http://localhost" });
      const dump = await store.backup.dump();
      expect(Object.keys(dump.tables)).toEqual(["contact_messages", "deliveries", "documents", "media", "revisions", "users"]);
      expect(dump.tables["documents"]!.map((row) => row["key"])).toEqual(["about", "home"]);
      expect(dump.tables["users"]!.map((row) => row["id"])).toEqual([1, 2]);

      const target = await makeSite();
      const copy = await target.open();
      try {
        await copy.backup.load(dump);
        expect(await copy.backup.dump()).toEqual(dump);
        // Ids restored with the rows; new rows continue after them.
        expect((await copy.users.create("c@example.lk", "hash"))?.id).toBe(3);
        await expect(copy.backup.load(dump)).rejects.toThrow(/is not empty/);
      } finally {
        await copy.close();
        await target.remove();
      }
    });
  });
});
