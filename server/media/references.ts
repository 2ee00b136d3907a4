import { sql, type QueryExecutorProvider } from "kysely";
import { asMediaAddress, mediaAddress, mediaIdsNamedIn, mediaRefOf } from "#content/media.ts";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import { mainFile } from "./files.ts";
import type { MediaFile } from "./types.ts";

/**
 * How content refers to images, in one place (docs/decisions/027-images-by-id.md): which uploads a
 * stored value names, the check every save makes in its transaction that they are in the library,
 * and the data step of migration 0026-images-by-id that turns file addresses into image addresses.
 */

/** One upload a value names, and the path of the text naming it (`features.2.image`, `texts.content.text`). */
export interface ImageMention {
  id: string;
  field: string;
}

/**
 * Every upload the texts of a stored value name (either address form, anywhere in a text). A
 * translation's `source`, the English text it was made from, is not its own and is left out.
 */
export function* imageMentions(value: unknown, path = ""): Generator<ImageMention> {
  if (typeof value === "string") {
    for (const id of mediaIdsNamedIn(value)) yield { id, field: path };
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* imageMentions(item, path ? `${path}.${index}` : String(index));
  } else if (value && typeof value === "object") {
    const translated = "text" in value && "source" in value;
    for (const [key, item] of Object.entries(value)) {
      if (translated && key === "source") continue;
      yield* imageMentions(item, path ? `${path}.${key}` : key);
    }
  }
}

const listed = (items: string[]) =>
  items.length === 1 ? items[0]! : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]!}`;

/**
 * A save (or a restore, `restoredFrom`) naming images that are not in the library: deleted, or never
 * uploaded. Thrown inside the save's transaction, so nothing is stored; the API answers 400 with its
 * message and one issue per field (server/assembly/create-app.ts).
 */
export class MissingImagesError extends Error {
  override name = "MissingImagesError";
  readonly images: readonly ImageMention[];

  constructor(images: readonly ImageMention[], restoredFrom?: number) {
    const addresses = listed([...new Set(images.map((image) => mediaAddress(image.id)))]);
    const fields = listed([...new Set(images.map((image) => image.field))]);
    const many = new Set(images.map((image) => image.id)).size > 1;
    super(
      restoredFrom === undefined
        ? `${fields}: the image${many ? "s" : ""} ${addresses} ${many ? "are" : "is"} not in the media library (${many ? "they" : "it"} may have been deleted). Choose another image; nothing was saved.`
        : `Version ${restoredFrom} cannot be restored: the image${many ? "s" : ""} in ${fields} (${addresses}) ${many ? "have" : "has"} since been deleted from the media library. Restore another version, or choose another image in the editor.`,
    );
    this.images = images;
  }

  /** One issue per field, as a refused field reads (`{path, message}`). */
  get issues(): { path: string; message: string }[] {
    return this.images.map(({ id, field }) => ({
      path: field,
      message: `The image ${mediaAddress(id)} is not in the media library (it may have been deleted).`,
    }));
  }
}

/**
 * The check a save makes inside its transaction (`trx`), before it writes `data`: every upload
 * `data` names must be in the library, or it throws {@link MissingImagesError} and the transaction
 * stores nothing. `restoredFrom`: the version a restore brings back, for the message.
 */
export type ImageCheck = (trx: QueryExecutorProvider, data: unknown, restoredFrom?: number) => Promise<void>;

/**
 * The check, for `dialect`. PostgreSQL: the images' rows are held FOR KEY SHARE until the save
 * commits, as a foreign key would hold them; a delete first locks its row FOR UPDATE
 * (./store.ts `removeUnused`), so it either waits for this save and then finds its use, or this
 * save waits for the delete and then finds the row gone. SQLite: the store's one connection runs
 * one transaction at a time, so the check and the write meet no delete in between.
 */
export function imageCheck(dialect: SqlDialect): ImageCheck {
  return async (trx, data, restoredFrom) => {
    const named = [...imageMentions(data)];
    if (named.length === 0) return;
    const ids = [...new Set(named.map((mention) => mention.id))];
    const { rows } = await sql<{ id: string }>`select id from media where id in (${sql.join(ids)})
      ${dialect === "postgres" ? sql`for key share` : sql``}`.execute(trx);
    const found = new Set(rows.map((row) => row.id));
    const seen = new Set<string>();
    const missing = named.filter(({ id, field }) => {
      const key = `${id} ${field}`;
      if (found.has(id) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (missing.length > 0) throw new MissingImagesError(missing, restoredFrom);
  };
}

/** `value` with every text that is exactly an address changed by `change` (other texts stay as they are). */
function withAddresses(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((item) => withAddresses(item, change));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withAddresses(item, change)]));
  return value;
}

/** Every column that holds content as JSON, with its table's key (the tables' first column). */
const CONTENT_COLUMNS = [
  { table: "documents", key: "key", column: "data" },
  { table: "revisions", key: "id", column: "data" },
  { table: "posts", key: "id", column: "data" },
  { table: "posts", key: "id", column: "summary" },
  { table: "post_revisions", key: "id", column: "data" },
  { table: "post_translations", key: "key", column: "data" },
  { table: "post_translation_revisions", key: "id", column: "data" },
] as const;

const BATCH = 500;
/** `"/media/` and 24 characters in a JSON text: a text that starts with an upload's address (LIKE's `_` is any one character). */
const ADDRESS_START = `%"/media/${"_".repeat(24)}`;

/**
 * Rewrites, in every content column, each text that is exactly an address `change` changes (rows
 * LIKE `pattern` are read, 500 at a time). A row saved meanwhile (an instance of the older version
 * still answering during an upgrade) is left as that save wrote it: the update names the text it
 * read. Returns how many rows changed.
 */
async function rewriteAddresses(db: QueryExecutorProvider, pattern: string, change: (text: string) => string) {
  let changed = 0;
  for (const { table, key, column } of CONTENT_COLUMNS) {
    let after: string | number | undefined;
    for (;;) {
      const { rows } = await sql<{ k: string | number; v: string }>`
        select ${sql.ref(key)} as k, ${sql.ref(column)} as v from ${sql.table(table)}
        where ${sql.ref(column)} like ${pattern} ${after === undefined ? sql`` : sql`and ${sql.ref(key)} > ${after}`}
        order by ${sql.ref(key)} limit ${BATCH}`.execute(db);
      for (const { k, v } of rows) {
        let next: string;
        try {
          next = JSON.stringify(withAddresses(JSON.parse(v), change));
        } catch {
          continue; // Not JSON: the store reports such a row as unreadable; nothing to rewrite.
        }
        if (next === v) continue;
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${next}
          where ${sql.ref(key)} = ${k} and ${sql.ref(column)} = ${v}`.execute(db);
        changed += 1;
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.k;
    }
  }
  return changed;
}

/**
 * Migration 0026-images-by-id's data step (and that of a backup taken before it, restored after:
 * server/db/migrate.ts `upgradeRestoredRows`): every text that is exactly an upload's file
 * address (`/media/<id>/960.webp`) becomes the upload's own (`/media/<id>`), in the documents and
 * their translations, the posts (and their cards), the posts' translations, and every revision of
 * them. A file address inside a longer text (a link in a body) is left as it is: it still reads.
 */
export const referToImagesById = (db: QueryExecutorProvider) =>
  rewriteAddresses(db, `${ADDRESS_START}/%`, (text) => asMediaAddress(text));

/**
 * The way back (0026-images-by-id's `down`): every image address becomes its main file's address
 * now, as the version before read them; the address of an image no longer in the library is left.
 */
export async function referToImagesByFile(db: QueryExecutorProvider): Promise<number> {
  const { rows } = await sql<{ id: string; files: string }>`select id, files from media`.execute(db);
  const main = new Map(rows.map((row) => [row.id, mainFile(JSON.parse(row.files) as MediaFile[]).name]));
  return rewriteAddresses(db, `${ADDRESS_START}"%`, (text) => {
    const ref = mediaRefOf(text);
    const name = ref && !ref.name ? main.get(ref.id) : undefined;
    return name ? `${mediaAddress(ref!.id)}/${name}` : text;
  });
}
