import type { Page } from "@playwright/test";
import { defaultPrivacyPolicy, defaultTermsConditions } from "#content/defaults.ts";
import type { LegalContent } from "#content/schemas.ts";
import { expect, test } from "./fixtures.ts";
import { openAdminTab } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";

const editor = (page: Page, label: string) => page.getByRole("region", { name: `${label} editor` });

// Long multi-page flows on a shared, busy machine: more room than the default 30 s.
test.describe.configure({ timeout: budget(60_000) });

test.beforeEach(async ({ site }) => {
  await site.save("privacy-policy", defaultPrivacyPolicy);
  await site.save("terms-conditions", defaultTermsConditions);
});

test("each legal document saves on its own, showing Saving... while busy", async ({ page, site }) => {
  const privacyBefore = await site.read<LegalContent>("privacy-policy");
  const termsBefore = await site.read<LegalContent>("terms-conditions");
  await openAdminTab(page, site, "legal");

  await expect(page.getByRole("tab", { name: "Privacy Policy" })).toHaveAttribute("aria-selected", "true");
  const privacy = editor(page, "Privacy Policy");
  await privacy.getByLabel("Title").fill("Privacy at Lanka Growth");
  await privacy.getByLabel("HTML Content").fill("<h2>What we collect</h2><p>Only what you send us.</p>");

  // Hold the save on the network until "Saving..." has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/content/privacy-policy", async (route) => {
    if (route.request().method() === "PUT") await held;
    await route.continue();
  });
  await privacy.getByRole("button", { name: "Save Privacy Policy" }).click();
  await expect(privacy.getByRole("button", { name: "Saving..." })).toBeDisabled();
  release();
  await expect(page.getByText("Privacy Policy content updated successfully")).toBeVisible();
  await expect(privacy.getByRole("button", { name: "Save Privacy Policy" })).toBeVisible();

  const privacyAfter = await site.read<LegalContent>("privacy-policy");
  expect(privacyAfter.version).toBe(privacyBefore.version + 1);
  expect(privacyAfter.data).toEqual({
    title: "Privacy at Lanka Growth",
    content: "<h2>What we collect</h2><p>Only what you send us.</p>",
  });
  // The other document is untouched.
  expect(await site.read<LegalContent>("terms-conditions")).toEqual(termsBefore);

  await page.getByRole("tab", { name: "Terms & Conditions" }).click();
  const terms = editor(page, "Terms & Conditions");
  await expect(terms.getByLabel("Title")).toHaveValue(defaultTermsConditions.title);
  await terms.getByLabel("Title").fill("Terms of working together");
  await terms.getByRole("button", { name: "Save Terms & Conditions" }).click();
  await expect(page.getByText("Terms & Conditions content updated successfully")).toBeVisible();
  expect((await site.read<LegalContent>("terms-conditions")).data).toEqual({
    ...defaultTermsConditions,
    title: "Terms of working together",
  });
  expect(await site.read<LegalContent>("privacy-policy")).toEqual(privacyAfter);

  await page.goto(`${site.url}/privacy-policy`);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy at Lanka Growth" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What we collect" })).toBeVisible();
  await page.goto(`${site.url}/terms-conditions`);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of working together" })).toBeVisible();
});

test("legal HTML with a script payload is saved sanitised and the public page renders the safe part", async ({
  page,
  site,
}) => {
  await openAdminTab(page, site, "legal");
  const privacy = editor(page, "Privacy Policy");
  const payload =
    '<h2>Cookies</h2><p onclick="window.hacked = true">We use one cookie.</p><script>window.hacked = true</script>' +
    '<img src="x" onerror="window.hacked = true"><a href="javascript:window.hacked = true">Contact</a>';
  await privacy.getByLabel("HTML Content").fill(payload);
  await privacy.getByRole("button", { name: "Save Privacy Policy" }).click();
  await expect(page.getByText("Privacy Policy content updated successfully")).toBeVisible();

  const { content } = (await site.read<LegalContent>("privacy-policy")).data;
  expect(content).not.toMatch(/<script|onclick|onerror|javascript:|<img/i);
  expect(content).toContain("<h2>Cookies</h2>");
  expect(content).toContain("<p>We use one cookie.</p>");

  await page.goto(`${site.url}/privacy-policy`);
  await expect(page.getByRole("heading", { name: "Cookies" })).toBeVisible();
  await expect(page.getByText("We use one cookie.")).toBeVisible();
  await expect(page.locator("main script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
});
