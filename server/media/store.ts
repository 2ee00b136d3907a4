import type { Kysely, Selectable } from "kysely";
import { DEFAULT_LOCALE, locales, type Locale } from "#content/locales.ts";
import type { MediaAlt } from "#content/media.ts";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import { containing } from "#server/posts/records.ts";
import type { MediaDescription, MediaItem, MediaStore, MediaTables } from "./types.ts";
import { findUses, type UseTables } from "./uses.ts";

type MediaRow = Selectable<MediaTables["media"]>;

/** Only the languages' own, non-empty texts: a language without one reads English's. */
function readAlt(json: string): MediaAlt {
  const parsed = JSON.parse(json) as Record<string, unknown>;
  const alt: MediaAlt = {};
  for (const locale of locales) {
    const text = parsed[locale];
    if (typeof text === "string" && text) alt[locale] = text;
  }
  return alt;
}

/** The alt text a page in `locale` shows: the language's, else English's, else none. */
export const altIn = (alt: MediaAlt, locale: Locale) => alt[locale] || alt.en || "";

/** What the library's search matches: the name and every alt text, lower-cased in JavaScript (same on both databases). */
const searchOf = (name: string, alt: MediaAlt) => [name, ...Object.values(alt)].join(" ").toLowerCase();

/** Now, or just after `previous` when the clock has not moved on: every change gets a new updated_at. */
function laterThan(previous: string): string {
  const now = new Date();
  const last = Date.parse(previous);
  return (Number.isNaN(last) || now.getTime() > last ? now : new Date(last + 1)).toISOString();
}

const toItem = (row: MediaRow): MediaItem => ({
  id: row.id,
  width: row.width,
  height: row.height,
  format: row.format,
  bytes: row.bytes,
  files: JSON.parse(row.files),
  createdAt: row.created_at,
  createdBy: row.created_by,
  uploadedBy: row.uploaded_by,
  name: row.name,
  alt: readAlt(row.alt),
  decorative: row.decorative === 1,
  version: row.version,
  retiredFiles: JSON.parse(row.retired_files),
  updatedAt: row.updated_at,
});

/**
 * Uploaded images' records (their files are in the storage MEDIA_STORAGE names: ./storage.ts),
 * and where they are used (./uses.ts, which reads the documents' and posts' tables).
 */
export function createMediaStore(db: Kysely<MediaTables & UseTables>, dialect: SqlDialect): MediaStore {
  // The same connection, typed with the tables the uses are read from (Kysely's types are invariant).
  const usesDb = db as unknown as Kysely<UseTables>;
  const byId = async (id: string) => {
    const row = await db.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toItem(row) : undefined;
  };
  const store: MediaStore = {
    async add(item) {
      await db
        .insertInto("media")
        .values({
          id: item.id,
          width: item.width,
          height: item.height,
          format: item.format,
          bytes: item.bytes,
          files: JSON.stringify(item.files),
          created_at: item.createdAt,
          created_by: item.createdBy,
          uploaded_by: item.uploadedBy,
          name: item.name,
          alt: "{}",
          search: searchOf(item.name, {}),
          decorative: 0,
          version: 1,
          retired_files: "[]",
          updated_at: item.createdAt,
        })
        .execute();
    },
    get: byId,
    async list() {
      const rows = await db.selectFrom("media").selectAll().orderBy("created_at", "desc").execute();
      return rows.map(toItem);
    },

    async page({ query, unused, ids: only, page = 1, pageSize }) {
      let filtered = db.selectFrom("media");
      if (only) filtered = filtered.where("id", "in", only.length ? [...only] : [""]);
      for (const word of (query ?? "").toLowerCase().split(/\s+/).filter(Boolean))
        filtered = filtered.where("search", "like", containing(word));
      let ids: string[];
      let total: number;
      if (unused) {
        // Which images are used is known only by reading the uses: the whole index, once.
        const used = await findUses(usesDb);
        const all = await filtered.select("id").orderBy("created_at", "desc").orderBy("id", "desc").execute();
        const free = all.map((row) => row.id).filter((id) => !used.has(id));
        total = free.length;
        ids = free.slice((page - 1) * pageSize, page * pageSize);
      } else {
        const counted = await filtered.select((eb) => eb.fn.countAll<string | number>().as("count")).executeTakeFirst();
        total = Number(counted?.count ?? 0);
        const rows = await filtered
          .select("id")
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute();
        ids = rows.map((row) => row.id);
      }
      if (ids.length === 0) return { items: [], total };
      const rows = await db.selectFrom("media").selectAll().where("id", "in", ids).execute();
      const uses = await findUses(usesDb, ids);
      const byRow = new Map(rows.map((row) => [row.id, row]));
      const items = ids
        .map((id) => byRow.get(id))
        .filter((row) => row !== undefined)
        .map((row) => ({ ...toItem(row), uses: uses.get(row.id) ?? [] }));
      return { items, total };
    },

    uses: (ids) => findUses(usesDb, ids),

    async update(id, change, locale) {
      // Compare-and-set on updated_at: two editors changing two languages' alt text at once both land.
      for (;;) {
        const item = await byId(id);
        if (!item) return undefined;
        const name = change.name ?? item.name;
        const alt: MediaAlt = { ...item.alt };
        if (change.alt !== undefined) {
          if (change.alt) alt[locale] = change.alt;
          else delete alt[locale];
        }
        const decorative = change.decorative ?? item.decorative;
        const updatedAt = laterThan(item.updatedAt);
        const result = await db
          .updateTable("media")
          .set({
            name,
            alt: JSON.stringify(alt),
            search: searchOf(name, alt),
            decorative: decorative ? 1 : 0,
            updated_at: updatedAt,
          })
          .where("id", "=", id)
          .where("updated_at", "=", item.updatedAt)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) return { ...item, name, alt, decorative, updatedAt };
      }
    },

    async replaceFiles(id, change) {
      const item = await byId(id);
      if (!item || change.version !== item.version + 1) return undefined;
      const retiredFiles = [...item.retiredFiles, ...item.files];
      const updatedAt = laterThan(item.updatedAt);
      // Only over the version it was based on: of two replacements at once, one wins.
      const result = await db
        .updateTable("media")
        .set({
          width: change.width,
          height: change.height,
          format: change.format,
          bytes: change.bytes,
          files: JSON.stringify(change.files),
          version: change.version,
          retired_files: JSON.stringify(retiredFiles),
          updated_at: updatedAt,
        })
        .where("id", "=", id)
        .where("version", "=", item.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return { ...item, ...change, retiredFiles, updatedAt };
    },

    removeUnused(id) {
      return db.transaction().execute(async (trx) => {
        // PostgreSQL: the row locked first, so a save naming the image (which holds it FOR KEY SHARE
        // until it commits: ./references.ts) is waited for, and the uses read next include it.
        const row = trx.selectFrom("media").select("id").where("id", "=", id);
        if (!(await (dialect === "postgres" ? row.forUpdate() : row).executeTakeFirst())) return "missing";
        const uses = (await findUses(trx as unknown as Kysely<UseTables>, [id])).get(id) ?? [];
        if (uses.length > 0) return uses;
        await trx.deleteFrom("media").where("id", "=", id).execute();
        return "removed";
      });
    },

    async describe(ids, locale) {
      const described = new Map<string, MediaDescription>();
      if (ids.length === 0) return described;
      const rows = await db
        .selectFrom("media")
        .select(["id", "width", "height", "alt", "decorative", "files"])
        .where("id", "in", [...new Set(ids)])
        .execute();
      for (const row of rows) {
        const alt = readAlt(row.alt);
        described.set(row.id, {
          width: row.width,
          height: row.height,
          alt: altIn(alt, locale),
          altLocale: alt[locale] ? locale : DEFAULT_LOCALE,
          decorative: row.decorative === 1,
          files: JSON.parse(row.files),
        });
      }
      return described;
    },
  };
  return store;
}
