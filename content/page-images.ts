/**
 * Uploaded images as a public page draws them (issue 27, item 5): for each /media/… URL a page's
 * texts hold, the variants the upload made (server/media/process-image.ts), so the page can offer
 * AVIF and WebP at every width with the image's own size, and the image's alt text from the media
 * library. The server resolves them for the page (server/media/page-images.ts);
 * app/components/site/site-image.tsx draws them. Shared by browser and server.
 */

/** One format's files, widest last: `srcSet` as the `srcset` attribute takes it. */
export interface ImageSource {
  type: "image/avif" | "image/webp";
  srcSet: string;
}

/** An uploaded image: the file for browsers without `<picture>`, its size, its variants and its description. */
export interface ResponsiveImage {
  src: string;
  width: number;
  height: number;
  sources: ImageSource[];
  /**
   * The library's alt text in the page's language (`lang: "en"` when only English has one), used
   * instead of what the page would say of it; "" for an image marked decorative; absent when the
   * library has none.
   */
  alt?: { text: string; lang?: "en" };
}

/**
 * The page's uploaded images by the URL its texts hold. `null`: the URL names an upload that no
 * longer exists (deleted after a revision that used it was restored), which the page leaves out
 * rather than draw a broken image.
 */
export type PageImages = Record<string, ResponsiveImage | null>;
