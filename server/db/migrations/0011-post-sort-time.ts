import { sql, type Kysely } from "kysely";

// Posts without an updatedAt of their own (sent through the API) had "" as sort_updated and
// sorted below every other post of their date, oldest first. Now it is when they are
// published, or else when their record was created (server/posts/post-writes.ts; posts restored
// from a backup taken before this get theirs from 0028-posts-move-in).

export async function up(db: Kysely<unknown>) {
  await sql`update posts set sort_updated = coalesce(publish_at, created_at) where sort_updated = ''`.execute(db);
}

export async function down() {
  // Nothing to undo: earlier code sorts by these times as by any post's own updatedAt.
}
