import type { Kysely } from "kysely";
import type { ContentTables } from "#server/content/types.ts";
import { movePostsIn } from "#server/posts/move-in.ts";
import type { PostTables } from "#server/posts/types.ts";

// Blog posts still inside the blog document (saved before 0004-posts) get records of their own,
// posts stored before 0011-post-sort-time their time to sort by, and the built-in posts still as
// shipped their Sinhala and Tamil (docs/decisions/009-posts-as-records.md). Until this migration
// every start did it; a database that an older version left so (migrated by `npm run admin`, or
// restored and not started since) is brought up to date here, once. No table changes.

export async function up(db: Kysely<unknown>) {
  await movePostsIn(db as Kysely<ContentTables & PostTables>);
}

export async function down() {
  // Nothing to undo: the version before finds nothing left to move and reads the records.
}

/** A backup taken before it may hold posts in the blog document: a restore moves them in (./index.ts). */
export const restored = up;
