import type { Kysely, Selectable } from "kysely";
import type { MediaItem, MediaStore, MediaTables } from "./types.ts";

const toItem = (row: Selectable<MediaTables["media"]>): MediaItem => ({
  id: row.id,
  width: row.width,
  height: row.height,
  format: row.format,
  bytes: row.bytes,
  files: JSON.parse(row.files),
  createdAt: row.created_at,
  createdBy: row.created_by,
});

/** Uploaded images' records (their files are in the storage MEDIA_STORAGE names: ./storage.ts). */
export function createMediaStore(db: Kysely<MediaTables>): MediaStore {
  return {
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
        })
        .execute();
    },
    async get(id) {
      const row = await db.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toItem(row) : undefined;
    },
    async list() {
      const rows = await db.selectFrom("media").selectAll().orderBy("created_at", "desc").execute();
      return rows.map(toItem);
    },
  };
}
