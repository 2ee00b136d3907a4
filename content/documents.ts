import type { DocumentKey } from "./sections.ts";

/**
 * Documents as the content API answers them (GET and PUT /api/content/<key>,
 * /api/ai-settings, their revisions): what the server's document store
 * (server/content/) keeps and the admin's editor reads. Shared by browser and
 * server.
 */

/** Who made a change: an administrator's email, or a system actor such as "setup". */
export type Actor = string | null;

export interface StoredDocument<T = unknown> {
  key: DocumentKey;
  /** 0 when nothing was ever saved and the built-in defaults are returned. */
  version: number;
  data: T;
  updatedAt: string | null;
  updatedBy: Actor;
}

/** One version of a record (a document or a post) in its history. */
export interface RevisionSummary {
  version: number;
  createdAt: string;
  createdBy: Actor;
  /** Set when this version was made by restoring an older one. */
  restoredFrom: number | null;
}

/** A record's history, newest first (GET …/revisions of a document or a post). */
export interface RevisionList {
  revisions: RevisionSummary[];
}
