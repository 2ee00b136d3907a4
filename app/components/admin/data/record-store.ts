import type { SavedEvent } from "#content/live-events.ts";
import { LIVE_EVENT_READERS } from "#content/live-event-readers.ts";
import { subscribeToEvents, type EventHandlers } from "#app/lib/event-stream.ts";
import type { LocalDraft, LocalDrafts } from "./local-drafts.ts";
import { createOwnWrites, type Wrote } from "./own-writes.ts";
import { recordKinds, type RecordKinds } from "./record-kinds.ts";
import {
  compareCopies,
  isTranslationOf,
  localeOf,
  recordKey,
  type RecordKey,
  type RecordKind,
  type RecordRef,
  type SaveAnswer,
  type StoredRecord,
} from "./record-ref.ts";

/**
 * Handlers for the events of a save (a document's `content`, a post's `post`, a team page's `page`)
 * that call `saved` with each, its name as `type` (content/live-events.ts names each event and its payload).
 */
export function savedEventHandlers(saved: (event: SavedEvent) => void): EventHandlers {
  return {
    content: ({ spread: _, ...event }) => saved({ type: "content", ...event }),
    post: ({ spread: _, ...event }) => saved({ type: "post", ...event }),
    page: ({ spread: _, ...event }) => saved({ type: "page", ...event }),
    readers: LIVE_EVENT_READERS,
  };
}

/** Whether a live event says that its record was deleted (only a post's or a team page's can). */
const deleted = (event: SavedEvent) => event.type !== "content" && event.deleted === true;

/**
 * The admin's one editor engine: every versioned record it edits (the
 * documents, the AI settings, the post open in "Edit Post"), each with the
 * server's latest copy, the draft being edited, and the state of its save.
 * Editors read it through `useRecordEditor` (./use-record-editor.ts); nothing
 * else holds a copy. A small external store (React reads it with
 * useSyncExternalStore), made once per admin panel; each kind's API calls are
 * an entry of ./record-kinds.ts.
 *
 * Records come in three ways: `add` (the documents the page's loader sent),
 * `open` (a post, loaded when its card is opened) and `create` (a post not
 * stored yet); `release` forgets one when its editor closes.
 *
 * Saves made elsewhere arrive through the page's event stream: a newer
 * version is fetched, replaces a clean draft, and is flagged over a dirty one.
 * A document's or a post's texts in another language are records of their
 * own (`document:home@si`, `post:<id>@si`, ./record-ref.ts); an English save
 * is news to them too, as they show its untranslated texts and mark the
 * changed ones.
 * The events of this tab's own writes are told apart by ./own-writes.ts: while
 * a record is written its events are only noted, and only a version newer than
 * the write's answer is fetched once it is back.
 *
 * Once given the device's drafts (`keepDrafts`), every unsaved draft is kept
 * there too, and a draft kept from an earlier visit is offered (`recovered`)
 * until the admin restores or discards it; meanwhile that slot is left alone.
 */

export interface RecordState<T = unknown> {
  /** The newest copy the server is known to hold. */
  server: StoredRecord<T>;
  /** The copy the draft started from: a save is checked against its version. */
  base: StoredRecord<T>;
  /** What the editor shows; nothing is stored until it is saved. */
  draft: T;
  /**
   * A translation's outdated texts (marked "English changed") confirmed as still right for the
   * English they are shown against ("Still correct"), by path: sent with the draft's save, which
   * stores them as translations of that English. Empty for every other record.
   */
  confirmed: readonly string[];
  /** The draft differs from its base, or confirms texts. */
  dirty: boolean;
  saving: boolean;
  /** The newer copy that refused the last save (the conflict dialog is open while set). */
  conflict: StoredRecord<T> | null;
  /** A draft kept on this device from an earlier visit that differs from the server's copy, until restored or discarded. */
  recovered: LocalDraft | null;
}

export type SaveOutcome = SaveAnswer<StoredRecord> | { kind: "failed"; reason: string };

/** Which records a question is about (a tab's, every one). */
export type RecordFilter = (ref: RecordRef) => boolean;

/** What the store talks to: each kind's API calls and the event stream (tests pass fakes). */
export interface RecordStoreDeps {
  kinds: RecordKinds;
  subscribe(handlers: EventHandlers): () => void;
}

type DeviceDrafts = Pick<LocalDrafts, "offer" | "write" | "remove">;

interface Entry {
  ref: RecordRef;
  state: RecordState;
  baseJson: string;
}

const apiDeps: RecordStoreDeps = { kinds: recordKinds, subscribe: subscribeToEvents };
const everyRecord: RecordFilter = () => true;
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const newest = (known: StoredRecord, copy: StoredRecord) => (compareCopies(copy, known) >= 0 ? copy : known);
const NONE: readonly string[] = [];

/** Whether `draft` with `confirmed` is an unsaved change over the base `entry` holds: other data, or texts confirmed. */
const differs = (entry: Entry, draft: unknown, confirmed: readonly string[]) =>
  confirmed.length > 0 || JSON.stringify(draft) !== entry.baseJson;

export type RecordStore = ReturnType<typeof createRecordStore>;

export function createRecordStore(
  initial: Iterable<readonly [RecordRef, StoredRecord]> = [],
  deps: RecordStoreDeps = apiDeps,
) {
  const entries = new Map<RecordKey, Entry>();
  const listeners = new Set<() => void>();
  const own = createOwnWrites();
  let drafts: DeviceDrafts | null = null;
  /** Translation → the English version it is being read again for (one read per English save). */
  const following = new Map<RecordKey, number>();

  const find = (ref: RecordRef): RecordState | undefined => entries.get(recordKey(ref))?.state;

  function get(ref: RecordRef): RecordState {
    const state = find(ref);
    if (!state) throw new Error(`The admin has no record "${recordKey(ref)}" open.`);
    return state;
  }

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  function set(ref: RecordRef, next: RecordState) {
    const key = recordKey(ref);
    // A clean draft follows the server.
    if (!next.dirty && compareCopies(next.server, next.base) > 0)
      next = { ...next, base: next.server, draft: next.server.data };
    const previous = entries.get(key);
    const baseJson = previous && previous.state.base === next.base ? previous.baseJson : JSON.stringify(next.base.data);
    entries.set(key, { ref, state: next, baseJson });
    // The device keeps a draft while it differs; one offered from an earlier visit keeps its slot until decided on.
    const changed = previous?.state.draft !== next.draft || previous?.state.confirmed !== next.confirmed;
    if (drafts && !next.recovered && (changed || previous?.state.recovered)) {
      if (next.dirty) drafts.write(key, next.base.version, next.draft, next.confirmed);
      else drafts.remove(key);
    }
    notify();
  }

  /** Changes a record that may have been released meanwhile (a write's answer after its editor closed). */
  function update(ref: RecordRef, change: (state: RecordState) => RecordState) {
    const state = find(ref);
    if (state) set(ref, change(state));
  }

  /** The draft replaced by a server copy (local edits discarded). */
  const adopt = (ref: RecordRef, copy: StoredRecord) =>
    update(ref, (state) => ({
      ...state,
      server: newest(state.server, copy),
      base: copy,
      draft: copy.data,
      confirmed: NONE,
      dirty: false,
    }));

  function fetchNewer(ref: RecordRef): Promise<void> | undefined {
    if (ref.id === null) return undefined;
    return deps.kinds[ref.kind].load(ref.id, localeOf(ref)).then(
      (copy) => update(ref, (state) => ({ ...state, server: newest(state.server, copy) })),
      () => {
        // A missed live update is caught by the next save's version check (409).
      },
    );
  }

  /** The kind a live event is about and the record it names (null: the server did not say); null for no kind here. */
  function refIn(event: SavedEvent): { kind: RecordKind; ref: RecordRef | null } | null {
    for (const kind of Object.keys(deps.kinds) as RecordKind[]) {
      const adapter = deps.kinds[kind];
      if (adapter.event === event.type) return { kind, ref: adapter.refIn(event) ?? null };
    }
    return null;
  }

  /**
   * English `ref` is at `version` now (saved here or elsewhere): its
   * translations held here that were read against an older English are read again.
   */
  function followEnglish(ref: RecordRef, version: number) {
    for (const [key, entry] of entries) {
      if (!isTranslationOf(entry.ref, ref) || (entry.state.server.englishVersion ?? 0) >= version) continue;
      if ((following.get(key) ?? 0) >= version) continue;
      following.set(key, version);
      void fetchNewer(entry.ref)?.finally(() => {
        if (following.get(key) === version) following.delete(key);
      });
    }
  }

  function onSaved(event: SavedEvent) {
    const ref = refIn(event)?.ref;
    // A record deleted elsewhere stays open until saved (the save says it is gone).
    if (!ref || deleted(event)) return;
    followEnglish(ref, event.version);
    if (own.isEcho(ref, event.version)) return;
    const state = find(ref);
    if (state && event.version > state.server.version) void fetchNewer(ref);
  }

  /** Runs a write of `ref`, holding back the stream's news of it until its answer is in. */
  async function writing<T>(ref: RecordRef, run: () => Promise<T>, wrote: (result: T) => Wrote | undefined) {
    const end = own.begin(ref);
    let heard = 0;
    try {
      const result = await run();
      heard = end(wrote(result));
      return result;
    } finally {
      heard = Math.max(heard, end());
      const state = find(ref);
      if (state && heard > state.server.version) void fetchNewer(ref);
    }
  }

  function add(ref: RecordRef, copy: StoredRecord) {
    if (find(ref)) return;
    const recovered = drafts?.offer(recordKey(ref), copy.data) ?? null;
    set(ref, {
      server: copy,
      base: copy,
      draft: copy.data,
      confirmed: NONE,
      dirty: false,
      saving: false,
      conflict: null,
      recovered,
    });
  }

  for (const [ref, copy] of initial) add(ref, copy);

  return {
    get,
    find,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Follows saves made elsewhere until the returned function is called. */
    connect(): () => void {
      return deps.subscribe(savedEventHandlers(onSaved));
    },

    /**
     * Keeps unsaved drafts in `device` from now on and offers the ones it kept
     * from an earlier visit (called once the page runs in the browser, so the
     * server's render and the first client render agree); returns the function that stops.
     */
    keepDrafts(device: DeviceDrafts): () => void {
      drafts = device;
      for (const [key, { ref, state }] of entries) {
        const recovered = device.offer(key, state.server.data);
        if (recovered) set(ref, { ...state, recovered });
        else if (state.dirty) device.write(key, state.base.version, state.draft, state.confirmed);
      }
      return () => {
        if (drafts === device) drafts = null;
      };
    },

    /** Holds a record the server sent (a kept draft of it is offered); one already held is left as it is. */
    add,

    /** Loads a stored record and holds it (one already held is not loaded again); rejects with the server's reason. */
    async open(ref: RecordRef): Promise<void> {
      if (find(ref) || ref.id === null) return;
      const copy = await deps.kinds[ref.kind].load(ref.id, localeOf(ref));
      add(ref, copy);
    },

    /** Holds a record not stored yet (`ref.id` null), starting from `data`: its first save stores it. */
    create(ref: RecordRef, data: unknown) {
      add(ref, { version: 0, data, updatedAt: null, updatedBy: null });
    },

    /** Forgets a record whose editor closed; a draft of it kept on the device stays there. */
    release(ref: RecordRef) {
      if (entries.delete(recordKey(ref))) notify();
    },

    /** Puts the draft kept on this device in the editor, as unsaved changes over the version it started from. */
    restoreRecovered(ref: RecordRef) {
      const state = get(ref);
      if (!state.recovered) return;
      const { baseVersion, data, confirmed = NONE } = state.recovered;
      // Over a version saved since, the base keeps its old number (so the save meets the 409 dialog) and the
      // server's data (so "Unsaved changes" means different from what is live).
      const base = baseVersion === state.server.version ? state.server : { ...state.server, version: baseVersion };
      set(ref, {
        ...state,
        base,
        draft: data,
        confirmed,
        dirty: JSON.stringify(data) !== JSON.stringify(base.data) || confirmed.length > 0,
        recovered: null,
      });
    },

    /** Forgets the draft kept on this device (edits made since are kept in its place). */
    discardRecovered(ref: RecordRef) {
      const state = get(ref);
      if (state.recovered) set(ref, { ...state, recovered: null });
    },

    /** Whether any of these records has a draft from an earlier visit waiting to be restored or discarded. */
    hasRecovered(filter: RecordFilter): boolean {
      return [...entries.values()].some(({ ref, state }) => state.recovered !== null && filter(ref));
    },

    /** Whether any of these records (default: any at all) holds unsaved changes. */
    isDirty(filter: RecordFilter = everyRecord): boolean {
      return [...entries.values()].some(({ ref, state }) => state.dirty && filter(ref));
    },

    edit(ref: RecordRef, draft: unknown) {
      const entry = entries.get(recordKey(ref));
      if (!entry) throw new Error(`The admin has no record "${recordKey(ref)}" open.`);
      set(ref, { ...entry.state, draft, dirty: differs(entry, draft, entry.state.confirmed) });
    },

    /**
     * Confirms a translation's outdated text at `path` as still right for the English it is shown
     * against ("Still correct"), or takes that back (`yes` false): an unsaved change like an edit,
     * stored by the next save.
     */
    confirm(ref: RecordRef, path: string, yes = true) {
      const entry = entries.get(recordKey(ref));
      if (!entry) throw new Error(`The admin has no record "${recordKey(ref)}" open.`);
      const { state } = entry;
      if (state.confirmed.includes(path) === yes) return;
      const confirmed = yes ? [...state.confirmed, path] : state.confirmed.filter((other) => other !== path);
      set(ref, { ...state, confirmed, dirty: differs(entry, state.draft, confirmed) });
    },

    /** Shows the server's latest copy instead of the draft. */
    reload(ref: RecordRef) {
      adopt(ref, get(ref).server);
    },

    /** Drops the unsaved changes of these records. */
    discard(filter: RecordFilter) {
      for (const { ref, state } of [...entries.values()]) if (state.dirty && filter(ref)) adopt(ref, state.server);
    },

    /** Saves the draft over `version` (default: the version it was based on; the conflict's to overwrite it). */
    async save(ref: RecordRef, version?: number): Promise<SaveOutcome> {
      const before = get(ref);
      const adapter = deps.kinds[ref.kind];
      set(ref, { ...before, saving: true });
      try {
        return await writing(
          ref,
          async () => {
            const sent = adapter.outgoing(before.draft, before.base);
            const answer = await adapter.save(
              ref.id,
              version ?? before.base.version,
              sent,
              before.base,
              before.confirmed,
            );
            if (answer.kind === "saved") {
              // The server's normalised copy becomes both the base and what the editor shows.
              const saved = answer.record;
              followEnglish(ref, saved.version);
              update(ref, (state) => ({
                ...state,
                server: newest(state.server, saved),
                base: saved,
                draft: saved.data,
                confirmed: NONE,
                dirty: false,
                saving: false,
                conflict: null,
              }));
            } else {
              const { current } = answer;
              update(ref, (state) => ({
                ...state,
                server: newest(state.server, current),
                saving: false,
                conflict: current,
              }));
            }
            return answer;
          },
          (answer) =>
            answer.kind === "saved" ? { ref: adapter.refOf(answer.record), version: answer.record.version } : undefined,
        );
      } catch (error) {
        update(ref, (state) => ({ ...state, saving: false }));
        return { kind: "failed", reason: reasonOf(error) };
      }
    },

    /** Closes the conflict dialog, keeping the draft. */
    keepEditing(ref: RecordRef) {
      set(ref, { ...get(ref), conflict: null });
    },

    /** Closes the conflict dialog, replacing the draft with the copy that refused the save. */
    reloadTheirs(ref: RecordRef) {
      const { conflict } = get(ref);
      if (conflict) adopt(ref, conflict);
      set(ref, { ...get(ref), conflict: null });
    },

    /** Saves an old revision again as the newest version and shows it; rejects with the server's reason. */
    async restore(ref: RecordRef, revision: number): Promise<StoredRecord> {
      const { id } = ref;
      if (id === null) throw new Error("This has no history yet.");
      return writing(
        ref,
        async () => {
          const copy = await deps.kinds[ref.kind].restore(id, revision, get(ref).base.version, localeOf(ref));
          adopt(ref, copy);
          followEnglish(ref, copy.version);
          return copy;
        },
        (copy) => ({ ref, version: copy.version }),
      );
    },

    /**
     * Runs a write made outside an editor (a list's switch or delete) as this tab's own, so its
     * live echo is not taken for news; `wrote` says what it stored.
     */
    track: writing,

    /**
     * Whether a live event is news to a list of `kind`: not while this tab writes a record of
     * that kind (the list is read again when the write ends), nor for what this tab wrote.
     */
    isNews(kind: RecordKind, event: SavedEvent): boolean {
      const heard = refIn(event);
      if (heard?.kind !== kind || own.busy(kind)) return false;
      return !heard.ref || !own.isEcho(heard.ref, event.version, deleted(event));
    },
  };
}
