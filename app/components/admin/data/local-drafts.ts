import type { RecordKey } from "./record-ref.ts";

/**
 * Unsaved drafts kept on this device (localStorage), so a reload, a closed
 * tab or a crashed browser loses nothing typed (docs/product.md §4 "Drafts on
 * this device"). One entry per signed-in admin and per record edited (its
 * key: `document:home`, `post:<id>`, `new-post`), holding the draft and the
 * version it was based on, so a restored draft still saves against that
 * version (a stale one meets the 409 dialog).
 *
 * A draft is written at most half a second after an edit, and at once when the
 * page is hidden or closed; it goes when it is saved, discarded or equal to the
 * server's copy, or after 30 days. Storage that is off, full or holds garbage
 * is ignored: the editor works as it would without it.
 */

export interface LocalDraft {
  /** The server version the draft started from (0: a document never saved, or a new post). */
  baseVersion: number;
  data: unknown;
  /** A translation's outdated texts confirmed as still right ("Still correct"), by path; absent when none. */
  confirmed?: string[];
  /** When the draft was last edited (ISO 8601). */
  savedAt: string;
}

/** The part of the Web Storage API the drafts use (tests pass a fake). */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

const PREFIX = "agency-admin-draft:";
export const WRITE_DELAY_MS = 500;
export const KEEP_DAYS = 30;
const KEEP_MS = KEEP_DAYS * 24 * 60 * 60 * 1000;

/** Field names never written to the device (API keys, passwords, tokens), wherever they sit in a draft. */
const SECRET_FIELD = /(api[-_]?key|secret|password|token)$/i;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Leaves secret fields out as a draft is turned into text for the device. */
const leaveOutSecrets = (name: string, value: unknown) => (SECRET_FIELD.test(name) ? undefined : value);

/**
 * A stored draft completed from the copy the editor holds now: fields it lacks
 * (left out as secrets, or added to the schema since it was kept) take that
 * copy's values, in that copy's order, so an unchanged draft compares equal.
 */
function filledFrom(draft: unknown, current: unknown): unknown {
  if (Array.isArray(draft))
    return draft.map((item, i) => filledFrom(item, Array.isArray(current) ? current[i] : undefined));
  if (!isRecord(draft) || !isRecord(current)) return draft;
  const filled: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(current))
    filled[name] = name in draft ? filledFrom(draft[name], field) : field;
  for (const [name, field] of Object.entries(draft)) if (!(name in current)) filled[name] = field;
  return filled;
}

/** The JSON kind of a value, to tell a draft of another shape (an object where an array belongs). */
const kindOf = (value: unknown) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);

function parse(text: string | null): LocalDraft | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (
      isRecord(value) &&
      typeof value["baseVersion"] === "number" &&
      typeof value["savedAt"] === "string" &&
      "data" in value
    ) {
      const confirmed = value["confirmed"];
      const draft: LocalDraft = { baseVersion: value["baseVersion"], data: value["data"], savedAt: value["savedAt"] };
      // Marks of another shape are dropped, the draft kept.
      if (Array.isArray(confirmed) && confirmed.length > 0 && confirmed.every((path) => typeof path === "string"))
        draft.confirmed = confirmed;
      return draft;
    }
  } catch {
    // Not JSON: dropped below like any other unreadable entry.
  }
  return null;
}

/** The browser's localStorage, or null where there is none (the server render) or it is turned off. */
function browserStorage(): DraftStorage | null {
  return typeof window === "undefined" ? null : window.localStorage;
}

export interface LocalDraftsOptions {
  storage?: () => DraftStorage | null;
  now?: () => number;
}

export type LocalDrafts = ReturnType<typeof createLocalDrafts>;

/** The drafts of one admin (`owner`: their email) on this device. */
export function createLocalDrafts(
  owner: string,
  { storage = browserStorage, now = Date.now }: LocalDraftsOptions = {},
) {
  const ownerPrefix = `${PREFIX}${owner.trim().toLowerCase()}:`;
  /** Drafts edited but not written yet, by storage key. */
  const pending = new Map<string, LocalDraft>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const keyOf = (record: RecordKey) => ownerPrefix + record;

  /** Runs `task` on the storage; a storage that is missing, off or full changes nothing. */
  function quietly<T>(task: (store: DraftStorage) => T): T | undefined {
    try {
      const store = storage();
      return store ? task(store) : undefined;
    } catch {
      return undefined;
    }
  }

  const expired = (draft: LocalDraft) => !(now() - Date.parse(draft.savedAt) <= KEEP_MS);

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    for (const [key, draft] of pending) quietly((store) => store.setItem(key, JSON.stringify(draft, leaveOutSecrets)));
    pending.clear();
  }

  function read(record: RecordKey): LocalDraft | null {
    const key = keyOf(record);
    const waiting = pending.get(key);
    if (waiting) return waiting;
    const text = quietly((store) => store.getItem(key)) ?? null;
    const draft = parse(text);
    if (text !== null && (!draft || expired(draft))) quietly((store) => store.removeItem(key));
    return draft && !expired(draft) ? draft : null;
  }

  function remove(record: RecordKey) {
    const key = keyOf(record);
    pending.delete(key);
    quietly((store) => store.removeItem(key));
  }

  return {
    /**
     * The draft kept for `record` when it differs from `current` (what the
     * server sent) or confirms texts, completed from it; a draft equal to it
     * with nothing confirmed, or of another shape, is forgotten.
     */
    offer(record: RecordKey, current: unknown): LocalDraft | null {
      const draft = read(record);
      if (!draft) return null;
      const data = filledFrom(draft.data, current);
      const same = JSON.stringify(data) === JSON.stringify(current) && !draft.confirmed;
      if (kindOf(data) !== kindOf(current) || same) {
        remove(record);
        return null;
      }
      return { ...draft, data };
    },

    /** Keeps `data` (and a translation's confirmed texts) as the draft of `record`, written within WRITE_DELAY_MS (or at the next flush). */
    write(record: RecordKey, baseVersion: number, data: unknown, confirmed: readonly string[] = []) {
      pending.set(keyOf(record), {
        baseVersion,
        data,
        ...(confirmed.length > 0 && { confirmed: [...confirmed] }),
        savedAt: new Date(now()).toISOString(),
      });
      // Not pushed back by further typing: a crash loses at most the last half second.
      timer ??= setTimeout(flush, WRITE_DELAY_MS);
    },

    remove,

    /** Writes every pending draft now. */
    flush,

    /** Forgets drafts of every admin on this device that are unreadable or older than KEEP_DAYS. */
    prune() {
      quietly((store) => {
        const keys: string[] = [];
        for (let i = 0; i < store.length; i++) {
          const key = store.key(i);
          if (key?.startsWith(PREFIX)) keys.push(key);
        }
        for (const key of keys) {
          const draft = parse(store.getItem(key));
          if (!draft || expired(draft)) store.removeItem(key);
        }
      });
    },

    /**
     * Writes pending drafts as soon as the page is hidden or closed (a phone
     * may kill a hidden page without another event); returns the function
     * that stops listening, which writes them too.
     */
    attach(
      win: Pick<Window, "addEventListener" | "removeEventListener"> = window,
      doc: Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState"> = document,
    ) {
      const onVisibility = () => {
        if (doc.visibilityState === "hidden") flush();
      };
      win.addEventListener("pagehide", flush);
      doc.addEventListener("visibilitychange", onVisibility);
      return () => {
        win.removeEventListener("pagehide", flush);
        doc.removeEventListener("visibilitychange", onVisibility);
        flush();
      };
    },
  };
}
