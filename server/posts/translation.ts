import { z } from "zod";
import { localize, translationFrom, type TextState } from "#content/localize.ts";
import type { PostTextField } from "#content/posts.ts";
import { POST_STATUSES, blogPostSchema, type BlogPost } from "#content/schemas.ts";
import { translatablePostFields } from "#content/translatable.ts";

/**
 * A post's translation into one language (issue 25): its texts, each kept with the English text
 * it translates (as content/localize.ts keeps a document's), its own status, publish time and
 * address. Everything else of the post (date, image, featured, placement, reading time) is the
 * English post's, edited once, in English.
 */

const { shape } = blogPostSchema;
/** A post's address: lowercase ASCII words and single dashes, as the English post's. */
const slugText = shape.formerSlugs.unwrap().element;

/** One translated text and the English text it translates. */
const entry = <T extends z.ZodType<string>>(text: T) => z.strictObject({ text, source: z.string() });

export const postTranslationDataSchema = z.strictObject({
  slug: slugText,
  status: z.enum(POST_STATUSES),
  publishAt: shape.publishAt,
  /** In review in this language (issue 28): only a draft keeps it, as the English post's. */
  review: shape.review,
  texts: z.strictObject({
    title: entry(shape.title).optional(),
    excerpt: entry(shape.excerpt).optional(),
    content: entry(shape.content).optional(),
    imageAlt: entry(shape.imageAlt.unwrap()).optional(),
  }),
  /** Addresses it had in the language before a rename, oldest first (answered with a 301). */
  formerSlugs: shape.formerSlugs,
});

export type PostTranslationData = z.infer<typeof postTranslationDataSchema>;
export type PostTranslationTexts = PostTranslationData["texts"];
/** A post's translatable texts, each a string ("" for an alt text the post does not give). */
export type PostTexts = Record<PostTextField, string>;

/**
 * What a save in a language sends as `data`: the post in its English shape, as the API answers it,
 * optionally with the `slug` it asks for. The texts are checked and cleaned as the English post's;
 * the status is required (a translation is published only when someone says so); the fields shared
 * with English are checked as English checks them, and ignored.
 */
export const postTranslationInputSchema = z.strictObject({
  title: shape.title,
  excerpt: shape.excerpt,
  content: shape.content,
  imageAlt: shape.imageAlt,
  status: z.enum(POST_STATUSES, { error: 'status must be "draft" or "published".' }),
  publishAt: shape.publishAt,
  review: shape.review,
  slug: slugText.optional(),
  formerSlugs: shape.formerSlugs,
  date: shape.date.optional(),
  readTime: shape.readTime.optional(),
  image: shape.image.optional(),
  featured: shape.featured.optional(),
  placementId: shape.placementId.optional(),
  updatedAt: shape.updatedAt,
});

export type PostTranslationInput = z.infer<typeof postTranslationInputSchema>;

export const postTextFields: readonly PostTextField[] = translatablePostFields;

export interface LocalizedPost {
  /** The English post with the language's texts, status, publish time and former addresses. */
  data: BlogPost;
  states: Partial<Record<PostTextField, TextState>>;
  /** The texts shown in English. */
  english: PostTextField[];
}

/** Post `english` in the language of `translation` (none: not translated, a draft with the English texts). */
export function localizePost(english: BlogPost, translation: PostTranslationData | undefined): LocalizedPost {
  const shown = localize("post", textsOf(english), { texts: translation?.texts ?? {} });
  const states = shown.states as LocalizedPost["states"];
  const texts: Partial<PostTexts> = {};
  for (const field of postTextFields)
    if (states[field] && states[field] !== "missing") texts[field] = shown.data[field];
  const { publishAt: _publishAt, formerSlugs: _formerSlugs, review: _review, ...shared } = english;
  const post: BlogPost = {
    ...shared,
    ...texts,
    status: translation?.status ?? "draft",
    ...(translation?.publishAt !== undefined && { publishAt: translation.publishAt }),
    ...(translation?.review === true && { review: true }),
    ...(translation?.formerSlugs && translation.formerSlugs.length > 0 && { formerSlugs: translation.formerSlugs }),
  };
  // In the schema's order, as the English post reads.
  const data = Object.fromEntries(
    Object.keys(shape)
      .filter((field) => field in post)
      .map((field) => [field, post[field as keyof BlogPost]]),
  ) as unknown as BlogPost;
  return { data, states, english: shown.english as PostTextField[] };
}

/**
 * The texts a save in the language stores: content/localize.ts `translationFrom`, the one rule for
 * documents and posts, over a post's texts (`seen`: the English the editor showed them against).
 */
export function translatedTexts(
  seen: PostTexts,
  submitted: PostTexts,
  previous: PostTranslationTexts,
  confirmed: ReadonlySet<string> = new Set(),
): PostTranslationTexts {
  return translationFrom("post", seen, submitted, { texts: previous }, undefined, confirmed).texts;
}

/** The translation of texts `english` into `translated` (a built-in post's): each text that differs. */
export function builtInTexts(english: PostTexts, translated: PostTexts): PostTranslationTexts {
  const texts: PostTranslationTexts = {};
  for (const field of postTextFields) {
    if (translated[field] !== "" && translated[field] !== english[field])
      texts[field] = { text: translated[field], source: english[field] };
  }
  return texts;
}

/** The texts of a post stored as it may be (one its schema refuses too): strings, else "". */
export function textsOf(data: unknown): PostTexts {
  const record = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  const text = (field: PostTextField) => (typeof record[field] === "string" ? record[field] : "");
  return { title: text("title"), excerpt: text("excerpt"), content: text("content"), imageAlt: text("imageAlt") };
}
