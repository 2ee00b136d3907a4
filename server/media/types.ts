export interface MediaFile {
  /** Generated file name inside the item's folder, e.g. "960.webp". */
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
  files: MediaFile[];
  createdAt: string;
  /** The administrator who uploaded it (email). */
  createdBy: string | null;
}

export interface MediaStore {
  add(item: MediaItem): Promise<void>;
  get(id: string): Promise<MediaItem | undefined>;
  list(): Promise<MediaItem[]>;
}

/**
 * Uploaded images (0002-owner), and their files' bytes when MEDIA_STORAGE=database
 * (0016-media-files; with `local` they live in DATA_DIR/media/<id>/ instead: ./storage.ts).
 */
export interface MediaTables {
  media: {
    id: string;
    width: number;
    height: number;
    format: string;
    bytes: number;
    /** JSON array of {name, width, height, type, bytes}. */
    files: string;
    created_at: string;
    created_by: string | null;
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
