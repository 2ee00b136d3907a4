/**
 * Uploaded images as the media API (server/media/routes.ts) answers them and the admin's
 * image fields, Media screen and picker read them (issue 27). Shared by browser and server.
 */
import type { Locale } from "./locales.ts";
import { storableText } from "./storable-text.ts";
import { z } from "./zod.ts";

/** An upload's id: generated, 24 hex digits (server/media/routes.ts). */
export const MEDIA_ID_PATTERN = "[0-9a-f]{24}";
/**
 * A replaced image's files start with its version and a tag drawn for that replacement
 * (`v2-9f3a6c01-960.webp`): new names, so every URL stays immutable, and two replacements at the
 * same moment never write the same file (the one that loses leaves its own files unused). Files of
 * replacements made before the tag existed read `v2-960.webp`.
 */
const VERSION_PREFIX = "v[0-9]{1,5}-(?:[0-9a-f]{8}-)?";
/** A generated file of an upload: its version's prefix (none for the first), `original` or a width, its format. */
export const MEDIA_FILE_PATTERN = `(?:${VERSION_PREFIX})?(?:original|[0-9]{1,5})\\.(?:webp|avif|jpg|png|gif)`;

const MEDIA_PATH = new RegExp(`^/media/(${MEDIA_ID_PATTERN})(?:/(${MEDIA_FILE_PATTERN}))?$`);

/**
 * The address content holds for an upload: its id alone (docs/decisions/027-images-by-id.md). Pages
 * resolve it to the image's current files when they are read (server/media/page-images.ts), and
 * GET /media/<id> leads to its main file, so replacing the image changes nothing that points at it.
 */
export const mediaAddress = (id: string) => `/media/${id}`;

/**
 * The upload a site address names: `/media/<id>` (`name` undefined), or one of its files,
 * `/media/<id>/<file>` (the form texts held before 0026-images-by-id, which still reads); else undefined.
 */
export function mediaRefOf(url: string): { id: string; name?: string } | undefined {
  const match = MEDIA_PATH.exec(url);
  if (!match) return undefined;
  return match[2] ? { id: match[1]!, name: match[2] } : { id: match[1]! };
}

/**
 * An address as content keeps it: an upload's file address becomes the upload's own (`/media/<id>`),
 * any other is left as it is. Address fields apply it as they are read and saved (content/schemas.ts).
 */
export function asMediaAddress(url: string): string {
  const ref = mediaRefOf(url);
  return ref?.name ? mediaAddress(ref.id) : url;
}

const MEDIA_MENTION = new RegExp(`/media/(${MEDIA_ID_PATTERN})(?![0-9A-Za-z])`, "g");

/** The id of every upload a text names, in either form, wherever it stands in the text (a field, a link in a body). */
export const mediaIdsNamedIn = (text: string): string[] =>
  // Most texts name none: the plain search is the cheap way to say so (the library's "Unused" reads every post).
  text.includes("/media/") ? [...text.matchAll(MEDIA_MENTION)].map((match) => match[1]!) : [];

export interface UploadedImage {
  id: string;
  /** The image's address (`/media/<id>`): what goes into an image field. */
  url: string;
  /** Its main file now (the largest WebP variant), to draw it. */
  file: string;
  width: number;
  height: number;
  original: { width: number; height: number; format: string };
  /** Every file made from the upload (sizes and formats). */
  variants: { url: string; width: number; height: number; type: string; bytes: number }[];
}

/**
 * Where an image is used: a content tab's document (`key` is the document, `id` the same), a
 * post (`key` is its address, `id` its id) or a team page (`key` is its address, `id` its id); `field` is the path of the text that names it
 * (`features.2.image`, `content`), and `locale` is set when it is a language's own text.
 */
export interface MediaUse {
  kind: "content" | "post" | "page";
  key: string;
  id: string;
  field: string;
  locale?: Locale;
}

/** An image's alt text per language: English first, the others fall back to it (docs/decisions/020-languages.md). */
export type MediaAlt = Partial<Record<Locale, string>>;

/** One image of the library (GET /api/media), its texts in the language asked for. */
export interface LibraryImage {
  id: string;
  /** The image's address (`/media/<id>`): what an image field holds. */
  url: string;
  /** Its main file now (the largest WebP variant of its current version), to draw it. */
  file: string;
  /** A small variant for thumbnails. */
  thumbnail: string;
  name: string;
  width: number;
  height: number;
  /** Every file of its current version together. */
  bytes: number;
  /** In the language asked for, else English; "" when it has none. */
  alt: string;
  /** Every language's own alt text (a language without one reads English's). */
  alts: MediaAlt;
  decorative: boolean;
  /** How many times its file was replaced (1: the first upload). */
  version: number;
  uses: MediaUse[];
  createdAt: string;
  updatedAt: string;
}

export interface MediaPage {
  media: LibraryImage[];
  total: number;
  page: number;
  pages: number;
}

/** What GET /api/media answers at most per page. */
export const MEDIA_PAGE_SIZE = 24;

/** The answer to a delete refused because the image is used (409). */
export interface MediaInUse {
  error: string;
  uses: MediaUse[];
}

export const MAX_MEDIA_NAME = 120;
export const MAX_ALT = 300;

/**
 * A display name from an uploaded file's name: no folders, no control characters, spaces
 * folded, at most MAX_MEDIA_NAME characters; `fallback` when nothing is left.
 */
export function mediaName(fileName: string, fallback: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const cleaned = storableText(base)
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_MEDIA_NAME)
    .trim();
  return cleaned || fallback;
}

/** PUT /api/media/:id: what may change of an image's record (all optional; `alt` is the `?locale=` language's). */
export const mediaUpdateSchema = z.strictObject({
  name: z
    .string({ error: "name must be text." })
    .overwrite((value) => mediaName(value, ""))
    .pipe(
      z
        .string()
        .min(1, "Give the image a name.")
        .max(MAX_MEDIA_NAME, `Keep the name under ${MAX_MEDIA_NAME} characters.`),
    )
    .optional(),
  alt: z
    .string({ error: "alt must be text." })
    .overwrite((value) => storableText(value).replace(/\s+/g, " ").trim())
    .pipe(z.string().max(MAX_ALT, `Keep the alt text under ${MAX_ALT} characters.`))
    .optional(),
  decorative: z.boolean({ error: "decorative must be true or false." }).optional(),
});
export type MediaUpdate = z.output<typeof mediaUpdateSchema>;

/** Bulk delete (POST /api/media/delete): the images to remove; used ones are refused and listed. */
export const mediaBulkDeleteSchema = z.strictObject({
  ids: z
    .array(z.string().regex(/^[0-9a-f]{24}$/, "ids must be image ids."), { error: "ids must be a list of image ids." })
    .min(1, "Choose at least one image.")
    .max(500, "Delete at most 500 images at a time."),
});

/** The image id in a media address (`/media/<id>`, or one of its files), or undefined when the address is not an upload. */
export function mediaIdIn(url: string): string | undefined {
  return mediaRefOf(url.trim())?.id;
}
