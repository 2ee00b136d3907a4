import type { Generated } from "kysely";
import type { Actor, RevisionSummary, StoredDocument } from "#content/documents.ts";
import type { Translation } from "#content/localize.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import type { DocumentKey, DocumentOf } from "#content/sections.ts";

/** A revision row's summary (documents' and posts' revisions have the same columns). */
export const toRevisionSummary = (row: {
  version: number;
  created_at: string;
  created_by: string | null;
  restored_from: number | null;
}): RevisionSummary => ({
  version: row.version,
  createdAt: row.created_at,
  createdBy: row.created_by,
  restoredFrom: row.restored_from,
});

export interface Revision<T = unknown, K extends string = DocumentKey> extends RevisionSummary {
  key: K;
  data: T;
}

export type SaveResult<T = unknown, K extends string = DocumentKey> =
  { ok: true; document: StoredDocument<T, K> } | { ok: false; conflict: StoredDocument<T, K> };

/** Versioned documents kept by id (server/content/store.ts): the content documents, and their translations. */
export interface VersionedStore<Id, T = unknown, K extends string = string> {
  /** The stored document, or its initial content at version 0: a frozen object shared by all readers (copy before changing it). */
  get(id: Id): Promise<StoredDocument<T, K>>;
  /**
   * Saves `data` (already validated) as a new version when `baseVersion` is
   * the current one; otherwise returns the current document as a conflict.
   * The saved document is what readers get next (frozen, like `get`'s).
   */
  save(id: Id, data: unknown, baseVersion: number, actor: Actor, restoredFrom?: number): Promise<SaveResult<T, K>>;
  revisions(id: Id): Promise<RevisionSummary[]>;
  revision(id: Id, version: number): Promise<Revision<unknown, K> | undefined>;
  /** Drops this process's cached copy of `id` (another instance saved it). */
  forget(id: Id): void;
  /**
   * Drops every cached document (saves by other instances may have gone
   * unnoticed) and returns those whose stored version differs from the
   * cached copy, so their readers can be told.
   */
  resync(): Promise<{ id: Id; version: number }[]>;
}

export interface DocumentStore extends Omit<VersionedStore<DocumentKey, unknown, DocumentKey>, "get"> {
  /** The stored document, or the registry's defaults at version 0: a frozen object shared by all readers (copy before changing it). */
  get<K extends DocumentKey>(key: K): Promise<StoredDocument<DocumentOf<K>>>;
}

/** A document's translation into one language. */
export interface TranslationId {
  key: DocumentKey;
  locale: TranslatedLocale;
}

/** Where a translation is kept in the documents table: `home:si`. */
export const translationRowKey = ({ key, locale }: TranslationId) => `${key}:${locale}`;

export type TranslationStore = VersionedStore<TranslationId, Translation, string>;

/** The content tables: the current version of each document, and every version saved (0001-initial). */
export interface ContentTables {
  documents: {
    key: string;
    version: number;
    data: string;
    updated_at: string;
    updated_by: string | null;
  };
  revisions: {
    id: Generated<number>;
    key: string;
    version: number;
    data: string;
    created_at: string;
    created_by: string | null;
    restored_from: number | null;
  };
}
