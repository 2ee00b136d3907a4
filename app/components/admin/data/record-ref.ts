import { isTranslated, type TranslatedLocale, type Locale } from "#content/locales.ts";
import type { DocumentKey } from "#content/sections.ts";

/**
 * What the admin edits, named once: every versioned record (a document, the
 * AI settings, a post, a team page) is a kind plus an id, and for a document's, a post's or a page's
 * texts in another language, that language (issue 25: `document:home@si`,
 * `post:<id>@si`). The record store, the device's drafts, the echo filter and
 * the unsaved-changes guard all key on `recordKey(ref)`, so each language of a
 * record is a record of its own: its drafts, history, conflicts and live
 * updates are apart from the others'. English has no `locale`, so its keys are
 * the ones they always were.
 */
export type RecordRef =
  | { kind: "document"; id: DocumentKey; locale?: TranslatedLocale }
  /** `id` null: a post not stored yet (the server gives it its id when it is first saved), always English. */
  | { kind: "post"; id: string | null; locale?: TranslatedLocale }
  /** A team page (issue 42), as a post: `id` null while not stored yet, always English then. */
  | { kind: "page"; id: string | null; locale?: TranslatedLocale };

export type RecordKind = RecordRef["kind"];

/** Kinds whose records the server names as they are first saved (a post, a team page). */
type CreatedKind = Exclude<RecordKind, "document">;

/**
 * A record's key: `document:home`, `document:home@si`, `post:<id>`, `post:<id>@si` (a page's
 * alike), or `new-post` / `new-page` for the one not stored yet.
 */
export type RecordKey =
  | `document:${DocumentKey}`
  | `document:${DocumentKey}@${TranslatedLocale}`
  | `${CreatedKind}:${string}`
  | `${CreatedKind}:${string}@${TranslatedLocale}`
  | `new-${CreatedKind}`;

/** A document in `locale` (English, the default, has no `locale` in its ref). */
export const documentRef = (id: DocumentKey, locale: Locale = "en"): RecordRef =>
  !isTranslated(locale) ? { kind: "document", id } : { kind: "document", id, locale };
/** A post in `locale`; a post not stored yet (`id` null) is English: it is written in English first. */
export const postRef = (id: string | null, locale: Locale = "en"): RecordRef =>
  !isTranslated(locale) || id === null ? { kind: "post", id } : { kind: "post", id, locale };

/** A team page in `locale`; one not stored yet (`id` null) is English, as a new post is. */
export const pageRef = (id: string | null, locale: Locale = "en"): RecordRef =>
  !isTranslated(locale) || id === null ? { kind: "page", id } : { kind: "page", id, locale };

/** The language of a record other than English, or undefined for English. */
export const localeOf = (ref: RecordRef): TranslatedLocale | undefined => ref.locale;

export function recordKey(ref: RecordRef): RecordKey {
  if (ref.kind === "document") return ref.locale ? `document:${ref.id}@${ref.locale}` : `document:${ref.id}`;
  if (ref.id === null) return `new-${ref.kind}`;
  return ref.locale ? `${ref.kind}:${ref.id}@${ref.locale}` : `${ref.kind}:${ref.id}`;
}

export const sameRecord = (a: RecordRef, b: RecordRef) => recordKey(a) === recordKey(b);

/** Whether `other` is `ref` in any language (`post:abc`, `post:abc@si`, `post:abc@ta`). */
export const inAnyLanguage = (ref: RecordRef) => (other: RecordRef) => other.kind === ref.kind && other.id === ref.id;

/** Whether `translation` is the texts of `english` in another language (`document:home@si` of `document:home`). */
export const isTranslationOf = (translation: RecordRef, english: RecordRef) =>
  localeOf(translation) !== undefined &&
  localeOf(english) === undefined &&
  translation.kind === english.kind &&
  translation.id === english.id;

/** What the server holds of any versioned record (a StoredDocument, a PostRecord, a document's or a post's translation). */
export interface StoredRecord<T = unknown> {
  /** 0: never saved (a document's defaults, a new post). */
  version: number;
  data: T;
  updatedAt: string | null;
  updatedBy: string | null;
  /**
   * A translation's: the English version its untranslated texts and its
   * "English changed" marks were read against. An English save changes the
   * translation as shown without a new version of its own.
   */
  englishVersion?: number;
}

/**
 * Which of two copies of one record is newer: by version, then (a
 * translation) by the English it was read against. Positive when `a` is
 * newer, 0 when they are the same version.
 */
export const compareCopies = (a: StoredRecord, b: StoredRecord) =>
  a.version - b.version || (a.englishVersion ?? 0) - (b.englishVersion ?? 0);

/** The answer to a save: the stored copy, or the newer one that refused it (409). */
export type SaveAnswer<T> = { kind: "saved"; record: T } | { kind: "conflict"; current: T };
