import type { Locale } from "#content/locales.ts";
import type { MediaAlt, MediaUse } from "#content/media.ts";

export interface MediaFile {
  /** Generated file name inside the item's folder, e.g. "960.webp" (a replacement's: "v2-960.webp"). */
  name: string;
  width: number;
  height: number;
  type: string;
  bytes: number;
}

export interface MediaItem {
  id: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
  /** The current version's files: what pages draw. */
  files: MediaFile[];
  createdAt: string;
  /** The account that uploaded it (email), as the library shows it. */
  createdBy: string | null;
  /** That account's id: whose upload it is (#content/access.ts `ownership`); null once it is gone. */
  uploadedBy: number | null;
  /** Display name: the uploaded file's, cleaned (content/media.ts `mediaName`). */
  name: string;
  alt: MediaAlt;
  decorative: boolean;
  /** 1 for the first upload, +1 per replaced file (its files are named `v<version>-…`). */
  version: number;
  /** Earlier versions' files, kept so older revisions still show what they showed (and backed up). */
  retiredFiles: MediaFile[];
  updatedAt: string;
}

/** What a new upload stores (its texts start empty, version 1). */
export type NewMediaItem = Pick<
  MediaItem,
  "id" | "width" | "height" | "format" | "bytes" | "files" | "createdAt" | "createdBy" | "uploadedBy" | "name"
>;

/** The library's list: `?query=` (name or alt text), `?unused=1`, a page of `pageSize`. */
export interface MediaListOptions {
  query?: string | undefined;
  unused?: boolean | undefined;
  /** Only these images (an image field asking about the one it shows). */
  ids?: readonly string[] | undefined;
  page?: number | undefined;
  pageSize: number;
}

/** What a public page needs to draw an image (issue 27 item 5): `describe(ids, locale)`. */
export interface MediaDescription {
  width: number;
  height: number;
  /** In the language asked for, else English; "" when none. */
  alt: string;
  /** The language `alt` is written in. */
  altLocale: Locale;
  decorative: boolean;
  files: MediaFile[];
}

export interface MediaStore {
  add(item: NewMediaItem): Promise<void>;
  get(id: string): Promise<MediaItem | undefined>;
  list(): Promise<MediaItem[]>;
  /** One page of the library, newest first, each image with where it is used. */
  page(options: MediaListOptions): Promise<{ items: (MediaItem & { uses: MediaUse[] })[]; total: number }>;
  /** Where each of `ids` is used (content documents, posts and their translations). */
  uses(ids: readonly string[]): Promise<Map<string, MediaUse[]>>;
  /** Changes the name, the alt text (of `locale`) or the decorative mark; undefined: no such image. */
  update(
    id: string,
    change: { name?: string | undefined; alt?: string | undefined; decorative?: boolean | undefined },
    locale: Locale,
  ): Promise<MediaItem | undefined>;
  /** Makes `files` the image's current version (`version`), keeping the earlier files as retired. */
  replaceFiles(
    id: string,
    change: Pick<MediaItem, "width" | "height" | "format" | "bytes" | "files" | "version">,
  ): Promise<MediaItem | undefined>;
  /**
   * Removes the record when nothing uses the image: "removed", "missing" (there was none), or its
   * uses. The check and the removal are one transaction that a save starting to use the image
   * cannot slip into (./references.ts `imageCheck`). Its files are the storage's to remove.
   */
  removeUnused(id: string): Promise<"removed" | "missing" | MediaUse[]>;
  /** Sizes, alt text (in `locale`, English where it has none) and files of each id that exists, in one query. */
  describe(ids: readonly string[], locale: Locale): Promise<Map<string, MediaDescription>>;
}

/**
 * Uploaded images (0002-owner; name, alt text, versions: 0020-media-library), and their files'
 * bytes when MEDIA_STORAGE=database (0016-media-files; with `local` they live in
 * DATA_DIR/media/<id>/ instead: ./storage.ts).
 */
export interface MediaTables {
  media: {
    id: string;
    width: number;
    height: number;
    format: string;
    bytes: number;
    /** JSON array of {name, width, height, type, bytes}: the current version's. */
    files: string;
    created_at: string;
    created_by: string | null;
    uploaded_by: number | null;
    name: string;
    /** JSON {en, si, ta}: each language's own alt text. */
    alt: string;
    /** Lower-cased name and every alt text: what the library's search matches. */
    search: string;
    decorative: number;
    version: number;
    /** JSON array as `files`: the earlier versions' files. */
    retired_files: string;
    updated_at: string;
  };
  /** One row per file of an image: BLOB on SQLite, bytea on PostgreSQL (not backed up as rows: server/backup/store.ts). */
  media_files: {
    media_id: string;
    /** The generated file name, e.g. "960.webp". */
    name: string;
    type: string;
    data: Buffer;
  };
}
