import sharp, { type Metadata, type Sharp } from "sharp";
import type { MediaFile } from "./types.ts";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Refuses decompression bombs: a small file that decodes to a huge picture. */
const MAX_PIXELS = 40_000_000;
export const VARIANT_WIDTHS = [480, 960, 1600];

/** What we accept, by what sharp finds inside the bytes (never by the file name). */
const ORIGINALS: Record<string, { ext: string; type: string }> = {
  jpeg: { ext: "jpg", type: "image/jpeg" },
  png: { ext: "png", type: "image/png" },
  webp: { ext: "webp", type: "image/webp" },
  gif: { ext: "gif", type: "image/gif" },
  avif: { ext: "avif", type: "image/avif" },
};

export const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  Object.values(ORIGINALS).map((o) => [o.ext, o.type]),
);

export class ImageError extends Error {
  override name = "ImageError";
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
  }
}

export interface ProcessedImage {
  width: number;
  height: number;
  format: string;
  files: (MediaFile & { data: Buffer })[];
}

async function sniff(input: Buffer): Promise<{ format: keyof typeof ORIGINALS; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError("This file is not an image. Upload a JPEG, PNG, WebP, AVIF or GIF picture.", 415);
  }
  // AVIF is HEIF with AV1 inside; other HEIF (HEIC) files do not show in browsers.
  const format = meta.format === "heif" ? (meta.compression === "av1" ? "avif" : "heic") : meta.format;
  if (!(format in ORIGINALS)) {
    throw new ImageError(
      `${format.toUpperCase()} images are not supported. Upload a JPEG, PNG, WebP, AVIF or GIF picture.`,
      415,
    );
  }
  if (!meta.width || !meta.height) throw new ImageError("This image has no size; it may be damaged.", 400);
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new ImageError(`This image is ${meta.width}×${meta.height} pixels; keep it under 40 megapixels.`, 413);
  }
  return { format: format as keyof typeof ORIGINALS, width: meta.autoOrient.width, height: meta.autoOrient.height };
}

/**
 * Re-encodes the original (which drops EXIF, GPS and any other metadata) and
 * makes web-sized WebP and AVIF copies. Names are generated: `original.<ext>`,
 * `<width>.webp`, `<width>.avif`.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const { format, width, height } = await sniff(input);
  const base = () => sharp(input, { limitInputPixels: MAX_PIXELS }).rotate();
  const files: ProcessedImage["files"] = [];
  const add = async (name: string, type: string, pipeline: Sharp) => {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    files.push({ name, type, width: info.width, height: info.height, bytes: data.length, data });
  };

  try {
    const original = ORIGINALS[format]!;
    const encoders: Record<string, (s: Sharp) => Sharp> = {
      jpeg: (s) => s.jpeg({ quality: 88, mozjpeg: true }),
      png: (s) => s.png({ compressionLevel: 9 }),
      webp: (s) => s.webp({ quality: 88 }),
      gif: (s) => s.gif(),
      avif: (s) => s.avif({ quality: 70, effort: 4 }),
    };
    await add(`original.${original.ext}`, original.type, encoders[format]!(base()));

    const widths = VARIANT_WIDTHS.filter((w) => w < width);
    if (widths.length < VARIANT_WIDTHS.length) widths.push(width);
    for (const w of widths) {
      await add(`${w}.webp`, "image/webp", base().resize({ width: w }).webp({ quality: 80 }));
      await add(`${w}.avif`, "image/avif", base().resize({ width: w }).avif({ quality: 55, effort: 2 }));
    }
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError("This image could not be read; it may be damaged or truncated.", 400);
  }
  return { width, height, format, files };
}
