import type { MediaFile } from "./types.ts";

/** The resized WebP files of an image: its variants, without the original kept beside them. */
export const webpVariantsOf = (files: readonly MediaFile[]) =>
  files.filter((f) => f.type === "image/webp" && !/(^|-)original\./.test(f.name));

/**
 * An image's main file: its largest WebP variant. What GET /media/<id> leads to, a page draws for
 * browsers without `<picture>`, and the library shows.
 */
export function mainFile(files: readonly MediaFile[]): MediaFile {
  const webp = webpVariantsOf(files);
  return webp.reduce((best, f) => (f.width > best.width ? f : best), webp[0] ?? files[0]!);
}
