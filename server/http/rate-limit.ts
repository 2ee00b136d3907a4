/**
 * A fixed-window counter per key, in memory. Enough for one process; a
 * multi-instance deployment would back it with Redis behind the same shape.
 */
export interface RateLimiter {
  /** Counts one hit; returns whether it is still within the limit and when to retry. */
  hit(key: string, now?: number): { allowed: boolean; retryAfterSeconds: number };
  /** Whether the key is already over the limit, without counting a hit. */
  blocked(key: string, now?: number): { blocked: boolean; retryAfterSeconds: number };
  reset(key: string): void;
}

export function createRateLimiter(limit: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  const current = (key: string, now: number) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt > now) return entry;
    if (windows.size > 10_000) {
      for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
    }
    const fresh = { count: 0, resetAt: now + windowMs };
    windows.set(key, fresh);
    return fresh;
  };

  return {
    hit(key, now = Date.now()) {
      const entry = current(key, now);
      entry.count += 1;
      return { allowed: entry.count <= limit, retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000) };
    },
    blocked(key, now = Date.now()) {
      const entry = current(key, now);
      return { blocked: entry.count >= limit, retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000) };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
