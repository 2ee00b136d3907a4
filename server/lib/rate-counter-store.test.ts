import { describe, expect, it } from "vitest";
import { describeEachStore } from "../../tests/helpers/each-store.ts";

describeEachStore((t) => {
  describe("rate counters", () => {
    const t0 = new Date("2030-01-01T10:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);

    it("counts hits up to the limit in one window, refuses more without counting them, and starts again when it ends", async () => {
      const counters = t.store.rateCounters;
      const end = at(60_000).toISOString();
      expect(await counters.take("k", 3, t0, at(60_000))).toEqual({ counted: true, count: 1, expiresAt: end });
      // Later hits keep the window of the first.
      expect(await counters.take("k", 3, at(1_000), at(61_000))).toEqual({ counted: true, count: 2, expiresAt: end });
      expect(await counters.take("k", 3, at(2_000), at(62_000))).toEqual({ counted: true, count: 3, expiresAt: end });
      expect(await counters.take("k", 3, at(3_000), at(63_000))).toEqual({ counted: false, count: 3, expiresAt: end });
      expect(await counters.peek("k", at(59_999))).toEqual({ count: 3, expiresAt: end });
      // A higher limit (the admin raised it) allows just the difference: refused hits were not counted.
      expect((await counters.take("k", 4, at(4_000), at(64_000))).counted).toBe(true);
      expect((await counters.take("k", 4, at(5_000), at(65_000))).counted).toBe(false);
      expect(await counters.peek("k", at(60_000))).toBeUndefined();
      expect(await counters.take("k", 3, at(60_000), at(120_000))).toEqual({
        counted: true,
        count: 1,
        expiresAt: at(120_000).toISOString(),
      });
      expect(await counters.take("other", 3, at(60_000), at(120_000))).toMatchObject({ counted: true, count: 1 });
      // A limit of 0 counts nothing.
      expect(await counters.take("none", 0, t0, at(60_000))).toMatchObject({ counted: false });
      expect(await counters.peek("none", t0)).toBeUndefined();
    });

    it("counts several hits at once, all or none", async () => {
      const counters = t.store.rateCounters;
      const end = at(60_000).toISOString();
      expect(await counters.take("many", 10, t0, at(60_000), 6)).toEqual({ counted: true, count: 6, expiresAt: end });
      // No room for five more: none is counted; four still fit.
      expect(await counters.take("many", 10, at(1_000), at(61_000), 5)).toEqual({
        counted: false,
        count: 6,
        expiresAt: end,
      });
      expect(await counters.take("many", 10, at(2_000), at(62_000), 4)).toMatchObject({ counted: true, count: 10 });
      // More than the limit is never counted, even in a new window.
      expect(await counters.take("huge", 10, t0, at(60_000), 11)).toMatchObject({ counted: false });
      expect(await counters.peek("huge", t0)).toBeUndefined();
      // A new window starts with the whole amount.
      expect(await counters.take("many", 10, at(60_000), at(120_000), 7)).toMatchObject({ counted: true, count: 7 });
    });

    it("counts simultaneous hits from several stores exactly, never past the limit", async () => {
      const other = await t.rival();
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          (i % 2 ? other : t.store).rateCounters.take("busy", 10, at(i), at(60_000 + i)),
        ),
      );
      expect(results.filter((r) => r.counted)).toHaveLength(10);
      expect(
        results
          .filter((r) => r.counted)
          .map((r) => r.count)
          .sort((a, b) => a - b),
      ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(await other.rateCounters.peek("busy", at(1_000))).toEqual({
        count: 10,
        expiresAt: results.find((r) => r.count === 1)!.expiresAt,
      });
    });

    it("resets one key, sweeps ended windows, survives reopening and is left out of backups", async () => {
      const counters = t.store.rateCounters;
      await counters.take("short", 5, t0, at(1_000));
      await counters.take("long", 5, t0, at(3_600_000));
      await counters.take("gone", 5, t0, at(3_600_000));
      await counters.reset("gone");
      expect(await counters.peek("gone", t0)).toBeUndefined();
      expect(Object.keys((await t.store.backup.dump()).tables)).not.toContain("rate_counters");

      await t.reopen();
      expect(await t.store.rateCounters.peek("short", t0)).toMatchObject({ count: 1 });
      // A hit sweeps ended windows now and then (a reopened store: on its first hit).
      await t.store.rateCounters.take("new", 5, at(2_000), at(62_000));
      expect(await t.store.rateCounters.peek("short", t0)).toBeUndefined();
      expect(await t.store.rateCounters.peek("long", t0)).toMatchObject({ count: 1 });
      expect(await t.store.rateCounters.removeExpired(at(3_600_000))).toBe(2);
      expect(await t.store.rateCounters.peek("long", t0)).toBeUndefined();
    });

    it("keeps a keyed hash of each key, never the key, the same for every store on the database and after a restart", async () => {
      const key = "forms:contact:203.0.113.7";
      await t.store.rateCounters.take(key, 5, t0, at(60_000));
      const db = await t.database();
      const rows = async () => await db.selectFrom("rate_counters").select(["key", "count"]).execute();
      const [row] = await rows();
      expect(row!.key).toMatch(/^[\w-]{43}$/);
      expect(JSON.stringify(await rows())).not.toContain("203.0.113.7");
      const secrets = await db.selectFrom("secrets").selectAll().execute();
      expect(secrets).toEqual([{ name: "rate-counters", value: expect.stringMatching(/^[\w-]{43}$/) }]);
      expect(Object.keys((await t.store.backup.dump()).tables)).not.toContain("secrets");

      // Another instance counts the same key in the same row…
      const other = await t.another();
      expect(await other.rateCounters.take(key, 5, at(1_000), at(61_000))).toMatchObject({ counted: true, count: 2 });
      // …and so does the store after a restart, which resets it by the key as given.
      await t.reopen();
      expect(await t.store.rateCounters.peek(key, at(2_000))).toMatchObject({ count: 2 });
      expect(await rows()).toEqual([{ key: row!.key, count: 2 }]);
      await t.store.rateCounters.reset(key);
      expect(await rows()).toEqual([]);
      expect(await db.selectFrom("secrets").selectAll().execute()).toEqual(secrets);
    });
  });
});
