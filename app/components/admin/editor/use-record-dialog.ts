import { useEffect, useRef, useState } from "react";
import { locales } from "#content/locales.ts";
import { inAnyLanguage, sameRecord, type RecordRef, type StoredRecord } from "../data/record-ref.ts";
import type { SaveOutcome } from "../data/record-store.ts";
import { useRecordStore } from "../data/use-record-editor.ts";
import type {
  DialogDraft,
  DialogSaveOptions,
  DialogStored,
  DialogTranslation,
  RecordDialogKind,
} from "./record-dialog-kind.ts";
import { refused } from "./use-record-link.ts";

/**
 * Which record the editor dialog shows: none, one being read or that could not be, or one open in
 * the record store (`record`: its English record; the dialog opens its other languages as they are chosen).
 */
export type RecordDialogState =
  | { status: "closed" }
  | { status: "loading"; id: string; title: string }
  | { status: "failed"; id: string; title: string; reason: string }
  | { status: "open"; record: RecordRef };

const reasonOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * The editor dialog of one kind of record ("Edit Post", docs/product.md §4 "Blog editor"; "Edit Page")
 * over the admin's record store, which edits, guards, recovers and follows the open record as it does
 * every record (../data/use-record-editor.ts reads it): opening a card or row loads that record, a new
 * one is held until saved, Save stores it and closes, Cancel discards the edits. Each language of a
 * record is a record of its own (`post:<id>@si`): Save stores the one shown, and closes unless another
 * language still holds edits. The list is read again after each write; `onCreated` is told when a new
 * record was stored. What differs between kinds is `kind`'s (./record-dialog-kind.ts).
 */
export function useRecordDialog<T extends DialogDraft, S extends DialogStored, C extends DialogTranslation>(
  kind: RecordDialogKind<T, S, C>,
  list: { refresh(): void },
  { onCreated }: { onCreated?: () => void } = {},
) {
  const store = useRecordStore();
  const [state, setState] = useState<RecordDialogState>({ status: "closed" });
  /** The record being loaded: an answer for any other is not shown. */
  const loading = useRef<string | null>(null);
  const open = state.status === "open" ? state.record : null;

  // The store holds the open record, in each language opened, while the dialog shows it; drafts kept on the device stay.
  useEffect(
    () =>
      open
        ? () => {
            for (const locale of locales) store.release(kind.ref(open.id, locale));
          }
        : undefined,
    [store, kind, open],
  );

  /** Loads record `id`, then shows it; `onRefused`, when given, is told instead of the dialog showing a refusal. */
  function load(id: string, title: string, onRefused?: (reason: string) => void) {
    const record = kind.ref(id);
    loading.current = id;
    setState({ status: "loading", id, title });
    store.open(record).then(
      () => {
        if (loading.current === id) setState({ status: "open", record });
        else store.release(record);
      },
      (cause: unknown) => {
        if (loading.current !== id) return;
        if (onRefused && refused(cause)) {
          loading.current = null;
          setState({ status: "closed" });
          onRefused(reasonOf(cause));
        } else setState({ status: "failed", id, title, reason: reasonOf(cause) });
      },
    );
  }

  function close() {
    loading.current = null;
    if (open) store.discard(inAnyLanguage(open));
    setState({ status: "closed" });
  }

  return {
    kind,
    state,
    /** Opens a card or row: its record is loaded first. */
    open: (summary: { id: string; title: string }) => load(summary.id, kind.name(summary.title)),
    /**
     * Opens record `id` from a link (./record-link.ts), its title not known yet. A record that no longer
     * exists, or that this account may not open, is not shown: `onRefused` gets the server's reason.
     */
    openLinked: (id: string, onRefused: (reason: string) => void) => load(id, "", onRefused),
    retry: () => state.status === "failed" && load(state.id, state.title),
    /** Opens a new, unsaved record. */
    create(data: T) {
      const record = kind.ref(null);
      store.create(record, data);
      setState({ status: "open", record });
    },
    /**
     * Saves the open record in the language of `record`; closes once saved, unless `keepOpen` (a stored
     * record) or another language has edits.
     */
    async save(record: RecordRef, { version, keepOpen = false }: DialogSaveOptions = {}): Promise<SaveOutcome> {
      if (!open) return { kind: "failed", reason: `No ${kind.noun} is open.` };
      const outcome = await store.save(record, version);
      list.refresh();
      if (outcome.kind === "saved") {
        // A new record closes once stored; a stored one stays open when asked (a page's "Use B").
        if ((open.id === null || !keepOpen) && !store.isDirty(inAnyLanguage(open))) setState({ status: "closed" });
        if (open.id === null) onCreated?.();
      }
      return outcome;
    },
    /** Saves an old version of the open record in the language of `record` again as its newest and shows it; rejects with the server's reason. */
    async restore(record: RecordRef, revision: number): Promise<StoredRecord> {
      try {
        return await store.restore(record, revision);
      } finally {
        list.refresh();
      }
    },
    /**
     * Deletes the open record's translation `record` (English and the other languages stay; its versions
     * stay in History); its edits go with it. Rejects with the server's reason, keeping them.
     * The dialog then opens the language again: not translated.
     */
    async removeTranslation(record: RecordRef): Promise<void> {
      const { id, locale } = record;
      if (id === null || !locale) throw new Error(`Only a translation of a saved ${kind.noun} can be deleted here.`);
      try {
        // Not noted as a deletion of the record: a new translation may be saved under its key again.
        await store.track(
          record,
          () => kind.deleteTranslation(id, locale),
          () => undefined,
        );
      } finally {
        list.refresh();
      }
      store.discard((ref) => sameRecord(ref, record));
      store.release(record);
    },
    /** Cancel, × or Esc: the edits are discarded. */
    close,
  };
}

export type RecordDialogEditor<T extends DialogDraft, S extends DialogStored, C extends DialogTranslation> = ReturnType<
  typeof useRecordDialog<T, S, C>
>;
