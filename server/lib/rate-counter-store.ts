import { createHmac, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";

/** The counters' table (0003-rate-counters) and the key of their hashes (0012-secrets); neither is backed up. */
export interface RateCounterTables {
  rate_counters: {
    /** The keyed hash of the counter's key (see `createRateCounterStore`), never the key itself. */
    key: string;
    count: number;
    /** When the window opened (ISO-8601). */
    window_start: string;
    /** When the window ends (ISO-8601); the row is useless after it and swept. */
    expires_at: string;
  };
  /** Secrets made once per database, by name, for every instance on it: `rate-counters` keys the hashes. */
  secrets: {
    name: string;
    value: string;
  };
}

/** One key's counter in its current window. */
export interface RateCount {
  count: number;
  /** When the window ends (ISO-8601): the count starts again after it. */
  expiresAt: string;
}

/**
 * Throttle counters (`rate_counters`), shared by every instance on the
 * database and kept across restarts. A key's window opens at its first hit
 * and ends at the `expiresAt` that hit gave; the row is removed some time
 * after that. Transient: not part of backups.
 */
export interface RateCounterStore {
  /**
   * Counts one hit on `key` unless its window already holds `limit`, in one
   * statement (concurrent hits on any instance are all counted, never past
   * the limit). With no window open at `now`, a new one opens with this hit,
   * ending at `expiresAt`. `counted` is false when the limit was already
   * reached (nothing was counted); `count` and `expiresAt` describe the window.
   * `amount` counts that many hits at once (texts translated in one request),
   * all or none: refused when the window has no room for all of them.
   */
  take(
    key: string,
    limit: number,
    now: Date,
    expiresAt: Date,
    amount?: number,
  ): Promise<RateCount & { counted: boolean }>;
  /** The key's count in its window open at `now`, without counting; undefined when none is open. */
  peek(key: string, now?: Date): Promise<RateCount | undefined>;
  /** Forgets the key's count. */
  reset(key: string): Promise<void>;
  /** Removes counters whose window ended at or before `now`; returns how many. */
  removeExpired(now?: Date): Promise<number>;
}

/** How often (at most) a store sweeps expired counters, on the next hit after this long. */
const COUNTER_SWEEP_MS = 10 * 60 * 1000;

/** The name of the counters' secret in `secrets`. */
const SECRET = "rate-counters";

/**
 * Throttle counters in the database. The hit is one `insert … on conflict
 * do update … returning` (SQLite ≥ 3.35, PostgreSQL), so hits racing on any
 * number of connections or instances each count once and never past the
 * limit: the update's `where` leaves a full, still open window untouched (and
 * returns no row), and a window that has ended starts again at 1. ISO-8601
 * text compares in time order, as everywhere else in the store.
 *
 * Keys name visitors' addresses (and sign-in emails), so a row keeps an
 * HMAC-SHA256 of its key, not the key: the secret is made once per database
 * (`secrets`), so every instance on it, before and after a restart, hashes a
 * key alike, and the rows alone say nothing about who was counted.
 */
export function createRateCounterStore(db: Kysely<RateCounterTables>): RateCounterStore {
  let nextSweep = 0;

  const loadSecret = async () => {
    await db
      .insertInto("secrets")
      .values({ name: SECRET, value: randomBytes(32).toString("base64url") })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    const row = await db.selectFrom("secrets").select("value").where("name", "=", SECRET).executeTakeFirstOrThrow();
    return row.value;
  };
  let secret: Promise<string> | undefined;
  const hashed = async (key: string) => {
    secret ??= loadSecret().catch((error: unknown) => {
      secret = undefined; // asked again on the next hit
      throw error;
    });
    return createHmac("sha256", await secret)
      .update(key)
      .digest("base64url");
  };

  const peek = async (key: string, now = new Date()) => {
    const row = await db
      .selectFrom("rate_counters")
      .select(["count", "expires_at"])
      .where("key", "=", await hashed(key))
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirst();
    return row ? { count: Number(row.count), expiresAt: row.expires_at } : undefined;
  };

  const removeExpired = async (now = new Date()) => {
    const result = await db.deleteFrom("rate_counters").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  };

  return {
    async take(key, limit, now, expiresAt, amount = 1) {
      if (now.getTime() >= nextSweep) {
        nextSweep = now.getTime() + COUNTER_SWEEP_MS;
        await removeExpired(now);
      }
      const at = now.toISOString();
      if (Number.isSafeInteger(amount) && amount >= 1 && amount <= limit) {
        const row = await db
          .insertInto("rate_counters")
          .values({ key: await hashed(key), count: amount, window_start: at, expires_at: expiresAt.toISOString() })
          .onConflict((oc) =>
            oc
              .column("key")
              .doUpdateSet((eb) => {
                const ended = eb("rate_counters.expires_at", "<=", at);
                return {
                  count: eb
                    .case()
                    .when(ended)
                    .then(sql.lit(amount))
                    .else(eb("rate_counters.count", "+", sql.lit(amount)))
                    .end(),
                  window_start: eb
                    .case()
                    .when(ended)
                    .then(eb.ref("excluded.window_start"))
                    .else(eb.ref("rate_counters.window_start"))
                    .end(),
                  expires_at: eb
                    .case()
                    .when(ended)
                    .then(eb.ref("excluded.expires_at"))
                    .else(eb.ref("rate_counters.expires_at"))
                    .end(),
                };
              })
              .where((eb) =>
                eb.or([eb("rate_counters.expires_at", "<=", at), eb("rate_counters.count", "<=", limit - amount)]),
              ),
          )
          .returning(["count", "expires_at"])
          .executeTakeFirst();
        if (row) return { counted: true, count: Number(row.count), expiresAt: row.expires_at };
      }
      // Full: nothing was counted. The window as it stands (gone only if swept or reset meanwhile).
      return { counted: false, ...((await peek(key, now)) ?? { count: limit, expiresAt: at }) };
    },
    peek,
    async reset(key) {
      await db
        .deleteFrom("rate_counters")
        .where("key", "=", await hashed(key))
        .execute();
    },
    removeExpired,
  };
}
