import type { Kysely } from "kysely";
import { referToImagesByFile, referToImagesById } from "#server/media/references.ts";

// Content refers to an image by its id (issue 39; docs/decisions/027-images-by-id.md): every
// text that is exactly an upload's file address (`/media/<id>/960.webp`) becomes `/media/<id>`,
// in the documents, their translations, the posts and their translations, and every revision of
// them; pages resolve it to the image's files as they are read. No table changes. Down: each
// becomes its image's main file's address again, as the version before read them.

export async function up(db: Kysely<unknown>) {
  await referToImagesById(db);
}

export async function down(db: Kysely<unknown>) {
  await referToImagesByFile(db);
}

/** Backups taken before it hold file addresses: a restore rewrites them as the migration did (./index.ts). */
export const restored = referToImagesById;
