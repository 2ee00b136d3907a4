/**
 * An uploaded image as the media API (POST /api/media, server/media/routes.ts)
 * answers it and the admin's image fields read it. Shared by browser and server.
 */

export interface UploadedImage {
  id: string;
  /** The largest WebP variant: what goes into an image field. */
  url: string;
  width: number;
  height: number;
  original: { width: number; height: number; format: string };
  /** Every file made from the upload (sizes and formats). */
  variants: { url: string; width: number; height: number; type: string; bytes: number }[];
}
