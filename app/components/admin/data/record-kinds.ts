import type { z } from "zod";
import { blogPostSchema, documentSchemas } from "#content/schemas.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { DocumentKey } from "#content/sections.ts";
import type { LocalizedStoredDocument, StoredDocument } from "#content/documents.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import type { TextState } from "#content/localize.ts";
import type { SavedEvent } from "#content/live-events.ts";
import type { PostRecord, PostTranslationRecord } from "#content/posts.ts";
import type { LandingPageRecord, LandingPageTranslationRecord } from "#content/landing-page-api.ts";
import { landingPageSchema } from "#content/landing-page-schema.ts";
import {
  createPost,
  loadDocument,
  loadPost,
  loadPostTranslation,
  loadTranslation,
  restorePostRevision,
  restoreRevision,
  saveDocument,
  savePost,
  savePostTranslation,
  saveTranslation,
} from "./admin-api.ts";
import {
  isPostTranslationCopy,
  postTranslationCopy,
  postTranslationOutgoing,
  postTranslationSchema,
  type PostTranslationDraft,
} from "./post-translation-copy.ts";
import {
  createPage,
  loadPage,
  loadPageTranslation,
  restorePageRevision,
  savePage,
  savePageTranslation,
} from "./pages-api.ts";
import {
  documentRef,
  pageRef,
  postRef,
  type RecordKind,
  type RecordRef,
  type SaveAnswer,
  type StoredRecord,
} from "./record-ref.ts";
import { isTranslationCopy, translationCopy, withEnglishForEmpty } from "./translation-copy.ts";

/**
 * How the record store reaches each kind of record: one entry per kind
 * (documents, including the AI settings, posts and team pages, each with their translations),
 * read by the one engine in ./record-store.ts. A new kind is one more entry here.
 */
export interface RecordKindAdapter {
  /** The live event that tells of a save of a record of this kind. */
  event: SavedEvent["type"];
  /** The record such an event is about (undefined when the server did not say which). */
  refIn(event: SavedEvent): RecordRef | undefined;
  /** The ref of a stored copy (what a record not stored yet becomes once saved). */
  refOf(stored: StoredRecord): RecordRef;
  /** The schema the editor checks what a save sends against. */
  schema(ref: RecordRef): z.ZodType;
  /** What a save of `draft`, edited from `base`, sends (a translation's empty texts go as their English). */
  outgoing(draft: unknown, base: StoredRecord): unknown;
  /** The stored record (in `locale`: its texts in that language). */
  load(id: string, locale?: TranslatedLocale): Promise<StoredRecord>;
  /**
   * Saves `data` over `version`; id null stores a new record. `base`, the
   * copy the edit started from, says for a translation its language and the
   * English its texts were edited against; `confirmed`, its outdated texts
   * confirmed as still right for that English.
   */
  save(
    id: string | null,
    version: number,
    data: unknown,
    base?: StoredRecord,
    confirmed?: readonly string[],
  ): Promise<SaveAnswer<StoredRecord>>;
  /** Saves revision `revision` again as the newest version; `basedOn` is the version the admin sees. */
  restore(id: string, revision: number, basedOn: number, locale?: TranslatedLocale): Promise<StoredRecord>;
}

export type RecordKinds = Record<RecordKind, RecordKindAdapter>;

/**
 * The confirmations a translation's save sends: those of texts its base shows as outdated (a draft
 * kept on the device over a copy read since may hold others, which would mean nothing there).
 */
const outdatedOf = (base: { states: Partial<Record<string, TextState>> }, confirmed: readonly string[] = []) =>
  confirmed.filter((path) => base.states[path] === "stale");

/** The editor's copy of a translation the API answered with (which carries its English texts). */
const copyOf = (answer: LocalizedStoredDocument): StoredRecord => translationCopy(answer, answer.englishTexts);

const documentKind: RecordKindAdapter = {
  event: "content",
  refIn: (event) => (event.type === "content" ? documentRef(event.key, event.locale) : undefined),
  refOf(stored) {
    const { key } = stored as StoredDocument;
    return documentRef(key, isTranslationCopy(stored) ? stored.locale : undefined);
  },
  schema: (ref) => documentSchemas[ref.id as DocumentKey],
  outgoing: (draft, base) =>
    isTranslationCopy(base) ? withEnglishForEmpty(base.key, draft, base.englishTexts) : draft,
  load: async (id, locale) =>
    locale ? copyOf(await loadTranslation(id as DocumentKey, locale)) : loadDocument(id as DocumentKey),
  async save(id, version, data, base, confirmed) {
    if (id === null) throw new Error("Every document exists already: it has a key.");
    if (!base || !isTranslationCopy(base)) return saveDocument(id as DocumentKey, version, data);
    const seen = { englishVersion: base.englishVersion, confirmed: outdatedOf(base, confirmed) };
    const answer = await saveTranslation(id as DocumentKey, base.locale, version, data, seen);
    return answer.kind === "saved"
      ? { kind: "saved", record: copyOf(answer.record) }
      : { kind: "conflict", current: copyOf(answer.current) };
  },
  async restore(id, revision, basedOn, locale) {
    const copy = await restoreRevision(id as DocumentKey, revision, basedOn, locale);
    return locale ? copyOf(copy as LocalizedStoredDocument) : copy;
  },
};

/** The editor's copy of a post's translation the API answered with (which carries its English texts). */
const postCopyOf = (answer: PostTranslationRecord): StoredRecord => postTranslationCopy(answer, answer.englishTexts);

const postKind: RecordKindAdapter = {
  event: "post",
  refIn: (event) => (event.type === "post" && event.id !== undefined ? postRef(event.id, event.locale) : undefined),
  refOf: (stored) =>
    isPostTranslationCopy(stored) ? postRef(stored.id, stored.locale) : postRef((stored as PostRecord).id),
  schema: (ref) => (ref.locale ? postTranslationSchema : blogPostSchema),
  outgoing: (draft, base) =>
    isPostTranslationCopy(base) ? postTranslationOutgoing(draft as PostTranslationDraft, base) : draft,
  load: async (id, locale) => (locale ? postCopyOf(await loadPostTranslation(id, locale)) : loadPost(id)),
  async save(id, version, data, base, confirmed) {
    if (id !== null && base && isPostTranslationCopy(base)) {
      const seen = { englishVersion: base.englishVersion, confirmed: outdatedOf(base, confirmed) };
      const answer = await savePostTranslation(id, base.locale, version, data, seen);
      return answer.kind === "saved"
        ? { kind: "saved", record: postCopyOf(answer.record) }
        : { kind: "conflict", current: postCopyOf(answer.current) };
    }
    // A post carries its own edit time (docs/product.md §3), set as it is sent.
    const post: BlogPost = { ...(data as BlogPost), updatedAt: new Date().toISOString() };
    return id === null ? { kind: "saved", record: await createPost(post) } : savePost(id, version, post);
  },
  restore: async (id, revision, basedOn, locale) =>
    locale
      ? postCopyOf(await restorePostRevision<PostTranslationRecord>(id, revision, basedOn, locale))
      : restorePostRevision(id, revision, basedOn),
};

/** A team page's translation as the editor holds it: the API's answer, its untranslated texts emptied. */
export type PageTranslationCopy = LandingPageTranslationRecord;

/** Whether a held copy of a page is its translation (which carries the English texts and their states). */
export const isPageTranslationCopy = (record: StoredRecord): record is PageTranslationCopy =>
  "englishTexts" in record && "states" in record && "locale" in record;

const pageCopyOf = (answer: LandingPageTranslationRecord): StoredRecord => translationCopy(answer, answer.englishTexts);

/**
 * A team page (issue 42), as a post: English at `/api/pages/:id`, each language's texts at
 * `?locale=`, which has the English shape (its shared fields are English's, and ignored on save).
 */
const pageKind: RecordKindAdapter = {
  event: "page",
  refIn: (event) => (event.type === "page" && event.id !== undefined ? pageRef(event.id, event.locale) : undefined),
  refOf: (stored) =>
    pageRef((stored as LandingPageRecord).id, isPageTranslationCopy(stored) ? stored.locale : undefined),
  schema: () => landingPageSchema,
  outgoing: (draft, base) =>
    isPageTranslationCopy(base) ? withEnglishForEmpty("page", draft, base.englishTexts) : draft,
  load: async (id, locale) => (locale ? pageCopyOf(await loadPageTranslation(id, locale)) : loadPage(id)),
  async save(id, version, data, base, confirmed) {
    if (id !== null && base && isPageTranslationCopy(base)) {
      const seen = { englishVersion: base.englishVersion, confirmed: outdatedOf(base, confirmed) };
      const answer = await savePageTranslation(id, base.locale, version, data, seen);
      return answer.kind === "saved"
        ? { kind: "saved", record: pageCopyOf(answer.record) }
        : { kind: "conflict", current: pageCopyOf(answer.current) };
    }
    return id === null
      ? { kind: "saved", record: await createPage(data as LandingPageRecord["data"]) }
      : savePage(id, version, data);
  },
  restore: async (id, revision, basedOn, locale) =>
    locale
      ? pageCopyOf(await restorePageRevision<LandingPageTranslationRecord>(id, revision, basedOn, locale))
      : restorePageRevision(id, revision, basedOn),
};

export const recordKinds: RecordKinds = { document: documentKind, post: postKind, page: pageKind };

/** The documents the admin page's loader sends (every one of adminDocumentKeys, in English). */
export type AdminDocuments = Partial<Record<DocumentKey, StoredDocument>>;

/** The loader's documents as records for the store. */
export const documentRecords = (initial: AdminDocuments) =>
  (Object.entries(initial) as [DocumentKey, StoredDocument][]).map(
    ([id, stored]) => [documentRef(id), stored] as const satisfies readonly [RecordRef, StoredRecord],
  );
