import { todayIsoDate } from "#content/rules.ts";
import type { RateCounterStore } from "./rate-counter-store.ts";

/**
 * Throttles, counted in the database (`rate_counters`, see
 * `RateCounterStore`), so every instance on the same database shares them and
 * a restart does not reset them.
 *
 * A limiter is a fixed window per key: the first hit opens a window of
 * `windowMs` (its end stored with the count), and the window allows `limit`
 * hits; later hits are refused, not counted, until it ends. Keys are stored
 * with the limiter's `name` in front (`login:account:<ip>|<email>`), so
 * limiters never share a count.
 */
export interface RateLimiter {
  /**
   * Counts one hit (or `amount` at once, all or none); returns whether it is
   * still within the limit and when to retry.
   */
  hit(key: string, now?: number, amount?: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Whether the key is already over the limit, without counting a hit. */
  blocked(key: string, now?: number): Promise<{ blocked: boolean; retryAfterSeconds: number }>;
  /** Forgets the key's count (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

export interface RateLimiterOptions {
  /** Prefix of this limiter's keys in the counters table, e.g. `login:account`. */
  name: string;
  limit: number;
  windowMs: number;
}

/** Whole seconds from `now` until `end`, at least 1 (a Retry-After of 0 would invite a retry loop). */
function secondsUntil(end: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(end) - now) / 1000));
}

export function createRateLimiter(
  counters: RateCounterStore,
  { name, limit, windowMs }: RateLimiterOptions,
): RateLimiter {
  const stored = (key: string) => `${name}:${key}`;
  return {
    async hit(key, now = Date.now(), amount = 1) {
      const result = await counters.take(stored(key), limit, new Date(now), new Date(now + windowMs), amount);
      return { allowed: result.counted, retryAfterSeconds: secondsUntil(result.expiresAt, now) };
    },
    async blocked(key, now = Date.now()) {
      const current = await counters.peek(stored(key), new Date(now));
      if (!current) return { blocked: false, retryAfterSeconds: Math.ceil(windowMs / 1000) };
      return { blocked: current.count >= limit, retryAfterSeconds: secondsUntil(current.expiresAt, now) };
    },
    reset(key) {
      return counters.reset(stored(key));
    },
  };
}

/**
 * Counts uses per calendar day: the server's local date (`todayIsoDate`, as
 * the blog's dates), one counter per day in the database, kept until that
 * day's local midnight.
 */
export interface DailyCounter {
  /** Counts one use unless `limit` is already reached today (a refused use is not counted). */
  take(limit: number, now?: Date): Promise<boolean>;
  count(now?: Date): Promise<number>;
  /** Forgets today's count. */
  reset(now?: Date): Promise<void>;
}

export function createDailyCounter(counters: RateCounterStore, name: string): DailyCounter {
  const stored = (now: Date) => `${name}:${todayIsoDate(now)}`;
  const nextMidnight = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return {
    async take(limit, now = new Date()) {
      return (await counters.take(stored(now), limit, now, nextMidnight(now))).counted;
    },
    async count(now = new Date()) {
      return (await counters.peek(stored(now), now))?.count ?? 0;
    },
    reset(now = new Date()) {
      return counters.reset(stored(now));
    },
  };
}
