import sharp from "sharp";
import type { Page } from "@playwright/test";
import { defaultPartners } from "#content/defaults.ts";
import type { PartnersContent } from "#content/schemas.ts";
import { expect, expectNoAxeViolations, openAdmin, test, toast, type Site } from "./admin-tools-helpers.ts";
import { budget } from "../helpers/machine.ts";

test.describe.configure({ timeout: budget(90_000) });

const partner = defaultPartners.partners[0]!;
/** What an image field holds for an upload: the image's address, not one of its files. */
const MEDIA_URL = /^\/media\/[0-9a-f]{24}$/;

async function storedPartners(site: Site) {
  return (await site.read<PartnersContent>("partners")).data;
}

/** Clicks "Upload" and picks this file in the browser's file chooser. */
async function uploadThrough(
  page: Page,
  scope: ReturnType<Page["getByRole"]>,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const choosing = page.waitForEvent("filechooser");
  await scope.getByRole("button", { name: "Upload" }).click();
  const chooser = await choosing;
  expect(await chooser.element().getAttribute("accept")).toBe("image/*");
  await chooser.setFiles(file);
}

async function openEditPartner(page: Page, site: Site) {
  await openAdmin(page, site, "partners");
  await page.getByRole("button", { name: `Edit ${partner.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Partner" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ site }) => {
  await site.save("partners", defaultPartners);
});

test("an uploaded PNG fills the Logo URL, and after saving the logo shows on /partners with long cache headers", async ({
  page,
  site,
}) => {
  const png = await sharp({
    create: { width: 640, height: 320, channels: 4, background: { r: 37, g: 99, b: 235, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const dialog = await openEditPartner(page, site);
  const logo = dialog.getByLabel("Logo URL");
  await expect(logo).toHaveValue(partner.logo);

  const uploaded = page.waitForResponse(
    (response) => response.url().endsWith("/api/media") && response.request().method() === "POST",
  );
  await uploadThrough(page, dialog, { name: "acme-logo.png", mimeType: "image/png", buffer: png });
  expect((await uploaded).status()).toBe(201);
  await expect(logo).toHaveValue(MEDIA_URL);
  const url = await logo.inputValue();
  // Previewed by its library thumbnail, the smallest WebP.
  await expect(dialog.getByRole("img", { name: "Image preview" })).toHaveAttribute("src", `${url}/480.webp`);
  await expectNoAxeViolations(page);

  // A hand-typed address still works, and the upload can be put back.
  await logo.fill(partner.logo);
  await expect(dialog.getByRole("img", { name: "Image preview" })).toHaveAttribute("src", partner.logo);
  await logo.fill(url);

  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("button", { name: "Save Partners Content" }).click();
  await expect(toast(page, "Partners content updated successfully")).toBeVisible();
  expect((await storedPartners(site)).partners.find((p) => p.name === partner.name)?.logo).toBe(url);

  await page.goto(`${site.url}/partners`);
  const image = page.getByRole("img", { name: `${partner.name} logo` });
  // The page draws the image's main file (its largest WebP, here its own width).
  await expect(image).toHaveAttribute("src", `${url}/640.webp`);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // The address itself leads there.
  const served = await fetch(`${site.url}${url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/webp");
  expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  expect(meta).toMatchObject({ format: "webp", width: 640, height: 320 });
});

test("a text file named .png is refused with the server's message and the field stays as it was", async ({
  page,
  site,
}) => {
  const mediaBefore = (await site.server.deps.store.media.list()).length;
  const dialog = await openEditPartner(page, site);
  const logo = dialog.getByLabel("Logo URL");

  await uploadThrough(page, dialog, {
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("just some text, not a picture\n"),
  });
  await expect(
    dialog.getByText("This file is not an image. Upload a JPEG, PNG, WebP, AVIF or GIF picture."),
  ).toBeVisible();
  await expect(logo).toHaveValue(partner.logo);
  await expect(logo).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  expect((await site.server.deps.store.media.list()).length).toBe(mediaBefore);

  // Typing clears the upload's error; Cancel keeps the stored partner as it was.
  await logo.fill(`${partner.logo}?v=2`);
  await expect(dialog.getByText("This file is not an image.", { exact: false })).toBeHidden();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await storedPartners(site)).partners.find((p) => p.name === partner.name)?.logo).toBe(partner.logo);
});

test("a team member's Image URL has the same Upload button", async ({ page, site }) => {
  const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .jpeg()
    .toBuffer();
  await openAdmin(page, site, "about");
  const team = page.getByRole("region", { name: "Team Members" });
  await team.getByRole("button", { name: "Add Team Member" }).click();
  const first = team.getByRole("listitem").first();
  await expect(first.getByLabel("Image URL")).toBeVisible();
  await uploadThrough(page, first, { name: "portrait.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await expect(first.getByLabel("Image URL")).toHaveValue(MEDIA_URL);
  await expect(first.getByRole("img", { name: "Image preview" })).toHaveAttribute(
    "src",
    // Smaller than every width: its one WebP is its own.
    `${await first.getByLabel("Image URL").inputValue()}/400.webp`,
  );
});

test("home features and blog posts upload their images too, and the saved feature shows it on Home", async ({
  page,
  site,
}) => {
  const webp = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .webp()
    .toBuffer();
  await openAdmin(page, site, "home");
  const feature = page.getByRole("list", { name: "Features" }).getByRole("listitem").first();
  await uploadThrough(page, feature, { name: "feature.webp", mimeType: "image/webp", buffer: webp });
  const field = feature.getByLabel("Image URL");
  await expect(field).toHaveValue(MEDIA_URL);
  const url = await field.inputValue();
  await page.getByRole("button", { name: "Save Home Content" }).click();
  await expect(toast(page, "Home content updated successfully")).toBeVisible();
  expect((await site.read<{ features: { image: string }[] }>("home")).data.features[0]!.image).toBe(url);
  await page.goto(site.url);
  await expect(page.locator(`img[src="${url}/800.webp"]`)).toBeVisible();

  await page.goto(`${site.url}/admin?tab=blog`);
  await page.getByRole("button", { name: "Create New Post" }).click();
  await page
    .getByRole("dialog", { name: "Create New Post" })
    .getByRole("button", { name: "Create Empty Post" })
    .click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await uploadThrough(page, editor, { name: "post.webp", mimeType: "image/webp", buffer: webp });
  await expect(editor.getByLabel("Image URL")).toHaveValue(MEDIA_URL);
});
