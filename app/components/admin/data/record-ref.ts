import type { DocumentKey } from "#content/sections.ts";

/**
 * What the admin edits, named once: every versioned record (a document, the
 * AI settings, a post) is a kind plus an id. The record store, the device's
 * drafts, the echo filter and the unsaved-changes guard all key on
 * `recordKey(ref)`. A per-language copy is meant to become a third part of the
 * ref (`locale`) and of the key (`post:abc@si`), not a second engine.
 */
export type RecordRef =
  | { kind: "document"; id: DocumentKey }
  /** `id` null: a post not stored yet (the server gives it its id when it is first saved). */
  | { kind: "post"; id: string | null };

export type RecordKind = RecordRef["kind"];

/** A record's key: `document:home`, `post:<id>`, or `new-post` for the one not stored yet. */
export type RecordKey = `document:${DocumentKey}` | `post:${string}` | "new-post";

export const documentRef = (id: DocumentKey): RecordRef => ({ kind: "document", id });
export const postRef = (id: string | null): RecordRef => ({ kind: "post", id });

export function recordKey(ref: RecordRef): RecordKey {
  if (ref.kind === "document") return `document:${ref.id}`;
  return ref.id === null ? "new-post" : `post:${ref.id}`;
}

export const sameRecord = (a: RecordRef, b: RecordRef) => recordKey(a) === recordKey(b);

/** What the server holds of any versioned record (a StoredDocument, a PostRecord). */
export interface StoredRecord<T = unknown> {
  /** 0: never saved (a document's defaults, a new post). */
  version: number;
  data: T;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** The answer to a save: the stored copy, or the newer one that refused it (409). */
export type SaveAnswer<T> = { kind: "saved"; record: T } | { kind: "conflict"; current: T };
