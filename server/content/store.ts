import type { Kysely } from "kysely";
import { documentDefaults } from "#content/defaults.ts";
import { documentSchemas } from "#content/schemas.ts";
import type { DocumentKey, DocumentOf } from "#content/sections.ts";
import type { StoredDocument } from "#content/documents.ts";
import { toRevisionSummary, type ContentTables, type DocumentStore, type Revision, type SaveResult } from "./types.ts";

/** Freezes an object graph in place, so a shared cached document cannot be changed by a reader. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function defaultsOf(key: DocumentKey): StoredDocument {
  return { key, version: 0, data: structuredClone(documentDefaults[key]), updatedAt: null, updatedBy: null };
}

/**
 * The content documents and their revisions. Current documents are cached in
 * memory: they are read on every page view and change only through a store,
 * this one (a save keeps the document it wrote, so the next reader neither
 * queries nor parses) or, on PostgreSQL, another instance's, which tells this
 * one through the event bus (`forget`, `resync`).
 */
export function createDocumentStore(db: Kysely<ContentTables>): DocumentStore {
  const cache = new Map<DocumentKey, StoredDocument>();
  // Bumped by every invalidation: a read or save that started before one must not cache what it has.
  let generation = 0;
  const forget = (key?: DocumentKey) => {
    generation += 1;
    if (key) cache.delete(key);
    else cache.clear();
  };

  const store: DocumentStore = {
    // Typed by the key: the data was checked against that key's schema as it was read (or is its defaults).
    async get<K extends DocumentKey>(key: K) {
      const cached = cache.get(key) as StoredDocument<DocumentOf<K>> | undefined;
      if (cached) return cached;
      const startedAt = generation;
      const row = await db.selectFrom("documents").selectAll().where("key", "=", key).executeTakeFirst();
      const doc: StoredDocument = row
        ? {
            key,
            version: row.version,
            data: documentSchemas[key].parse(JSON.parse(row.data)),
            updatedAt: row.updated_at,
            updatedBy: row.updated_by,
          }
        : defaultsOf(key);
      // Shared by every reader (a page view reads several documents): frozen, never copied.
      deepFreeze(doc);
      if (startedAt === generation) cache.set(key, doc);
      return doc as StoredDocument<DocumentOf<K>>;
    },

    async save(key, data, baseVersion, actor, restoredFrom): Promise<SaveResult> {
      const startedAt = generation;
      const result = await db.transaction().execute(async (trx): Promise<SaveResult> => {
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
        if (!written) return { ok: false, conflict: defaultsOf(key) };
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
      forget(key);
      if (!result.ok) return { ok: false, conflict: await store.get(key) };
      if (current) cache.set(key, result.document);
      return result;
    },

    forget(key) {
      forget(key);
    },

    async resync() {
      const known = new Map([...cache].map(([key, doc]) => [key, doc.version]));
      forget();
      const rows = await db.selectFrom("documents").select(["key", "version"]).execute();
      const stored = new Map(rows.map((row) => [row.key as DocumentKey, row.version]));
      return [...known]
        .filter(([key, version]) => (stored.get(key) ?? 0) !== version)
        .map(([key]) => ({ key, version: stored.get(key) ?? 0 }));
    },

    async revisions(key) {
      const rows = await db
        .selectFrom("revisions")
        .select(["version", "created_at", "created_by", "restored_from"])
        .where("key", "=", key)
        .orderBy("version", "desc")
        .execute();
      return rows.map(toRevisionSummary);
    },

    async revision(key, version): Promise<Revision | undefined> {
      const row = await db
        .selectFrom("revisions")
        .selectAll()
        .where("key", "=", key)
        .where("version", "=", version)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        key,
        ...toRevisionSummary(row),
        data: JSON.parse(row.data),
      };
    },
  };
  return store;
}
