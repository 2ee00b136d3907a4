import type { PostTextField, PostTranslationRecord } from "#content/posts.ts";
import { blogPostSchema, type BlogPost } from "#content/schemas.ts";
import { translatablePostFields } from "#content/translatable.ts";
import type { StoredRecord } from "./record-ref.ts";
import { translationCopy } from "./translation-copy.ts";

/**
 * A post in another language as "Edit Post" edits it (issue 25): the post in
 * its English shape with the language's texts, status and publish time, plus
 * its address in that language (`slug`). As a document's translation
 * (./translation-copy.ts), untranslated texts start empty with the English
 * beside them, and go back as English (the server keeps them "not
 * translated"). Date, image, featured and reading time are English's, shown
 * read-only: a save sends them and the server ignores them.
 */

/** The draft of a post in another language: the post, and its address there. */
export type PostTranslationDraft = BlogPost & { slug: string };

/** What a save of a translation may send: its address only when it changes (the server moves it, the old one redirecting). */
export const postTranslationSchema = blogPostSchema.extend({
  slug: blogPostSchema.shape.formerSlugs.unwrap().element.optional(),
});

/** The copy the record store holds of a post's translation. */
export interface PostTranslationCopy extends Omit<PostTranslationRecord, "data"> {
  data: PostTranslationDraft;
  /** The English post's title, excerpt and body at `englishVersion`: hints, and what an empty text is saved as. */
  englishTexts: Record<string, string>;
}

export const isPostTranslationCopy = (record: StoredRecord): record is PostTranslationCopy =>
  "englishTexts" in record && "locale" in record && "slug" in record && !("key" in record);

/** A post's texts as stored (one its schema refuses too): each a string, else "". */
export function postTextsOf(data: unknown): Record<PostTextField, string> {
  const record = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  const text = (field: PostTextField) => (typeof record[field] === "string" ? record[field] : "");
  return Object.fromEntries(translatablePostFields.map((field) => [field, text(field)])) as Record<
    PostTextField,
    string
  >;
}

/** The editor's copy of a post's translation the API sent, given the English texts at its `englishVersion`. */
export function postTranslationCopy(
  answer: PostTranslationRecord,
  englishTexts: Record<PostTextField, string>,
): PostTranslationCopy {
  const withAddress = { ...answer, data: { ...answer.data, slug: answer.slug } };
  return translationCopy(withAddress, englishTexts);
}

/** What a save (or a preview) of a translation's draft sends: empty texts as English, the address only when changed. */
export function postTranslationOutgoing(
  draft: PostTranslationDraft,
  base: PostTranslationCopy,
): BlogPost & { slug?: string } {
  const { slug, ...post } = draft;
  const data: BlogPost = { ...post };
  for (const field of translatablePostFields) {
    const english = base.englishTexts[field];
    if ((data[field] ?? "").trim() === "" && english) data[field] = english;
  }
  return slug === base.slug ? data : { ...data, slug };
}

/** A translation's draft as the preview shows it: the post as every reader takes it, without its address. */
export function previewedTranslation(outgoing: BlogPost & { slug?: string }): BlogPost {
  const { slug: _slug, ...post } = outgoing;
  return post;
}
