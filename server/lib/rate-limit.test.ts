import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "#server/db/sqlite.ts";
import type { Store } from "#server/db/store.ts";
import { createDailyCounter, createRateLimiter } from "./rate-limit.ts";

// The limiters over a real store (SQLite here; the counters' queries are tested on both databases in ./rate-counter-store.test.ts).
let dir: string;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "rate-limit-test-"));
  store = await openSqliteStore(dir);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const MINUTE = 60_000;
const t0 = Date.parse("2030-03-04T05:06:07.000Z");

describe("createRateLimiter", () => {
  it("allows `limit` hits in a window opened by the first, then refuses until it ends, with the seconds left", async () => {
    const limiter = createRateLimiter(store.rateCounters, { name: "login:account", limit: 3, windowMs: 15 * MINUTE });
    expect(await limiter.hit("1.2.3.4|a@example.lk", t0)).toEqual({ allowed: true, retryAfterSeconds: 900 });
    expect(await limiter.blocked("1.2.3.4|a@example.lk", t0)).toEqual({ blocked: false, retryAfterSeconds: 900 });
    expect(await limiter.hit("1.2.3.4|a@example.lk", t0 + MINUTE)).toEqual({ allowed: true, retryAfterSeconds: 840 });
    expect(await limiter.hit("1.2.3.4|a@example.lk", t0 + 2 * MINUTE)).toEqual({
      allowed: true,
      retryAfterSeconds: 780,
    });
    expect(await limiter.blocked("1.2.3.4|a@example.lk", t0 + 2 * MINUTE + 500)).toEqual({
      blocked: true,
      retryAfterSeconds: 780,
    });
    expect(await limiter.hit("1.2.3.4|a@example.lk", t0 + 10 * MINUTE)).toEqual({
      allowed: false,
      retryAfterSeconds: 300,
    });
    // Stored under the limiter's name.
    expect(await store.rateCounters.peek("login:account:1.2.3.4|a@example.lk", new Date(t0))).toMatchObject({
      count: 3,
    });

    expect(await limiter.blocked("1.2.3.4|a@example.lk", t0 + 15 * MINUTE)).toEqual({
      blocked: false,
      retryAfterSeconds: 900,
    });
    expect(await limiter.hit("1.2.3.4|a@example.lk", t0 + 15 * MINUTE)).toEqual({
      allowed: true,
      retryAfterSeconds: 900,
    });
  });

  it("keeps keys and limiters apart, and reset forgets one key", async () => {
    const forms = createRateLimiter(store.rateCounters, { name: "forms", limit: 1, windowMs: MINUTE });
    const chat = createRateLimiter(store.rateCounters, { name: "chat:ip", limit: 1, windowMs: MINUTE });
    expect((await forms.hit("contact:10.0.0.1", t0)).allowed).toBe(true);
    expect((await forms.hit("contact:10.0.0.1", t0)).allowed).toBe(false);
    expect((await forms.hit("contact:10.0.0.2", t0)).allowed).toBe(true);
    expect((await chat.hit("contact:10.0.0.1", t0)).allowed).toBe(true);
    await forms.reset("contact:10.0.0.1");
    expect((await forms.hit("contact:10.0.0.1", t0)).allowed).toBe(true);
    expect((await forms.hit("contact:10.0.0.2", t0)).allowed).toBe(false);
  });

  it("counts in the database: another limiter over the same store sees the count", async () => {
    const options = { name: "login:ip", limit: 2, windowMs: MINUTE };
    await createRateLimiter(store.rateCounters, options).hit("10.0.0.9", t0);
    await createRateLimiter(store.rateCounters, options).hit("10.0.0.9", t0);
    expect(await createRateLimiter(store.rateCounters, options).blocked("10.0.0.9", t0)).toEqual({
      blocked: true,
      retryAfterSeconds: 60,
    });
  });
});

describe("createDailyCounter", () => {
  // Local dates, as the server counts days.
  const morning = new Date(2030, 2, 4, 8, 0, 0);
  const lateEvening = new Date(2030, 2, 4, 23, 59, 59);
  const nextMorning = new Date(2030, 2, 5, 0, 0, 1);

  it("takes up to the limit per local calendar day; refused takes are not counted", async () => {
    const today = createDailyCounter(store.rateCounters, "chat:day");
    expect(await today.take(2, morning)).toBe(true);
    expect(await today.take(2, morning)).toBe(true);
    expect(await today.take(2, lateEvening)).toBe(false);
    expect(await today.take(2, lateEvening)).toBe(false);
    expect(await today.count(lateEvening)).toBe(2);
    // The admin raises the limit: exactly the difference is allowed.
    expect(await today.take(3, lateEvening)).toBe(true);
    expect(await today.take(3, lateEvening)).toBe(false);
    expect(await store.rateCounters.peek("chat:day:2030-03-04", morning)).toEqual({
      count: 3,
      expiresAt: new Date(2030, 2, 5).toISOString(),
    });

    expect(await today.count(nextMorning)).toBe(0);
    expect(await today.take(2, nextMorning)).toBe(true);
    await today.reset(nextMorning);
    expect(await today.count(nextMorning)).toBe(0);
  });
});
