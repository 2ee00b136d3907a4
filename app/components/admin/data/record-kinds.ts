import type { z } from "zod";
import { blogPostSchema, documentSchemas } from "#content/schemas.ts";
import type { BlogPost } from "#content/schemas.ts";
import { documents, type DocumentKey } from "#content/sections.ts";
import type { StoredDocument } from "#content/documents.ts";
import { POST_EVENT_KEY } from "#content/live-events.ts";
import type { PostRecord } from "#content/posts.ts";
import type { ContentSaved } from "#app/lib/event-stream.ts";
import {
  createPost,
  loadDocument,
  loadPost,
  restorePostRevision,
  restoreRevision,
  saveDocument,
  savePost,
} from "./admin-api.ts";
import type { RecordKind, RecordRef, SaveAnswer, StoredRecord } from "./record-ref.ts";

/**
 * How the record store reaches each kind of record: one entry per kind
 * (documents, including the AI settings, and posts), read by the one engine
 * in ./record-store.ts. A new kind is one more entry here.
 */
export interface RecordKindAdapter {
  /** Whether a live `content` event is about a record of this kind. */
  hears(event: ContentSaved): boolean;
  /** The record such an event is about (undefined when the server did not say). */
  idIn(event: ContentSaved): string | undefined;
  /** The ref of a stored copy (what a record not stored yet becomes once saved). */
  refOf(stored: StoredRecord): RecordRef;
  /** The schema the editor checks the draft against. */
  schema(ref: RecordRef): z.ZodType;
  load(id: string): Promise<StoredRecord>;
  /** Saves `data` over `version`; id null stores a new record. */
  save(id: string | null, version: number, data: unknown): Promise<SaveAnswer<StoredRecord>>;
  /** Saves revision `revision` again as the newest version; `basedOn` is the version the admin sees. */
  restore(id: string, revision: number, basedOn: number): Promise<StoredRecord>;
}

export type RecordKinds = Record<RecordKind, RecordKindAdapter>;

const isDocumentKey = (key: string): key is DocumentKey => Object.hasOwn(documents, key);

const documentKind: RecordKindAdapter = {
  hears: (event) => isDocumentKey(event.key),
  idIn: (event) => event.key,
  refOf: (stored) => ({ kind: "document", id: (stored as StoredDocument).key }),
  schema: (ref) => documentSchemas[ref.id as DocumentKey],
  load: (id) => loadDocument(id as DocumentKey),
  save(id, version, data) {
    if (id === null) throw new Error("Every document exists already: it has a key.");
    return saveDocument(id as DocumentKey, version, data);
  },
  restore: (id, revision, basedOn) => restoreRevision(id as DocumentKey, revision, basedOn),
};

const postKind: RecordKindAdapter = {
  hears: (event) => event.key === POST_EVENT_KEY,
  idIn: (event) => (event.key === POST_EVENT_KEY ? event.id : undefined),
  refOf: (stored) => ({ kind: "post", id: (stored as PostRecord).id }),
  schema: () => blogPostSchema,
  load: loadPost,
  async save(id, version, data) {
    // A post carries its own edit time (docs/product.md §3), set as it is sent.
    const post: BlogPost = { ...(data as BlogPost), updatedAt: new Date().toISOString() };
    return id === null ? { kind: "saved", record: await createPost(post) } : savePost(id, version, post);
  },
  restore: restorePostRevision,
};

export const recordKinds: RecordKinds = { document: documentKind, post: postKind };

/** The documents the admin page's loader sends (every one of adminDocumentKeys). */
export type AdminDocuments = Partial<Record<DocumentKey, StoredDocument>>;

/** The loader's documents as records for the store. */
export const documentRecords = (initial: AdminDocuments) =>
  (Object.entries(initial) as [DocumentKey, StoredDocument][]).map(
    ([id, stored]) => [{ kind: "document", id }, stored] as const satisfies readonly [RecordRef, StoredRecord],
  );
