import type { Kysely } from "kysely";
import { documentDefaults } from "#content/defaults.ts";
import { documentSchemas } from "#content/schemas.ts";
import type { DocumentKey } from "#content/sections.ts";
import type { StoredDocument } from "#content/documents.ts";
import { EMPTY_TRANSLATION, translationSchema } from "#content/localize.ts";
import type { ImageCheck } from "#server/media/references.ts";
import { deepFreeze } from "#server/records/read-once.ts";
import {
  toRevisionSummary,
  translationRowKey,
  type ContentTables,
  type DocumentStore,
  type SaveResult,
  type TranslationId,
  type TranslationStore,
  type VersionedStore,
} from "./types.ts";

/** What a versioned store needs to know of the ids it keeps: the row key, how a stored row reads, what an unsaved one is. */
interface VersionedSpec<Id> {
  rowKey(id: Id): string;
  read(id: Id, data: unknown): unknown;
  initial(id: Id): unknown;
}

/**
 * Versioned JSON documents in the `documents` and `revisions` tables: the
 * content documents (`home`) and their translations (`home:si`) alike.
 * Current documents are cached in memory: they are read on every page view and
 * change only through a store, this one (a save keeps the document it wrote, so
 * the next reader neither queries nor parses) or, on PostgreSQL, another
 * instance's, which tells this one through the event bus (`forget`, `resync`).
 */
function createVersionedStore<Id>(
  db: Kysely<ContentTables>,
  spec: VersionedSpec<Id>,
  checkImages: ImageCheck,
): VersionedStore<Id> {
  const cache = new Map<string, StoredDocument<unknown, string>>();
  const ids = new Map<string, Id>();
  // Bumped by every invalidation: a read or save that started before one must not cache what it has.
  let generation = 0;
  const forget = (id?: Id) => {
    generation += 1;
    if (id !== undefined) cache.delete(spec.rowKey(id));
    else cache.clear();
  };
  const initialOf = (id: Id): StoredDocument<unknown, string> => ({
    key: spec.rowKey(id),
    version: 0,
    data: structuredClone(spec.initial(id)),
    updatedAt: null,
    updatedBy: null,
  });

  const store: VersionedStore<Id> = {
    async get(id) {
      const key = spec.rowKey(id);
      const cached = cache.get(key);
      if (cached) return cached;
      const startedAt = generation;
      const row = await db.selectFrom("documents").selectAll().where("key", "=", key).executeTakeFirst();
      const doc: StoredDocument<unknown, string> = row
        ? {
            key,
            version: row.version,
            data: spec.read(id, JSON.parse(row.data)),
            updatedAt: row.updated_at,
            updatedBy: row.updated_by,
          }
        : initialOf(id);
      // Shared by every reader (a page view reads several documents): frozen, never copied.
      deepFreeze(doc);
      ids.set(key, id);
      if (startedAt === generation) cache.set(key, doc);
      return doc;
    },

    async save(id, data, baseVersion, actor, restoredFrom) {
      const key = spec.rowKey(id);
      const startedAt = generation;
      const result = await db.transaction().execute(async (trx): Promise<SaveResult<unknown, string>> => {
        const version = baseVersion + 1;
        const now = new Date().toISOString();
        const json = JSON.stringify(data);
        // Compare-and-set in one statement, so concurrent saves (several
        // PostgreSQL connections or instances) cannot both win: the loser
        // matches no row, or hits the existing key, and gets the conflict.
        const written =
          baseVersion === 0
            ? await trx
                .insertInto("documents")
                .values({ key, version, data: json, updated_at: now, updated_by: actor })
                .onConflict((oc) => oc.column("key").doNothing())
                .returning("version")
                .executeTakeFirst()
            : await trx
                .updateTable("documents")
                .set({ version, data: json, updated_at: now, updated_by: actor })
                .where("key", "=", key)
                .where("version", "=", baseVersion)
                .returning("version")
                .executeTakeFirst();
        if (!written) return { ok: false, conflict: initialOf(id) };
        // Every image it names is in the library, and stays there until this commits (else nothing is stored).
        await checkImages(trx, data, restoredFrom);
        await trx
          .insertInto("revisions")
          .values({ key, version, data: json, created_at: now, created_by: actor, restored_from: restoredFrom ?? null })
          .execute();
        return {
          ok: true,
          document: deepFreeze({ key, version, data: structuredClone(data), updatedAt: now, updatedBy: actor }),
        };
      });
      // Nothing was invalidated while this save ran: what it wrote is the current document.
      const current = startedAt === generation;
      forget(id);
      if (!result.ok) return { ok: false, conflict: await store.get(id) };
      ids.set(key, id);
      if (current) cache.set(key, result.document);
      return result;
    },

    forget(id) {
      forget(id);
    },

    async resync() {
      const known = new Map([...cache].map(([key, doc]) => [key, doc.version]));
      forget();
      const rows = await db.selectFrom("documents").select(["key", "version"]).execute();
      const stored = new Map(rows.map((row) => [row.key, row.version]));
      return [...known]
        .filter(([key, version]) => (stored.get(key) ?? 0) !== version)
        .map(([key]) => ({ id: ids.get(key)!, version: stored.get(key) ?? 0 }));
    },

    async revisions(id) {
      const key = spec.rowKey(id);
      const rows = await db
        .selectFrom("revisions")
        .select(["version", "created_at", "created_by", "restored_from"])
        .where("key", "=", key)
        .orderBy("version", "desc")
        .execute();
      return rows.map(toRevisionSummary);
    },

    async revision(id, version) {
      const key = spec.rowKey(id);
      const row = await db
        .selectFrom("revisions")
        .selectAll()
        .where("key", "=", key)
        .where("version", "=", version)
        .executeTakeFirst();
      if (!row) return undefined;
      return { key, ...toRevisionSummary(row), data: JSON.parse(row.data) };
    },
  };
  return store;
}

/**
 * The content documents (the registry's, sections.ts), each read through its schema; unsaved ones
 * are their built-in content. A save naming an image not in the library throws (`checkImages`).
 */
export function createDocumentStore(db: Kysely<ContentTables>, checkImages: ImageCheck): DocumentStore {
  // Typed by the key: the data was checked against that key's schema as it was read (or is its defaults).
  return createVersionedStore<DocumentKey>(
    db,
    {
      rowKey: (key) => key,
      read: (key, data) => documentSchemas[key].parse(data),
      initial: (key) => documentDefaults[key],
    },
    checkImages,
  ) as DocumentStore;
}

/** The documents' translations (content/localize.ts), one per document and language, at `home:si`; unsaved ones are empty. */
export function createTranslationStore(db: Kysely<ContentTables>, checkImages: ImageCheck): TranslationStore {
  return createVersionedStore<TranslationId>(
    db,
    {
      rowKey: translationRowKey,
      read: (_id, data) => translationSchema.parse(data),
      initial: () => EMPTY_TRANSLATION,
    },
    checkImages,
  ) as TranslationStore;
}
