import { defaultContact } from "#content/defaults.ts";
import type { ContactContent } from "#content/schemas.ts";
import { expect, test, type Site } from "./fixtures.ts";
import { openAdminTab } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";

async function stored(site: Site) {
  return (await site.read<ContactContent>("contact")).data;
}

const MAP_SRC = "https://www.openstreetmap.org/export/embed.html?bbox=79.84,6.90,79.88,6.94&layer=mapnik";

// Long multi-page flows on a shared, busy machine: more room than the default 30 s.
test.describe.configure({ timeout: budget(60_000) });

test.beforeEach(async ({ site, page }) => {
  await site.save("contact", defaultContact);
  // Serve the map host locally so the preview frame loads without the internet.
  await page.route("https://www.openstreetmap.org/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>Map of Colombo</p>" }),
  );
});

test("contact details saved in the Contact tab show on /contact and in the footer", async ({ page, site }) => {
  await openAdminTab(page, site, "contact");
  await page.getByLabel("Title", { exact: true }).fill("Talk to us");
  await page.getByLabel("Subtitle").fill("We answer within a day.");
  await page.getByLabel("Address").fill("42 Duplication Road, Colombo 04, Sri Lanka");
  await page.getByLabel("Email").fill("team@lankagrowth.example");
  await page.getByLabel("Phone").fill("+94 77 765 4321");
  await page.getByLabel("Website").fill("www.lankagrowth.example");
  await page.getByRole("button", { name: "Save Contact Content" }).click();
  await expect(page.getByText("Contact content updated successfully")).toBeVisible();

  expect(await stored(site)).toEqual({
    ...defaultContact,
    title: "Talk to us",
    subtitle: "We answer within a day.",
    info: {
      address: "42 Duplication Road, Colombo 04, Sri Lanka",
      email: "team@lankagrowth.example",
      phone: "+94 77 765 4321",
      website: "www.lankagrowth.example",
    },
  });

  await page.goto(`${site.url}/contact`);
  await expect(page.getByRole("heading", { level: 1, name: "Talk to us" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByText("42 Duplication Road, Colombo 04, Sri Lanka")).toBeVisible();
  await expect(main.getByText("team@lankagrowth.example")).toBeVisible();
  await expect(main.getByText("+94 77 765 4321")).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("team@lankagrowth.example")).toBeVisible();
  await expect(footer.getByText("+94 77 765 4321")).toBeVisible();
  await expect(footer.getByText("www.lankagrowth.example")).toBeVisible();
});

test("a map embed with a script payload previews and saves sanitised, forced to 100% × 450", async ({ page, site }) => {
  await openAdminTab(page, site, "contact");
  const preview = page.getByRole("region", { name: "Map preview" });
  await expect(
    preview.getByText("Paste an embed code from Google Maps or OpenStreetMap to preview it here."),
  ).toBeVisible();

  const payload = `<script>window.hacked = true</script><iframe src="${MAP_SRC}" width="600" height="300" onload="window.hacked = true" style="position:fixed"></iframe>`;
  await page.getByLabel("Map Embed Code").fill(payload);
  const frame = preview.locator("iframe");
  await expect(frame).toHaveAttribute("src", MAP_SRC);
  await expect(frame).toHaveAttribute("width", "100%");
  await expect(frame).toHaveAttribute("height", "450");
  await expect(frame).not.toHaveAttribute("onload", /.*/);
  await expect(page.frameLocator('[aria-label="Map preview"] iframe').getByText("Map of Colombo")).toBeVisible();
  await expect(preview.locator("script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
  // What was typed stays as typed.
  await expect(page.getByLabel("Map Embed Code")).toHaveValue(payload);

  await page.getByRole("button", { name: "Save Contact Content" }).click();
  await expect(page.getByText("Contact content updated successfully")).toBeVisible();
  const { mapEmbed } = await stored(site);
  expect(mapEmbed).not.toMatch(/script|onload|fixed/i);
  expect(mapEmbed).toMatch(/^<iframe\b[^>]*><\/iframe>$/);
  expect(mapEmbed).toContain(`src="${MAP_SRC.replaceAll("&", "&amp;")}"`);
  expect(mapEmbed).toContain('width="100%"');
  expect(mapEmbed).toContain('height="450"');

  await page.goto(`${site.url}/contact`);
  const publicFrame = page.locator(`iframe[src="${MAP_SRC}"]`);
  await expect(publicFrame).toHaveAttribute("width", "100%");
  await expect(publicFrame).toHaveAttribute("height", "450");
});

test("an embed from a host that is not allow-listed is not previewed and is dropped on save", async ({
  page,
  site,
}) => {
  await openAdminTab(page, site, "contact");
  await page.getByLabel("Map Embed Code").fill('<iframe src="https://maps.evil.example/embed?q=colombo"></iframe>');
  const preview = page.getByRole("region", { name: "Map preview" });
  await expect(
    preview.getByText(
      /This code will not be shown: only an <iframe> embed from Google Maps, OpenStreetMap or Bing Maps is kept/,
    ),
  ).toBeVisible();
  await expect(preview.locator("iframe")).toHaveCount(0);

  await page.getByRole("button", { name: "Save Contact Content" }).click();
  await expect(page.getByText("Contact content updated successfully")).toBeVisible();
  expect((await stored(site)).mapEmbed).toBe("");
});

test("an invalid latitude is marked, keeps what was typed, blocks the save and changes nothing stored", async ({
  page,
  site,
}) => {
  const before = await site.read<ContactContent>("contact");
  await openAdminTab(page, site, "contact");
  const latitude = page.getByLabel("Latitude");
  await latitude.fill("123.5");
  await expect(latitude).toHaveAttribute("aria-invalid", "true");
  await expect(latitude).toHaveAccessibleDescription(/Latitude must be a number from -90 to 90\./);
  await expect(page.getByText("Latitude must be a number from -90 to 90.")).toBeVisible();
  await expect(latitude).toHaveValue("123.5");
  await expect(page.getByRole("button", { name: "Save Contact Content" })).toBeDisabled();
  expect(await site.read<ContactContent>("contact")).toEqual(before);

  // Legacy settings may stay empty.
  await latitude.fill("");
  await page.getByLabel("Longitude").fill("");
  await page.getByLabel("Zoom level").fill("");
  await expect(latitude).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save Contact Content" }).click();
  await expect(page.getByText("Contact content updated successfully")).toBeVisible();
  expect((await stored(site)).map).toEqual({ lat: "", lng: "", zoom: "" });
});
