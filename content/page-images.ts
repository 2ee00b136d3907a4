/**
 * Uploaded images as a public page draws them (issue 27, item 5): for each /media/… URL a page's
 * texts hold, the variants the upload made (server/media/process-image.ts), so the page can offer
 * AVIF and WebP at every width with the image's own size. The server resolves them for the page
 * (server/media/page-images.ts); app/components/site/site-image.tsx draws them. Shared by browser
 * and server.
 */

/** One format's files, widest last: `srcSet` as the `srcset` attribute takes it. */
export interface ImageSource {
  type: "image/avif" | "image/webp";
  srcSet: string;
}

/** An uploaded image: the file for browsers without `<picture>`, its size, and its variants. */
export interface ResponsiveImage {
  src: string;
  width: number;
  height: number;
  sources: ImageSource[];
}

/**
 * The page's uploaded images by the URL its texts hold. `null`: the URL names an upload that no
 * longer exists (deleted after a revision that used it was restored), which the page leaves out
 * rather than draw a broken image.
 */
export type PageImages = Record<string, ResponsiveImage | null>;

const MEDIA_URL = /^\/media\/([0-9a-f]{24})\/(?:original|[0-9]{1,5})\.(?:webp|avif|jpg|png|gif)$/;

/** The upload a URL names (`/media/<id>/<file>`), or undefined for any other URL. */
export function mediaIdOf(url: string): string | undefined {
  return MEDIA_URL.exec(url)?.[1];
}
