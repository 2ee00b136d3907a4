import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers.ts";

// Images' files in the database (MEDIA_STORAGE=database, issue 27; server/media/storage.ts), so that
// instances on one PostgreSQL database need no shared folder. The bytes are the one binary column:
// BLOB on SQLite, bytea on PostgreSQL. No foreign key to `media`: files are stored before their
// record (an upload, a restore), as they are in the folder. Filled by uploads and restores only.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("media_files")
    .addColumn("media_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("data", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
    .addPrimaryKeyConstraint("media_files_pk", ["media_id", "name"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists media_files`.execute(db);
}
