import { createContext, useContext, useMemo, useSyncExternalStore } from "react";
import { documentSchemas } from "#content/schemas.ts";
import type { DocumentKey } from "#content/sections.ts";
import type { FieldErrors } from "../editor-types.ts";
import { schemaErrors } from "../editor/field-errors.ts";
import type { DocumentState, DocumentStore, SaveOutcome } from "./document-store.ts";
import type { StoredDocument } from "./admin-api.ts";

/** The admin panel's document store, provided once by AdminPanel. */
export const DocumentStoreContext = createContext<DocumentStore | null>(null);

function useDocumentStore(): DocumentStore {
  const store = useContext(DocumentStoreContext);
  if (!store) throw new Error("Document editors must be used inside the admin panel.");
  return store;
}

export interface DocumentEditor extends DocumentState {
  /** Problems the document's schema finds in the draft, by dotted path. */
  errors: FieldErrors;
  /** A newer version was saved elsewhere while this draft has unsaved changes. */
  changedElsewhere: boolean;
  setDraft(draft: unknown): void;
  save(version?: number): Promise<SaveOutcome>;
  reload(): void;
  keepEditing(): void;
  reloadTheirs(): void;
  restore(revision: number): Promise<StoredDocument>;
  restoreRecovered(): void;
  discardRecovered(): void;
}

/** One document as its editor sees it: the draft, its errors, its save state, and what can be done with it. */
export function useDocumentEditor(key: DocumentKey): DocumentEditor {
  const store = useDocumentStore();
  const state = useSyncExternalStore(
    store.subscribe,
    () => store.get(key),
    () => store.get(key),
  );
  const errors = useMemo(() => schemaErrors(documentSchemas[key], state.draft), [key, state.draft]);
  const actions = useMemo(
    () => ({
      setDraft: (draft: unknown) => store.edit(key, draft),
      save: (version?: number) => store.save(key, version),
      reload: () => store.reload(key),
      keepEditing: () => store.keepEditing(key),
      reloadTheirs: () => store.reloadTheirs(key),
      restore: (revision: number) => store.restore(key, revision),
      restoreRecovered: () => store.restoreRecovered(key),
      discardRecovered: () => store.discardRecovered(key),
    }),
    [store, key],
  );
  return { ...state, ...actions, errors, changedElsewhere: state.dirty && state.server.version > state.base.version };
}

/** Whether any of these documents holds unsaved changes (for the panel that owns `store`). */
export function useUnsavedChanges(store: DocumentStore, keys: readonly DocumentKey[]): boolean {
  return useSyncExternalStore(
    store.subscribe,
    () => store.isDirty(keys),
    () => false,
  );
}

/** Whether any of these documents has a draft from an earlier visit waiting (marks its tab). */
export function useRecoveredDrafts(keys: readonly DocumentKey[]): boolean {
  const store = useDocumentStore();
  return useSyncExternalStore(
    store.subscribe,
    () => store.hasRecovered(keys),
    () => false,
  );
}
