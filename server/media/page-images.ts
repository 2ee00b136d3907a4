import { mediaIdOf, type ImageSource, type PageImages } from "#content/page-images.ts";
import type { MediaFile, MediaStore } from "./types.ts";

const SOURCE_TYPES: readonly ImageSource["type"][] = ["image/avif", "image/webp"];

function srcSet(id: string, files: readonly MediaFile[], type: ImageSource["type"]): string {
  return files
    .filter((file) => file.type === type && !file.name.startsWith("original"))
    .sort((a, b) => a.width - b.width)
    .map((file) => `/media/${id}/${file.name} ${file.width}w`)
    .join(", ");
}

/**
 * The uploads among `urls` (any other URL is left out: the page draws it as it is), each with its
 * AVIF and WebP variants and its size, or `null` when its record is gone. One lookup per distinct
 * image; a page shows a few dozen at most.
 */
export async function pageImages(
  media: Pick<MediaStore, "get">,
  urls: Iterable<string | null | undefined>,
): Promise<PageImages> {
  const ids = new Map<string, string[]>();
  for (const url of urls) {
    const id = url ? mediaIdOf(url) : undefined;
    if (id && url) ids.set(id, [...(ids.get(id) ?? []), url]);
  }
  const images: PageImages = {};
  await Promise.all(
    [...ids].map(async ([id, named]) => {
      const item = await media.get(id);
      for (const url of new Set(named)) {
        // The file the field names stays the fallback `src`; its size is the upload's, turned as shown.
        images[url] = item
          ? {
              src: url,
              width: item.width,
              height: item.height,
              sources: SOURCE_TYPES.map((type) => ({ type, srcSet: srcSet(id, item.files, type) })).filter(
                (source) => source.srcSet,
              ),
            }
          : null;
      }
    }),
  );
  return images;
}
