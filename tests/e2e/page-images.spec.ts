import { expect, test } from "./fixtures.ts";
import { uploadImage } from "./media-helpers.ts";
import { createPost, postData } from "./posts-helpers.ts";

// Uploaded images on public pages (issue 27, item 5): Chromium picks the AVIF variant whose width
// suits the layout, the box has the image's own shape before it arrives, and a phone fetches a
// smaller file than a desktop.

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
  const image = await uploadImage(site, { width: 2400, height: 1350, color: "#c85028", name: "cover.jpg" });
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
