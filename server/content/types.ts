import type { Generated } from "kysely";
import type { Actor, RevisionSummary, StoredDocument } from "#content/documents.ts";
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

export interface Revision<T = unknown> extends RevisionSummary {
  key: DocumentKey;
  data: T;
}

export type SaveResult<T = unknown> =
  { ok: true; document: StoredDocument<T> } | { ok: false; conflict: StoredDocument<T> };

export interface DocumentStore {
  /** The stored document, or the registry's defaults at version 0: a frozen object shared by all readers (copy before changing it). */
  get<K extends DocumentKey>(key: K): Promise<StoredDocument<DocumentOf<K>>>;
  /**
   * Saves `data` (already validated) as a new version when `baseVersion` is
   * the current one; otherwise returns the current document as a conflict.
   * The saved document is what readers get next (frozen, like `get`'s).
   */
  save(key: DocumentKey, data: unknown, baseVersion: number, actor: Actor, restoredFrom?: number): Promise<SaveResult>;
  revisions(key: DocumentKey): Promise<RevisionSummary[]>;
  revision(key: DocumentKey, version: number): Promise<Revision | undefined>;
  /** Drops this process's cached copy of `key` (another instance saved it). */
  forget(key: DocumentKey): void;
  /**
   * Drops every cached document (saves by other instances may have gone
   * unnoticed) and returns those whose stored version differs from the
   * cached copy, so their readers can be told.
   */
  resync(): Promise<{ key: DocumentKey; version: number }[]>;
}

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
