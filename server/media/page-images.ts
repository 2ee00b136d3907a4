import type { Locale } from "#content/locales.ts";
import { mediaRefOf } from "#content/media.ts";
import type { ImageSource, PageImages, ResponsiveImage } from "#content/page-images.ts";
import { mainFile } from "./files.ts";
import type { MediaStorage } from "./storage.ts";
import type { MediaDescription, MediaStore } from "./types.ts";

const SOURCE_TYPES: readonly ImageSource["type"][] = ["image/avif", "image/webp"];

type UrlOf = MediaStorage["urlOf"];

function sources(id: string, image: MediaDescription, urlOf: UrlOf): ImageSource[] {
  return SOURCE_TYPES.map((type) => ({
    type,
    srcSet: image.files
      .filter((file) => file.type === type && !/(?:^|-)original\./.test(file.name))
      .sort((a, b) => a.width - b.width)
      .map((file) => `${urlOf(id, file.name)} ${file.width}w`)
      .join(", "),
  })).filter((source) => source.srcSet);
}

function altOf(image: MediaDescription, locale: Locale): ResponsiveImage["alt"] {
  if (image.decorative) return { text: "" };
  if (!image.alt) return undefined;
  return image.altLocale === locale ? { text: image.alt } : { text: image.alt, lang: "en" };
}

/**
 * The uploads among a page's image addresses (any other address is left out: the page draws it as
 * it is), each with its current main file, AVIF and WebP variants (where the storage serves them:
 * `urlOf`), its size and its alt text in `locale`; `null` when its record is gone. The address
 * content holds, `/media/<id>`, is resolved to the image's files here, as the page is read, so a
 * replaced image shows its new files with no change to the content. One query for the page.
 */
export async function pageImages(
  deps: { media: Pick<MediaStore, "describe">; urlOf: UrlOf },
  urls: Iterable<string | null | undefined>,
  locale: Locale,
): Promise<PageImages> {
  const named = new Map<string, { id: string; name?: string }>();
  for (const url of urls) {
    const ref = url ? mediaRefOf(url) : undefined;
    if (url && ref) named.set(url, ref);
  }
  if (named.size === 0) return {};
  const described = await deps.media.describe([...new Set([...named.values()].map((ref) => ref.id))], locale);
  const images: PageImages = {};
  for (const [url, { id, name }] of named) {
    const image = described.get(id);
    if (!image) {
      images[url] = null;
      continue;
    }
    // A file address of an earlier version (kept in a text from before 0026-images-by-id) is drawn
    // as it is: the variants and size are the current version's.
    if (name !== undefined && !image.files.some((file) => file.name === name)) continue;
    const alt = altOf(image, locale);
    images[url] = {
      src: deps.urlOf(id, name ?? mainFile(image.files).name),
      // The upload's size, turned as shown: the box has its shape before the file arrives.
      width: image.width,
      height: image.height,
      sources: sources(id, image, deps.urlOf),
      ...(alt && { alt }),
    };
  }
  return images;
}
