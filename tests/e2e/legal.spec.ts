import { axeOf, expect, test } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

// Several page loads per test: room for a busy machine.
test.describe.configure({ timeout: budget(60_000) });

test("the legal pages show their defaults, which say they should be updated from the Admin Panel", async ({
  page,
  site,
}) => {
  // Includes an axe scan, which is slow on a busy machine.
  test.slow();
  const response = await page.goto(`${site.url}/privacy-policy`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Privacy Policy | Lanka Growth Partners");
  const article = page.getByRole("main").getByRole("article");
  await expect(article.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(
    article.getByText(
      "This is default content. Please review it with your legal adviser and update it from the Admin Panel",
    ),
  ).toBeVisible();
  await expect(article.getByRole("heading", { level: 2, name: "Information we collect" })).toBeVisible();
  await expect(article.getByRole("listitem").first()).toBeVisible();
  const axe = await axeOf(page).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.goto(`${site.url}/terms-conditions`);
  await expect(page).toHaveTitle("Terms & Conditions | Lanka Growth Partners");
  await expect(article.getByRole("heading", { level: 1, name: "Terms & Conditions" })).toBeVisible();
  await expect(article.getByRole("heading", { level: 2, name: "Governing law" })).toBeVisible();
  await expect(article.getByText("This is default content.", { exact: false })).toBeVisible();
});

test("following the footer links opens the right document in the browser", async ({ page, site }) => {
  await page.goto(`${site.url}/privacy-policy`);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
  await expect(page).toHaveURL(`${site.url}/terms-conditions`);
  await expect(page.getByRole("heading", { level: 1, name: "Terms & Conditions" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Governing law" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(`${site.url}/privacy-policy`);
  await expect(page.getByRole("heading", { level: 2, name: "Information we collect" })).toBeVisible();
});

test("saved HTML is shown with its structure but never its scripts, and updates an open page", async ({
  page,
  site,
}) => {
  const original = await site.read("privacy-policy");
  try {
    // Saved only once this page listens for saves.
    const listening = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.goto(`${site.url}/privacy-policy`);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await listening;

    await site.save("privacy-policy", {
      title: "Privacy Notice",
      content: [
        "<h2>Data we keep</h2>",
        '<p>Only <strong>what we need</strong>, see <a href="https://example.lk/more" onclick="window.pwned=1">details</a>.</p>',
        "<script>window.pwned = 2</script>",
        '<img src="x" onerror="window.pwned = 3">',
        "<ul><li>Names</li><li>Email addresses</li></ul>",
        '<a href="javascript:window.pwned=4">bad link</a>',
      ].join(""),
    });

    // The open page updates without a reload.
    const article = page.getByRole("main").getByRole("article");
    await expect(article.getByRole("heading", { level: 1, name: "Privacy Notice" })).toBeVisible();
    await expect(article.getByRole("heading", { level: 2, name: "Data we keep" })).toBeVisible();
    await expect(article.locator("strong")).toHaveText("what we need");
    await expect(article.getByRole("listitem")).toHaveText(["Names", "Email addresses"]);
    const link = article.getByRole("link", { name: "details" });
    await expect(link).toHaveAttribute("href", "https://example.lk/more");
    expect(await link.getAttribute("onclick")).toBeNull();
    expect(await article.getByText("bad link").getAttribute("href")).toBeNull();
    expect(await article.locator("script, img, [onerror]").count()).toBe(0);

    await page.reload();
    await expect(article.getByRole("heading", { level: 2, name: "Data we keep" })).toBeVisible();
    expect(await article.locator("script, img").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    const html = await (await fetch(`${site.url}/privacy-policy`)).text();
    expect(html).not.toContain("window.pwned = 2");
    expect(html).not.toContain("onerror");
  } finally {
    await site.save("privacy-policy", original.data);
  }
});

test("an emptied document falls back to the defaults", async ({ page, site }) => {
  const original = await site.read("terms-conditions");
  try {
    await site.save("terms-conditions", { title: "", content: "<script>only a script</script>" });
    await page.goto(`${site.url}/terms-conditions`);
    await expect(page.getByRole("heading", { level: 1, name: "Terms & Conditions" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Governing law" })).toBeVisible();
  } finally {
    await site.save("terms-conditions", original.data);
  }
});

test("legal pages read well on a phone", async ({ page, site }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${site.url}/terms-conditions`);
  await expect(page.getByRole("heading", { level: 1, name: "Terms & Conditions" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
});
