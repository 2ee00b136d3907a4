import { sql, type Kysely } from "kysely";

// Whose upload an image is was told by the uploader's email (a Writer names and describes only
// their own): an account removed and made again with the same email would have inherited them.
// It is the account's id now, as for posts (#content/access.ts `ownership`); the email stays
// for the library to show. An upload whose account is gone is nobody's.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("media").addColumn("uploaded_by", "integer").execute();
  await fillMediaUploaders(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("media").dropColumn("uploaded_by").execute();
}

/** Each image's uploader's account id, from the email it was uploaded by. */
const fillMediaUploaders = (db: Kysely<unknown>) =>
  sql`update media set uploaded_by = (select users.id from users where users.email = media.created_by)
    where uploaded_by is null`.execute(db);

/** A backup taken before it has no uploaders' ids: a restore fills them as the migration did (./index.ts). */
export const restored = fillMediaUploaders;
