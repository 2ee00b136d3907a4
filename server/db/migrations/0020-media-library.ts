import { sql, type Kysely } from "kysely";

// The media library (issue 27): each image's display name (its file's, cleaned; the id for those
// uploaded before), alt text per language (JSON {en, si, ta}), the decorative mark, the search
// text, and versions: a replaced file's new variants get new names (`v2-960.webp`) and the
// earlier ones stay listed in `retired_files`, so older revisions still show what they showed.

export async function up(db: Kysely<unknown>) {
  const columns: [string, "text" | "integer", string | number][] = [
    ["name", "text", ""],
    ["alt", "text", "{}"],
    ["search", "text", ""],
    ["decorative", "integer", 0],
    ["version", "integer", 1],
    ["retired_files", "text", "[]"],
    ["updated_at", "text", ""],
  ];
  for (const [name, type, fallback] of columns)
    await db.schema
      .alterTable("media")
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  await sql`update media set name = id, search = id, updated_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const name of ["updated_at", "retired_files", "version", "decorative", "search", "alt", "name"])
    await db.schema.alterTable("media").dropColumn(name).execute();
}
