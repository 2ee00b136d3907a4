import { hash } from "node:crypto";
import { isbot } from "isbot";
import { addDays, wallTime, zonedDateTime } from "#content/time-zone.ts";
import type { EventBus } from "#server/events/bus.ts";
import { refusesValues } from "#server/lib/sql-dialect.ts";
import type { VariantName } from "#content/landing-pages.ts";
import type { Logger } from "#server/logger.ts";
import type { InsightsStore, StoredView } from "./types.ts";
import { deviceOf, optedOut, sourceOf } from "./visit.ts";

/** A page as it was asked for, by someone not signed in. */
export interface PageHit {
  /** The path and query asked for (`/services?utm_source=newsletter`). */
  url: string;
  /** The visitor's address (server/http/middleware.ts `clientAddress`): hashed, never stored. */
  address: string;
  header(name: string): string | undefined;
  /** The variant of a team page with a variant B that the answer showed (issue 42). */
  variant?: VariantName | undefined;
}

export interface InsightsRecorder {
  /** False with ANALYTICS=off: nothing is counted. */
  readonly enabled: boolean;
  readonly timeZone: string;
  /** The recorder's clock (tests set it). */
  now(): number;
  /** Today's date in the site's time zone. */
  today(): string;
  /** A public page served to a visitor: counted, with its source, unless the visitor opted out. */
  page(hit: PageHit): void;
  /** A page the browser reached without loading it (a client-side navigation): a page from the site itself. */
  navigation(hit: PageHit): void;
  /**
   * Today's key of the visitor asking (the hash a view of theirs is stored under): what splits a
   * team page's visitors between its variants, the same all day, with no cookie (issue 42).
   */
  visitorKey(hit: Pick<PageHit, "address" | "header">): Promise<string>;
  /** Writes what is waiting now (the timer does it every `flushMs`). */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is waiting. */
  close(): Promise<void>;
}

export interface InsightsRecorderOptions {
  store: InsightsStore;
  bus: EventBus;
  logger: Logger;
  timeZone: string;
  enabled: boolean;
  /** The site's own host names besides each request's Host (PUBLIC_URL's): a referrer there is the site itself. */
  ownHosts?: readonly string[];
  now?: () => number;
  /** How often waiting views are written (ms). */
  flushMs?: number;
  /** Waiting entries that make a write start at once. */
  batch?: number;
  /** Entries kept waiting at most (while the database is slow or away); later views are dropped. */
  maxWaiting?: number;
  /** Least time between two `analytics` events (ms): open dashboards refresh at most this often. */
  notifyMs?: number;
}

interface Waiting {
  day: string;
  address: string;
  userAgent: string;
  url: string;
  referrer: string | undefined;
  host: string | undefined;
  internal: boolean;
  variant: VariantName | undefined;
  views: number;
}

/** Remembered verdicts on user agents (bot, device): at most this many. */
const AGENTS_KEPT = 1_000;

/**
 * Counts page views off the request path. A counted request costs a few
 * header reads and one map update: views wait in memory, merged per visitor,
 * page and referrer, and are written in one batch every second (or sooner when
 * many wait), and on shutdown. Only then are bots set aside, devices and
 * sources worked out, and the visitor's hash made: SHA-256 of the day's salt,
 * the address and the user agent (the approach Plausible documents). The salt
 * is random per day and shared through the database (./store.ts), so a
 * visitor's hash is the same on every instance for a day and cannot be linked
 * to the next day's; addresses and user agents are never written anywhere.
 * After a write an `analytics` event (admins only) tells open dashboards,
 * at most every `notifyMs`.
 */
export function createInsightsRecorder(options: InsightsRecorderOptions): InsightsRecorder {
  const { store, bus, logger, timeZone, enabled } = options;
  const now = options.now ?? Date.now;
  const flushMs = options.flushMs ?? 1_000;
  const batch = options.batch ?? 5_000;
  const maxWaiting = options.maxWaiting ?? 100_000;
  const notifyMs = options.notifyMs ?? 5_000;
  const ownHosts = options.ownHosts ?? [];

  let waiting = new Map<string, Waiting>();
  /** Rows whose write failed, tried again with the next batch. */
  let unwritten: StoredView[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Immediate | undefined;
  let droppedWarned = false;
  const salts = new Map<string, Promise<string>>();
  const agents = new Map<string, { bot: boolean; device: StoredView["device"] } | undefined>();

  // Today's date, worked out again only when the clock passes the next midnight.
  let day = { date: "", from: 0, until: 0 };
  const dayAt = (ms: number) => {
    if (ms < day.from || ms >= day.until) {
      const date = wallTime(new Date(ms), timeZone).date;
      const from = Date.parse(zonedDateTime(date, "00:00", timeZone)!);
      const until = Date.parse(zonedDateTime(addDays(date, 1), "00:00", timeZone)!);
      day = { date, from, until };
    }
    return day.date;
  };

  let lastNotice = 0;
  let notice: NodeJS.Timeout | undefined;
  const notify = () => {
    if (notice) return;
    const wait = lastNotice + notifyMs - Date.now();
    const send = () => {
      notice = undefined;
      lastNotice = Date.now();
      bus.publish({ type: "analytics" });
    };
    if (wait <= 0) send();
    else {
      notice = setTimeout(send, wait);
      notice.unref();
    }
  };

  const agent = (userAgent: string) => {
    let verdict = agents.get(userAgent);
    if (!verdict) {
      if (agents.size >= AGENTS_KEPT) agents.clear();
      verdict = { bot: userAgent === "" || isbot(userAgent), device: deviceOf(userAgent) };
      agents.set(userAgent, verdict);
    }
    return verdict;
  };

  const saltOf = (date: string) => {
    let salt = salts.get(date);
    if (!salt) {
      salt = store.salt(date);
      salt.catch(() => salts.delete(date));
      salts.set(date, salt);
    }
    return salt;
  };

  const visitorHash = (salt: string, entry: Pick<Waiting, "address" | "userAgent">) =>
    hash("sha256", `${salt}\0${entry.address}\0${entry.userAgent}`, "base64url").slice(0, 22);

  /** The waiting views as rows: bots left out, merged again once reduced to what is stored. */
  async function rowsOf(waiting: Map<string, Waiting>): Promise<StoredView[]> {
    const entries = [...waiting.values()];
    const days = [...new Set(entries.map((entry) => entry.day))];
    const salt = new Map(await Promise.all(days.map(async (date) => [date, await saltOf(date)] as const)));
    const rows = new Map<string, StoredView>();
    for (const entry of entries) {
      const { bot, device } = agent(entry.userAgent);
      if (bot) continue;
      const visitor = visitorHash(salt.get(entry.day)!, entry);
      const query = entry.url.indexOf("?");
      let path = query === -1 ? entry.url : entry.url.slice(0, query);
      if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
      const hosts = entry.host ? [entry.host.replace(/:\d+$/, "").toLowerCase(), ...ownHosts] : ownHosts;
      const { source, campaign } = entry.internal
        ? { source: null, campaign: null }
        : sourceOf(entry.url, entry.referrer, hosts);
      path = path.slice(0, 300);
      const pageVariant = entry.variant ? `${path} ${entry.variant}` : null;
      const row = { day: entry.day, visitor, path, source, campaign, device, pageVariant, views: 0 };
      const key = `${row.day}\n${visitor}\n${row.path}\n${source}\n${campaign}\n${device}\n${pageVariant}`;
      const same = rows.get(key) ?? rows.set(key, row).get(key)!;
      same.views += entry.views;
    }
    return [...rows.values()];
  }

  /**
   * Writes `rows`. A batch the database refuses for what a row holds (not
   * because it is away) is halved until that row is found, which is left out
   * with a warning while the rest are written: no row holds back the others.
   * Returns how many were written, and the rows not written for another reason.
   */
  async function writeApart(rows: StoredView[]): Promise<{ written: number; failed: StoredView[]; error?: unknown }> {
    try {
      await store.addViews(rows);
      return { written: rows.length, failed: [] };
    } catch (error) {
      if (!refusesValues(error)) return { written: 0, failed: rows, error };
      if (rows.length === 1) {
        logger.warn("a page view the database refused was left out", { path: rows[0]!.path, reason: String(error) });
        return { written: 0, failed: [] };
      }
      const half = Math.ceil(rows.length / 2);
      const first = await writeApart(rows.slice(0, half));
      // The database failed otherwise meanwhile: the other half waits too.
      if (first.failed.length > 0) return { ...first, failed: [...first.failed, ...rows.slice(half)] };
      const second = await writeApart(rows.slice(half));
      return { ...second, written: first.written + second.written };
    }
  }

  async function write(): Promise<void> {
    const taken = waiting;
    waiting = new Map();
    let rows = unwritten;
    unwritten = [];
    let outcome: Awaited<ReturnType<typeof writeApart>> = { written: 0, failed: [] };
    try {
      rows = [...rows, ...(await rowsOf(taken))];
      if (rows.length > 0) outcome = await writeApart(rows);
    } catch (error) {
      outcome = { written: 0, failed: rows, error };
    }
    if (outcome.written > 0) notify();
    if (outcome.failed.length > 0) {
      // The database is away or busy: these rows go with the next batch, up to the bound.
      unwritten = outcome.failed.length <= maxWaiting ? outcome.failed : [];
      logger.warn("could not store page views; trying again with the next batch", {
        views: outcome.failed.length,
        reason: String(outcome.error),
      });
    }
    // Salts of days that are over are not needed in memory any more.
    const today = dayAt(now());
    for (const date of salts.keys()) if (date < addDays(today, -1)) salts.delete(date);
  }

  function flush(): Promise<void> {
    flushing = (flushing ?? Promise.resolve()).then(write).finally(() => {
      if (pending === flushing) flushing = undefined;
    });
    const pending = flushing;
    return pending;
  }

  function add(hit: PageHit, internal: boolean) {
    if (!enabled || optedOut(hit.header)) return;
    const date = dayAt(now());
    const userAgent = hit.header("user-agent") ?? "";
    const referrer = internal ? undefined : hit.header("referer");
    const host = hit.header("host");
    const variant = hit.variant;
    const key = `${date}\n${hit.address}\n${userAgent}\n${hit.url}\n${referrer ?? ""}\n${host ?? ""}\n${internal ? 1 : 0}\n${variant ?? ""}`;
    const entry = waiting.get(key);
    if (entry) {
      entry.views++;
      return;
    }
    if (waiting.size >= maxWaiting) {
      if (!droppedWarned) logger.warn("too many page views waiting to be stored; some were not counted");
      droppedWarned = true;
      return;
    }
    droppedWarned = false;
    waiting.set(key, {
      day: date,
      address: hit.address,
      userAgent,
      url: hit.url,
      referrer,
      host,
      internal,
      variant,
      views: 1,
    });
    if (waiting.size >= batch && !soon)
      soon = setImmediate(() => {
        soon = undefined;
        void flush();
      });
  }

  return {
    enabled,
    timeZone,
    now,
    today: () => dayAt(now()),
    page: (hit) => add(hit, false),
    navigation: (hit) => add(hit, true),
    async visitorKey(hit) {
      const salt = await saltOf(dayAt(now()));
      return visitorHash(salt, { address: hit.address, userAgent: hit.header("user-agent") ?? "" });
    },
    flush,
    start() {
      if (!enabled || timer) return;
      timer = setInterval(() => {
        if (waiting.size > 0 || unwritten.length > 0) void flush();
      }, flushMs);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      timer = undefined;
      if (soon) clearImmediate(soon);
      clearTimeout(notice);
      await flush();
    },
  };
}
