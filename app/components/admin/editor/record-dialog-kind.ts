import type { ComponentType, ReactNode } from "react";
import type { Locale, TranslatedLocale } from "#content/locales.ts";
import type { RevisionSummary } from "#content/documents.ts";
import type { FieldErrors } from "../editor-types.ts";
import type { RecordRef, StoredRecord } from "../data/record-ref.ts";
import type { TextsOfCopy } from "../data/translation-copy.ts";
import type { RecordEditor } from "../data/use-record-editor.ts";

/** What the dialog reads of any record it edits: a title, and review for a Writer's save. */
export interface DialogDraft {
  title: string;
  review?: boolean | undefined;
}

/** What the dialog reads of a stored copy: its id, version and title (History, the conflict). */
export type DialogStored = StoredRecord<{ title: string }> & { id: string };

/** What the dialog reads of a translation's copy: its language, version, texts and their English. */
export type DialogTranslation = StoredRecord & TextsOfCopy & { locale: TranslatedLocale };

/** How a save goes: over `version` (default the one the edit started from; the conflict's to overwrite it), and whether it may close the dialog. */
export interface DialogSaveOptions {
  version?: number;
  /** A stored record stays open once saved (a new one still closes). */
  keepOpen?: boolean;
}

/** The toasts of the dialog in `locale`. */
export interface DialogToasts {
  saved(locale: Locale): string;
  submitted(locale: Locale): string;
  backToDraft(locale: Locale): string;
  saveFailed(reason: string, locale: Locale): string;
  translationDeleted(locale: Locale): string;
  translationDeleteFailed(reason: string, locale: Locale): string;
}

/** The props every kind's form takes alike (./record-dialog.tsx gives them). */
export interface DialogFormProps<T> {
  draft: T;
  errors: FieldErrors;
  /** Not stored yet: Save creates it, and it has no history. */
  isNew: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  onHistory: () => void;
  /** Switches the dialog to English (where the shared fields are edited). */
  onEnglish: () => void;
  /** Asks to delete the shown translation; absent in English and while there is none. */
  onDeleteTranslation: (() => void) | undefined;
  /** Saves the record in review (true) or as a plain draft (false): ../posts/review-field.tsx. */
  onReview: (review: boolean) => void;
  /** Where the record stands, above the fields (a translation's progress, "Unsaved changes"). */
  status: ReactNode;
  /** Shown above the fields (the draft kept from an earlier visit, a change made elsewhere). */
  notice: ReactNode;
}

/** What a kind's form is given: the record in one language, and what the dialog does for it. */
export interface RecordFormProps<T, S, C> {
  record: RecordEditor<T>;
  /** The open record's id; null while it is not stored yet. */
  id: string | null;
  locale: Locale;
  /** The stored copy the edit started from; null for a record not stored yet. */
  stored: S | null;
  /** The translation's copy, in Sinhala or Tamil. */
  translation: C | null;
  /** Saves with its toasts (`saved`: the success toast's text); resolves true once saved. */
  save(options?: DialogSaveOptions, saved?: string): Promise<boolean>;
  /** The draft the server last refused with `reason` (a field then says why), if it did. */
  refused(reason: string): T | undefined;
  form: DialogFormProps<T>;
}

/**
 * What differs between the kinds of record the editor dialog edits ("Edit Post", "Edit Page"):
 * one entry per kind (posts/post-dialog-kind.tsx, pages/page-dialog-kind.tsx), read by the one
 * hook (./use-record-dialog.ts) and the one dialog (./record-dialog.tsx), as ../data/record-kinds.ts
 * is by the record store. `T` is the draft, `S` a stored copy, `C` a translation's copy.
 */
export interface RecordDialogKind<T extends DialogDraft, S extends DialogStored, C extends DialogTranslation> {
  /** What the dialog's texts call a record of the kind. */
  noun: "post" | "page";
  /** The record in `locale` (default English); `id` null for one not stored yet. */
  ref(id: string | null, locale?: Locale): RecordRef;
  /** How a record is named in labels: its title, or "Untitled …" while it has none. */
  name(title: string): string;
  /** The dialog's title ("Edit Post"), and, when it differs, while the record is not stored yet ("New Page"). */
  title: string;
  newTitle?: string;
  /** The description while a record is read (`title`: "" when not known yet, as from a link), and when it could not be. */
  opening(title: string): string;
  openFailed(title: string): string;
  /** What the open dialog says Save does in English (for a new record, when it differs). */
  saves: { stored: string; created?: string };
  /** The dialog's width class; a form whose footer sticks to the dialog's bottom takes away its padding there. */
  size: string;
  stickyFooter: boolean;
  toasts: DialogToasts;
  /** Whether a held copy is a translation's. */
  isTranslation(base: StoredRecord): base is C;
  /** The saved versions of record `id` (in `locale`: of its translation), for History. */
  revisions(id: string, locale?: TranslatedLocale): Promise<RevisionSummary[]>;
  /** Deletes the translation of record `id` in `locale`; rejects with the server's reason. */
  deleteTranslation(id: string, locale: TranslatedLocale): Promise<unknown>;
  /** The kind's form, with what only it has (an address, Preview, results). */
  Form: ComponentType<RecordFormProps<T, S, C>>;
}
