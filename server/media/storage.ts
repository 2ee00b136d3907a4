import { access, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { MEDIA_FILE_PATTERN, MEDIA_ID_PATTERN } from "#content/media.ts";
import type { Env } from "#server/env.ts";
import { mediaDir } from "#server/lib/data-dir.ts";
import { CONTENT_TYPES } from "./process-image.ts";
import type { MediaTables } from "./types.ts";

export type MediaStorageKind = Env["MEDIA_STORAGE"];

/** A stored file: its bytes and the content type it is served with. */
export interface StoredFile {
  bytes: Uint8Array;
  type: string;
}

/**
 * Where the images' files are kept (MEDIA_STORAGE): the upload route writes
 * them, GET /media/<id>/<name> reads them, backup and restore copy them. The
 * item's record (sizes, file list) is in the `media` table whichever storage
 * holds the bytes. Ids and names are generated (`isMediaFile`); a storage
 * refuses any other.
 */
export interface MediaStorage {
  readonly kind: MediaStorageKind;
  /** Stores (or replaces) one file of an image. */
  put(id: string, name: string, bytes: Uint8Array, type: string): Promise<void>;
  /** The file, or undefined when this storage has no such file. */
  get(id: string, name: string): Promise<StoredFile | undefined>;
  /** Whether this storage has the file (without reading it). */
  has(id: string, name: string): Promise<boolean>;
  /** Removes every file of an image (nothing when it has none). */
  delete(id: string): Promise<void>;
  /**
   * Removes these files of an image, and no other: what a replacement that was refused or failed
   * wrote. A name it does not have is no error; a name the upload never makes refuses the whole call.
   */
  deleteFiles(id: string, names: readonly string[]): Promise<void>;
  /** The address browsers fetch the file at: the site's GET /media/<id>/<name>, or the storage's own public one. */
  urlOf(id: string, name: string): string;
  /**
   * The file as a stream, for GET /media to pass on without holding it whole: a storage
   * across the network has it (S3); the others' `get` is as quick. Undefined when missing.
   */
  open?(id: string, name: string): Promise<{ body: ReadableStream<Uint8Array>; type: string } | undefined>;
  /**
   * Asks the storage one cheap question, at start (./storages.ts): undefined when it answers as it
   * should, else what went wrong. Only a storage across the network has one (S3); the others fail
   * loudly where the site opens them.
   */
  check?(): Promise<MediaStorageProblem | undefined>;
}

/** What a storage's start-up check found wrong; every field is safe to log (never a key). */
export interface MediaStorageProblem {
  /** What happened, as a sentence naming the store, e.g. its refusal. */
  reason: string;
  /** The settings (or permissions) to look at. */
  check: string;
  /** Where and how: the store's address, its bucket, the HTTP status, its error code. */
  [field: string]: string | number | undefined;
}

/** What a stored file is sent with, by the site (GET /media) and by a public bucket alike: its name never changes content. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The site's own address of a stored file (GET /media/<id>/<name>, server/media/routes.ts). */
export const siteMediaUrl = (id: string, name: string) => `/media/${id}/${name}`;

const ID = new RegExp(`^${MEDIA_ID_PATTERN}$`);
const NAME = new RegExp(`^${MEDIA_FILE_PATTERN}$`);

/** Whether `id` and `name` have the shapes the upload gives (so never a path out of the media folder). */
export const isMediaFile = (id: string, name: string) => ID.test(id) && NAME.test(name);

/** The content type of a generated file name, by its extension (as the folder has always been served). */
export const contentTypeOf = (name: string) =>
  CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/** Throws unless `id` (and `name`, when given) have the shapes the upload gives: a storage never writes elsewhere. */
export function checked(id: string, name?: string) {
  if (!ID.test(id) || (name !== undefined && !NAME.test(name)))
    throw new Error(`Not a media file name: ${JSON.stringify(id)}/${JSON.stringify(name ?? "")}`);
}

/**
 * `local`: DATA_DIR/media/<id>/<name>, as before there was a choice. The
 * content type comes from the name; a file that cannot be read is missing.
 */
export function createLocalMediaStorage(dataDir: string): MediaStorage {
  const root = mediaDir(dataDir);
  return {
    kind: "local",
    async put(id, name, bytes) {
      checked(id, name);
      await mkdir(path.join(root, id), { recursive: true });
      await writeFile(path.join(root, id, name), bytes);
    },
    async get(id, name) {
      if (!isMediaFile(id, name)) return undefined;
      try {
        return { bytes: await readFile(path.join(root, id, name)), type: contentTypeOf(name) };
      } catch {
        return undefined;
      }
    },
    async has(id, name) {
      if (!isMediaFile(id, name)) return false;
      return access(path.join(root, id, name)).then(
        () => true,
        () => false,
      );
    },
    async delete(id) {
      checked(id);
      await rm(path.join(root, id), { recursive: true, force: true });
    },
    async deleteFiles(id, names) {
      for (const name of names) checked(id, name);
      await Promise.all(names.map((name) => rm(path.join(root, id, name), { force: true })));
    },
    urlOf: siteMediaUrl,
  };
}

/**
 * `database`: the `media_files` table of the site's database (SQLite or
 * PostgreSQL), so every instance on one PostgreSQL database serves every
 * image with no shared folder. Bytes go in and come out as they are.
 */
export function createDatabaseMediaStorage(db: Kysely<MediaTables>): MediaStorage {
  return {
    kind: "database",
    async put(id, name, bytes, type) {
      checked(id, name);
      const data = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await db
        .insertInto("media_files")
        .values({ media_id: id, name, type, data })
        .onConflict((oc) => oc.columns(["media_id", "name"]).doUpdateSet({ type, data }))
        .execute();
    },
    async get(id, name) {
      if (!isMediaFile(id, name)) return undefined;
      const row = await db
        .selectFrom("media_files")
        .select(["type", "data"])
        .where("media_id", "=", id)
        .where("name", "=", name)
        .executeTakeFirst();
      return row && { bytes: row.data, type: row.type };
    },
    async has(id, name) {
      if (!isMediaFile(id, name)) return false;
      const row = await db
        .selectFrom("media_files")
        .select("name")
        .where("media_id", "=", id)
        .where("name", "=", name)
        .executeTakeFirst();
      return row !== undefined;
    },
    async delete(id) {
      checked(id);
      await db.deleteFrom("media_files").where("media_id", "=", id).execute();
    },
    async deleteFiles(id, names) {
      for (const name of names) checked(id, name);
      // "in ()" is no SQL: nothing named, nothing to do.
      if (names.length === 0) return;
      await db.deleteFrom("media_files").where("media_id", "=", id).where("name", "in", names).execute();
    },
    urlOf: siteMediaUrl,
  };
}

/**
 * Copies the images an earlier version kept in DATA_DIR/media (before
 * MEDIA_STORAGE, or with `local`) into `storage` when that is the database:
 * a PostgreSQL site upgraded to the `database` default keeps every image.
 * Run at start; files already there are skipped, the folder is left as it
 * was (for whoever runs the site to remove). Returns how many files it copied.
 */
export async function moveFolderMediaIn(dataDir: string, storage: MediaStorage): Promise<number> {
  if (storage.kind !== "database") return 0;
  const root = mediaDir(dataDir);
  const ids = await readdir(root).catch(() => [] as string[]);
  let copied = 0;
  for (const id of ids.filter((entry) => ID.test(entry))) {
    const names = await readdir(path.join(root, id)).catch(() => [] as string[]);
    for (const name of names.filter((entry) => NAME.test(entry))) {
      if (await storage.has(id, name)) continue;
      await storage.put(id, name, await readFile(path.join(root, id, name)), contentTypeOf(name));
      copied += 1;
    }
  }
  return copied;
}
