import { confirmedSchema } from "./localize.ts";
import { baseVersion, storedInteger } from "./stored-integer.ts";
import { z } from "./zod.ts";

/**
 * The bodies of the saves of a versioned record (a document, a post, either in another language),
 * one schema for every route that takes them (`PUT /api/content/:key`, `PUT /api/posts/:id`, with
 * or without `?locale=`) and for the admin that sends them.
 */
export const saveBody = z.strictObject({
  version: baseVersion("version (the version your edit is based on) is required."),
  data: z.unknown(),
  /**
   * A save in another language: the English version the editor showed it against (each text is
   * kept with the English text it translates; content/localize.ts `translationFrom`).
   */
  englishVersion: storedInteger("englishVersion", { min: 0 }).optional(),
  /**
   * A save in another language: the texts kept as shown that are still correct for that English
   * ("Still correct"). An English save names none; it reads them only to refuse them in words.
   */
  confirmed: confirmedSchema.optional(),
});

export type SaveBody = z.infer<typeof saveBody>;

/** Why an English save's body is refused (it names what only a save in another language may), or undefined. */
export function refusedInEnglish({ englishVersion, confirmed }: SaveBody): string | undefined {
  if (confirmed !== undefined) return "confirmed is only for a save in another language.";
  if (englishVersion !== undefined) return "englishVersion is only for a save in another language.";
  return undefined;
}

/** A restore's body: the version it is based on (the current one). */
export const restoreBody = z.strictObject({
  version: baseVersion("version (the current version) is required."),
});
