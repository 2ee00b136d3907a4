import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openAdmin, test, toast, type Site } from "./admin-tools-helpers.ts";
import { budget } from "../helpers/machine.ts";

test.describe.configure({ timeout: budget(120_000) });

const png = (color: string) =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: color } })
    .png()
    .toBuffer();

/** Where screenshots go when SCREENSHOTS is set (a folder). */
const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
};

async function openMedia(page: Page, site: Site) {
  await openAdmin(page, site, "home");
  await page.getByRole("link", { name: "Media" }).click();
  await expect(page.getByRole("heading", { name: "Media", level: 2 })).toBeVisible();
}

test("upload several, describe one, pick it into an image field, and deleting it is refused while used", async ({
  page,
  site,
}) => {
  await openMedia(page, site);
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload images" }).click();
  await (
    await choosing
  ).setFiles([
    { name: "harbour.png", mimeType: "image/png", buffer: await png("#0369a1") },
    { name: "tea fields.png", mimeType: "image/png", buffer: await png("#15803d") },
    { name: "lotus.png", mimeType: "image/png", buffer: await png("#be185d") },
  ]);
  const uploads = page.getByRole("list", { name: "Uploads" });
  await expect(uploads.getByText("Uploaded")).toHaveCount(3, { timeout: budget(30_000) });
  const images = page.getByRole("list", { name: "Images" });
  await expect(images.getByRole("listitem")).toHaveCount(3);
  await expect(images.getByText("No alt text")).toHaveCount(3);
  await expectNoAxeViolations(page);
  await shot(page, "media-1280");

  // Alt text in English and Sinhala.
  await images.getByRole("button", { name: "Edit tea fields.png" }).click();
  const detail = page.getByRole("dialog", { name: "tea fields.png" });
  await detail.getByLabel("Alt text in English").fill("Tea fields in the hill country");
  await detail.getByRole("radio", { name: "සිංහල" }).click();
  await detail.getByLabel("Alt text in Sinhala").fill("කඳුකරයේ තේ වතු");
  await detail.getByRole("button", { name: "Save details" }).click();
  await expect(toast(page, "The image's details are saved.")).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "media-detail-1280");
  await page.keyboard.press("Escape");
  await expect(images.getByText("No alt text")).toHaveCount(2);
  await page.getByRole("searchbox", { name: "Search images by name or alt text" }).fill("hill country");
  await expect(images.getByRole("listitem")).toHaveCount(1);
  const stored = (await site.server.deps.store.media.list()).find((m) => m.name === "tea fields.png")!;
  expect(stored.alt).toEqual({ en: "Tea fields in the hill country", si: "කඳුකරයේ තේ වතු" });

  // Pick it into Home's first feature image, and save.
  await openAdmin(page, site, "home");
  const field = page.getByRole("list", { name: "Features" }).getByRole("listitem").first();
  await field.getByRole("button", { name: "Choose from library" }).click();
  const picker = page.getByRole("dialog", { name: "Choose from library" });
  await expect(picker.getByRole("listitem")).toHaveCount(3);
  await expectNoAxeViolations(page);
  await shot(page, "picker-1280");
  await picker.getByRole("searchbox").fill("tea");
  await expect(picker.getByRole("listitem")).toHaveCount(1);
  await picker.getByRole("button", { name: "Choose tea fields.png" }).click();
  const url = await field.getByLabel("Image URL").inputValue();
  expect(url).toBe(`/media/${stored.id}`);
  await page.getByRole("button", { name: "Save Home Content" }).click();
  await expect(toast(page, /Home content updated/)).toBeVisible();
  expect((await site.read<{ features: { image: string }[] }>("home")).data.features[0]!.image).toBe(url);

  // The public page says of it what the library says, in the page's language.
  const visitor = await page.context().newPage();
  await visitor.goto(`${site.url}/`);
  await expect(visitor.getByRole("img", { name: "Tea fields in the hill country" })).toBeVisible();
  await visitor.goto(`${site.url}/si`);
  await expect(visitor.getByRole("img", { name: "කඳුකරයේ තේ වතු" })).toBeVisible();
  await visitor.close();

  // A field showing an upload without alt text says so.
  const second = page.getByRole("list", { name: "Features" }).getByRole("listitem").nth(1);
  await second.getByRole("button", { name: "Choose from library" }).click();
  await picker.getByRole("button", { name: "Choose lotus.png" }).click();
  await expect(second.getByText("No alt text")).toBeVisible();
  await expect(field.getByText("No alt text")).toHaveCount(0);
  // Each use can say its own; an empty field says what the library's text is.
  await expect(field.getByLabel("Alt text")).toHaveAccessibleDescription(
    /Leave empty to use the media library's alt text: “Tea fields in the hill country”/,
  );
  await second.getByLabel("Alt text").fill("A lotus in bloom");
  await expect(second.getByText("No alt text")).toHaveCount(0);

  // Deleting the used image is refused, with where it is used.
  await page.goto(`${site.url}/admin/media`);
  await page.getByRole("list", { name: "Images" }).getByRole("button", { name: "Edit tea fields.png" }).click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Home: Feature 1 image" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText("This image is used in 1 place.");
  expect((await site.server.deps.store.media.get(stored.id))?.id).toBe(stored.id);
});

test("the Media screen and picker at 390 px", async ({ page, site }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openMedia(page, site);
  await expect(page.getByRole("list", { name: "Images" }).getByRole("listitem").first()).toBeVisible();
  await expectNoAxeViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shot(page, "media-390");
  await page.getByRole("list", { name: "Images" }).getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await shot(page, "media-detail-390");
  await page.keyboard.press("Escape");
  await openAdmin(page, site, "home");
  await page
    .getByRole("list", { name: "Features" })
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: "Choose from library" })
    .click();
  await expect(page.getByRole("dialog", { name: "Choose from library" }).getByRole("listitem").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "picker-390");
});

test("an image's own alt text for one use: written in English, translated in Sinhala, said on each page", async ({
  page,
  site,
}) => {
  const SINHALA_ALT = "ශ්\u200Dරී ලංකාවේ, කොළඹ පැවති අපගේ උපාය මාර්ග වැඩමුළුව";
  await openAdmin(page, site, "home");
  // The third feature keeps its built-in picture (the test above put an upload in the first).
  const feature = page.getByRole("list", { name: "Features" }).getByRole("listitem").nth(2);
  const alt = feature.getByLabel("Alt text");
  // Not an upload: the page's own description stands when the field is empty.
  await expect(alt).toHaveAccessibleDescription(/Leave empty for the page's own description/);
  await alt.fill("Our strategy workshop in Colombo");
  await page.getByRole("button", { name: "Save Home Content" }).click();
  await expect(toast(page, /Home content updated/)).toBeVisible();
  type Home = { features: { imageAlt?: string }[] };
  expect((await site.read<Home>("home")).data.features[2]!.imageAlt).toBe("Our strategy workshop in Colombo");
  await expectNoAxeViolations(page);
  await shot(page, "use-alt-1280");

  // In Sinhala the image is shared; its alt text for this use is one more text to translate.
  await page.getByRole("radio", { name: "සිංහල" }).click();
  const translated = feature.getByLabel("Alt text");
  await expect(translated).toHaveValue("");
  await expect(translated).toHaveAttribute("placeholder", "Our strategy workshop in Colombo");
  await expect(feature.getByLabel("Image URL")).toHaveCount(0);
  await translated.fill(SINHALA_ALT);
  await page.getByRole("button", { name: /^Save Home/ }).click();
  await expect(toast(page, /Home \(සිංහල\) content updated/)).toBeVisible();
  await expectNoAxeViolations(page);
  // Stored as typed, the zero-width joiner of ශ්‍රී included.
  const sinhala = await fetch(`${site.url}/api/content/home?locale=si`, {
    headers: { Cookie: await site.adminCookie() },
  });
  const read = (await sinhala.json()) as { data: Home; states: Record<string, string> };
  expect(read.data.features[2]!.imageAlt).toBe(SINHALA_ALT);
  expect(read.states["features.2.imageAlt"]).toBe("translated");

  const visitor = await page.context().newPage();
  await visitor.goto(`${site.url}/`);
  await expect(visitor.getByRole("img", { name: "Our strategy workshop in Colombo" })).toBeAttached();
  await visitor.goto(`${site.url}/si`);
  await expect(visitor.getByRole("img", { name: SINHALA_ALT })).toBeAttached();
  await visitor.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await translated.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "use-alt-si-390");
});
