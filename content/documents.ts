import type { TextState } from "./localize.ts";
import type { TranslatedLocale } from "./locales.ts";
import type { DocumentKey } from "./sections.ts";

/**
 * Documents as the content API answers them (GET and PUT /api/content/<key>,
 * /api/ai-settings, their revisions): what the server's document store
 * (server/content/) keeps and the admin's editor reads. Shared by browser and
 * server.
 */

/** Who made a change: an administrator's email, or a system actor such as "setup". */
export type Actor = string | null;

export interface StoredDocument<T = unknown, K extends string = DocumentKey> {
  key: K;
  /** 0 when nothing was ever saved and the built-in defaults are returned. */
  version: number;
  data: T;
  updatedAt: string | null;
  updatedBy: Actor;
}

/**
 * A document in a language other than English (GET and PUT
 * /api/content/<key>?locale=si): the English shape with the language's texts
 * (English where none yet); `version` counts the language's own saves.
 */
export interface LocalizedStoredDocument<T = unknown> extends StoredDocument<T> {
  locale: TranslatedLocale;
  /** The English version its untranslated texts and sources are from (send it back with a save). */
  englishVersion: number;
  /** Each text's state, by path: translated, stale ("English changed") or missing (shows English). */
  states: Record<string, TextState>;
  /** The English text of every text path at `englishVersion`: what the editor shows beside each (content/localize.ts `textsByPath`). */
  englishTexts: Record<string, string>;
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
