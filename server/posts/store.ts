import type { Kysely } from "kysely";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import type { ImageCheck } from "#server/media/references.ts";
import { createPostWrites } from "./post-writes.ts";
import { createPostReadModel } from "./read-model.ts";
import { createPostTranslationStore } from "./translation-store.ts";
import type { PostStore, PostTables } from "./types.ts";

/**
 * Blog posts as records (migration 0004-posts), over one database handle: what the site reads
 * (./read-model.ts), what changes a post (./post-writes.ts), and its translations
 * (./translation-store.ts).
 */
export function createPostStore(db: Kysely<PostTables>, dialect: SqlDialect, checkImages: ImageCheck): PostStore {
  return {
    ...createPostReadModel(db),
    ...createPostWrites(db, checkImages),
    translations: createPostTranslationStore(db, dialect, checkImages),
  };
}
