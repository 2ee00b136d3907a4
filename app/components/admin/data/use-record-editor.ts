import { createContext, useContext, useMemo, useSyncExternalStore } from "react";
import type { FieldErrors } from "../editor-types.ts";
import { schemaErrors } from "../editor/field-errors.ts";
import { recordKinds } from "./record-kinds.ts";
import { compareCopies, sameRecord, type RecordRef, type StoredRecord } from "./record-ref.ts";
import type { RecordFilter, RecordState, RecordStore, SaveOutcome } from "./record-store.ts";

/** The admin panel's record store, provided once by AdminPanel. */
export const RecordStoreContext = createContext<RecordStore | null>(null);

export function useRecordStore(): RecordStore {
  const store = useContext(RecordStoreContext);
  if (!store) throw new Error("Record editors must be used inside the admin panel.");
  return store;
}

export interface RecordEditor<T = unknown> extends RecordState<T> {
  /** What a save of the draft sends (and a preview shows): the draft, a translation's empty texts in English. */
  outgoing: T;
  /** Problems the record's schema finds in what a save sends, by dotted path. */
  errors: FieldErrors;
  /** A newer version was saved elsewhere while this draft has unsaved changes. */
  changedElsewhere: boolean;
  setDraft(draft: T): void;
  /** Confirms a translation's outdated text as still right for the English now, or takes that back (./record-store.ts). */
  confirm(path: string, yes?: boolean): void;
  /** Changes the latest draft (several changes within one event all count). */
  updateDraft(change: (draft: T) => T): void;
  save(version?: number): Promise<SaveOutcome>;
  reload(): void;
  /** Drops the unsaved changes (and the draft kept on this device). */
  discard(): void;
  keepEditing(): void;
  reloadTheirs(): void;
  restore(revision: number): Promise<StoredRecord>;
  restoreRecovered(): void;
  discardRecovered(): void;
}

/**
 * One record as its editor sees it: the draft, its errors, its save state, and
 * what can be done with it; null while the store does not hold it (a post
 * still loading, or released as its editor closes). `ref` should keep its
 * identity between renders.
 */
export function useRecordEditor<T = unknown>(ref: RecordRef): RecordEditor<T> | null {
  const store = useRecordStore();
  const state = useSyncExternalStore(
    store.subscribe,
    () => store.find(ref),
    () => store.find(ref),
  ) as RecordState<T> | undefined;
  const draft = state?.draft;
  const base = state?.base;
  const outgoing = useMemo(
    () => (base ? (recordKinds[ref.kind].outgoing(draft, base) as T) : undefined),
    [ref, draft, base],
  );
  const errors = useMemo(() => schemaErrors(recordKinds[ref.kind].schema(ref), outgoing), [ref, outgoing]);
  const actions = useMemo(
    () => ({
      setDraft: (next: T) => store.edit(ref, next),
      confirm: (path: string, yes?: boolean) => store.confirm(ref, path, yes),
      updateDraft: (change: (draft: T) => T) => store.edit(ref, change(store.get(ref).draft as T)),
      save: (version?: number) => store.save(ref, version),
      reload: () => store.reload(ref),
      discard: () => store.discard((other) => sameRecord(other, ref)),
      keepEditing: () => store.keepEditing(ref),
      reloadTheirs: () => store.reloadTheirs(ref),
      restore: (revision: number) => store.restore(ref, revision),
      restoreRecovered: () => store.restoreRecovered(ref),
      discardRecovered: () => store.discardRecovered(ref),
    }),
    [store, ref],
  );
  if (!state) return null;
  return {
    ...state,
    ...actions,
    outgoing: outgoing as T,
    errors,
    changedElsewhere: state.dirty && compareCopies(state.server, state.base) > 0,
  };
}

/** Whether any of these records (default: any) holds unsaved changes, for the panel that owns `store`. */
export function useUnsavedChanges(store: RecordStore, filter?: RecordFilter): boolean {
  return useSyncExternalStore(
    store.subscribe,
    () => store.isDirty(filter),
    () => false,
  );
}

/** Whether any of these records has a draft from an earlier visit waiting (marks its tab). */
export function useRecoveredDrafts(filter: RecordFilter): boolean {
  const store = useRecordStore();
  return useSyncExternalStore(
    store.subscribe,
    () => store.hasRecovered(filter),
    () => false,
  );
}
