import sharp from "sharp";
import { expect, test, type Site } from "./fixtures.ts";
import { createPost, postData } from "./posts-helpers.ts";

// Uploaded images on public pages (issue 27, item 5): Chromium picks the AVIF variant whose width
// suits the layout, the box has the image's own shape before it arrives, and a phone fetches a
// smaller file than a desktop.

async function upload(site: Site, width: number, height: number): Promise<{ id: string; url: string }> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "cover.jpg");
  const response = await fetch(`${site.url}/api/media`, {
    method: "POST",
    headers: { Cookie: await site.adminCookie(), Origin: site.url },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; url: string };
}

/** The file the browser chose for the post's cover, once it has loaded, and the drawn box. */
async function coverShown(page: import("@playwright/test").Page, title: string) {
  const cover = page.getByRole("img", { name: title }).last();
  await expect(cover).toHaveJSProperty("complete", true);
  return cover.evaluate((img: HTMLImageElement) => ({
    src: new URL(img.currentSrc).pathname,
    box: img.getBoundingClientRect().width,
  }));
}

test("a post's cover arrives as AVIF, sized for the screen", async ({ browser, site }) => {
  const image = await upload(site, 2400, 1350);
  const post = await createPost(
    site,
    postData({ title: "Tea Country Rebrand", image: image.url, date: "2031-03-01", status: "published" }),
  );
  // A fresh browser each time: one that holds a larger file already may show it instead.
  for (const [viewport, file] of [
    [{ width: 1280, height: 900 }, "960.avif"],
    [{ width: 390, height: 844 }, "480.avif"],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${site.url}/blog/${post.slug}`);
    const shown = await coverShown(page, "Tea Country Rebrand");
    expect(shown.src).toBe(`/media/${image.id}/${file}`);
    expect(shown.box).toBeLessThanOrEqual(Math.min(viewport.width, 768));
    await context.close();
  }
});
