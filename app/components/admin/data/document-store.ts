import type { DocumentKey } from "#content/sections.ts";
import { subscribeToEvents, type ContentSaved, type EventHandlers } from "#app/lib/event-stream.ts";
import { loadDocument, restoreRevision, saveDocument, type SaveAnswer, type StoredDocument } from "./admin-api.ts";
import type { LocalDraft, LocalDrafts } from "./local-drafts.ts";

/**
 * The admin's documents, in one place: for each document the server's latest
 * copy, the draft being edited, and the state of its save. Editors read it
 * through `useDocumentEditor` (./use-document-editor.ts); nothing else holds
 * a copy. A small external store (React reads it with useSyncExternalStore),
 * made once per admin panel.
 *
 * Saves made elsewhere arrive through the page's event stream: a newer
 * version is fetched, replaces a clean draft, and is flagged over a dirty one.
 * The event of this tab's own save or restore is not fetched again: while a
 * write is in flight its events are only noted, and only a version newer than
 * the write's answer is fetched once it is back.
 *
 * Once given the device's drafts (`keepDrafts`), every unsaved draft is kept
 * there too, and a draft kept from an earlier visit is offered (`recovered`)
 * until the admin restores or discards it; meanwhile that slot is left alone.
 */

export type AdminDocuments = Partial<Record<DocumentKey, StoredDocument>>;

export interface DocumentState {
  /** The newest copy the server is known to hold. */
  server: StoredDocument;
  /** The copy the draft started from: a save is checked against its version. */
  base: StoredDocument;
  /** What the editor shows; nothing is stored until it is saved. */
  draft: unknown;
  /** The draft differs from its base. */
  dirty: boolean;
  saving: boolean;
  /** The newer copy that refused the last save (the conflict dialog is open while set). */
  conflict: StoredDocument | null;
  /** A draft kept on this device from an earlier visit that differs from the server's copy, until restored or discarded. */
  recovered: LocalDraft | null;
}

export type SaveOutcome = SaveAnswer | { kind: "failed"; reason: string };

/** What the store talks to: the API and the event stream (tests pass fakes). */
export interface DocumentStoreDeps {
  load(key: DocumentKey): Promise<StoredDocument>;
  save(key: DocumentKey, version: number, data: unknown): Promise<SaveAnswer>;
  restore(key: DocumentKey, revision: number, basedOn: number): Promise<StoredDocument>;
  subscribe(handlers: EventHandlers): () => void;
}

const apiDeps: DocumentStoreDeps = {
  load: loadDocument,
  save: saveDocument,
  restore: restoreRevision,
  subscribe: subscribeToEvents,
};

const newest = (known: StoredDocument, doc: StoredDocument) => (doc.version >= known.version ? doc : known);

export type DocumentStore = ReturnType<typeof createDocumentStore>;

export function createDocumentStore(initial: AdminDocuments, deps: DocumentStoreDeps = apiDeps) {
  const states = new Map<DocumentKey, DocumentState>();
  const baseJson = new Map<DocumentKey, string>();
  /** Saves and restores in flight per document, and the newest version the stream announced meanwhile. */
  const writes = new Map<DocumentKey, { count: number; heard: number }>();
  const listeners = new Set<() => void>();
  let drafts: Pick<LocalDrafts, "offer" | "write" | "remove"> | null = null;
  const subject = (key: DocumentKey) => `document:${key}` as const;

  function get(key: DocumentKey): DocumentState {
    const state = states.get(key);
    if (!state) throw new Error(`The admin has no document "${key}".`);
    return state;
  }

  function set(key: DocumentKey, next: DocumentState) {
    // A clean draft follows the server.
    if (!next.dirty && next.server.version > next.base.version)
      next = { ...next, base: next.server, draft: next.server.data };
    const previous = states.get(key);
    if (previous?.base !== next.base) baseJson.set(key, JSON.stringify(next.base.data));
    states.set(key, next);
    // The device keeps a draft while it differs; one offered from an earlier visit keeps its slot until decided on.
    if (drafts && !next.recovered && (previous?.draft !== next.draft || previous?.recovered)) {
      if (next.dirty) drafts.write(subject(key), next.base.version, next.draft);
      else drafts.remove(subject(key));
    }
    for (const listener of [...listeners]) listener();
  }

  /** The draft replaced by a server copy (local edits discarded). */
  function adopt(key: DocumentKey, doc: StoredDocument) {
    const state = get(key);
    set(key, { ...state, server: newest(state.server, doc), base: doc, draft: doc.data, dirty: false });
  }

  function receive(key: DocumentKey, doc: StoredDocument) {
    const state = states.get(key);
    if (state) set(key, { ...state, server: newest(state.server, doc) });
  }

  function fetchNewer(key: DocumentKey) {
    deps.load(key).then(
      (doc) => receive(key, doc),
      () => {
        // A missed live update is caught by the next save's version check (409).
      },
    );
  }

  function onContent({ key: saved, version }: ContentSaved) {
    const key = saved as DocumentKey;
    if (!states.has(key)) return;
    const write = writes.get(key);
    if (write) write.heard = Math.max(write.heard, version);
    else if (version > get(key).server.version) fetchNewer(key);
  }

  /** Runs a save or restore of `key`, holding back the stream's news of it until its answer is in. */
  async function writing<T>(key: DocumentKey, run: () => Promise<T>): Promise<T> {
    const write = writes.get(key) ?? { count: 0, heard: 0 };
    write.count += 1;
    writes.set(key, write);
    try {
      return await run();
    } finally {
      write.count -= 1;
      if (write.count === 0) {
        writes.delete(key);
        if (write.heard > get(key).server.version) fetchNewer(key);
      }
    }
  }

  for (const [key, doc] of Object.entries(initial) as [DocumentKey, StoredDocument][]) {
    set(key, { server: doc, base: doc, draft: doc.data, dirty: false, saving: false, conflict: null, recovered: null });
  }

  return {
    get,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Follows saves made elsewhere until the returned function is called. */
    connect(): () => void {
      return deps.subscribe({ content: onContent });
    },

    /**
     * Keeps unsaved drafts in `device` from now on and offers the ones it kept
     * from an earlier visit (called once the page runs in the browser, so the
     * server's render and the first client render agree); returns the function that stops.
     */
    keepDrafts(device: Pick<LocalDrafts, "offer" | "write" | "remove">): () => void {
      drafts = device;
      for (const [key, state] of states) {
        const recovered = device.offer(subject(key), state.server.data);
        if (recovered) set(key, { ...state, recovered });
        else if (state.dirty) device.write(subject(key), state.base.version, state.draft);
      }
      return () => {
        if (drafts === device) drafts = null;
      };
    },

    /** Puts the draft kept on this device in the editor, as unsaved changes over the version it started from. */
    restoreRecovered(key: DocumentKey) {
      const state = get(key);
      if (!state.recovered) return;
      const { baseVersion, data } = state.recovered;
      // Over a version saved since, the base keeps its old number (so the save meets the 409 dialog) and the
      // server's data (so "Unsaved changes" means different from what is live).
      const base = baseVersion === state.server.version ? state.server : { ...state.server, version: baseVersion };
      set(key, {
        ...state,
        base,
        draft: data,
        dirty: JSON.stringify(data) !== JSON.stringify(base.data),
        recovered: null,
      });
    },

    /** Forgets the draft kept on this device (edits made since are kept in its place). */
    discardRecovered(key: DocumentKey) {
      const state = get(key);
      if (state.recovered) set(key, { ...state, recovered: null });
    },

    /** Whether any of these documents has a draft from an earlier visit waiting to be restored or discarded. */
    hasRecovered(keys: readonly DocumentKey[]): boolean {
      return keys.some((key) => states.get(key)?.recovered);
    },

    /** Whether any of these documents holds unsaved changes. */
    isDirty(keys: readonly DocumentKey[]): boolean {
      return keys.some((key) => states.get(key)?.dirty === true);
    },

    edit(key: DocumentKey, draft: unknown) {
      set(key, { ...get(key), draft, dirty: JSON.stringify(draft) !== baseJson.get(key) });
    },

    /** Shows the server's latest copy instead of the draft. */
    reload(key: DocumentKey) {
      adopt(key, get(key).server);
    },

    /** Drops the unsaved changes of these documents. */
    discard(keys: readonly DocumentKey[]) {
      for (const key of keys) if (get(key).dirty) adopt(key, get(key).server);
    },

    /** Saves the draft over `version` (default: the version it was based on; the conflict's to overwrite it). */
    async save(key: DocumentKey, version?: number): Promise<SaveOutcome> {
      const before = get(key);
      set(key, { ...before, saving: true });
      try {
        return await writing(key, async () => {
          const result = await deps.save(key, version ?? before.base.version, before.draft);
          const state = get(key);
          if (result.kind === "saved") {
            // The server's normalised copy becomes both the base and what the editor shows.
            const saved = result.document;
            set(key, {
              ...state,
              server: newest(state.server, saved),
              base: saved,
              draft: saved.data,
              dirty: false,
              saving: false,
              conflict: null,
            });
          } else {
            set(key, {
              ...state,
              server: newest(state.server, result.current),
              saving: false,
              conflict: result.current,
            });
          }
          return result;
        });
      } catch (error) {
        set(key, { ...get(key), saving: false });
        return { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
      }
    },

    /** Closes the conflict dialog, keeping the draft. */
    keepEditing(key: DocumentKey) {
      set(key, { ...get(key), conflict: null });
    },

    /** Closes the conflict dialog, replacing the draft with the copy that refused the save. */
    reloadTheirs(key: DocumentKey) {
      const { conflict } = get(key);
      if (conflict) adopt(key, conflict);
      set(key, { ...get(key), conflict: null });
    },

    /** Saves an old revision again as the newest version and shows it; rejects with the server's reason. */
    async restore(key: DocumentKey, revision: number): Promise<StoredDocument> {
      return writing(key, async () => {
        const doc = await deps.restore(key, revision, get(key).base.version);
        adopt(key, doc);
        return doc;
      });
    },
  };
}
