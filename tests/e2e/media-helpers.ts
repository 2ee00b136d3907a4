import sharp from "sharp";
import { expect } from "./fixtures.ts";
import type { Site } from "./fixtures.ts";

/**
 * Uploads a picture of one colour to the media library as the test administrator (POST /api/media),
 * as a JPEG or a PNG of the size given; the upload's id and URL.
 */
export async function uploadImage(
  site: Site,
  { width = 800, height = 500, color = "#0e7490", name = "picture.png" } = {},
): Promise<{ id: string; url: string }> {
  const jpeg = /\.jpe?g$/i.test(name);
  const picture = sharp({ create: { width, height, channels: 3, background: color } });
  const bytes = await (jpeg ? picture.jpeg() : picture.png()).toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: jpeg ? "image/jpeg" : "image/png" }), name);
  const response = await fetch(`${site.url}/api/media`, {
    method: "POST",
    headers: { Cookie: await site.adminCookie(), Origin: site.url },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; url: string };
}
