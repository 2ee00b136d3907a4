import type { Page } from "@playwright/test";
import { expect, signInAs, TEST_ADMIN, test, toast } from "./admin-tools-helpers.ts";
// This one waits for toasts to land: their colours fail contrast while they fade in.
import { expectNoAxeViolations } from "./admin-helpers.ts";
import { virtualAuthenticator } from "./virtual-authenticator.ts";
import { budget } from "../helpers/machine.ts";

// Passkeys (issue 28 item 4) in Chromium with a virtual authenticator (./virtual-authenticator.ts):
// the browser really makes and uses the passkey, the server really verifies it. A passkey's rpID
// cannot be an IP address, so the site is opened as http://localhost:<port>.
test.describe.configure({ timeout: budget(150_000) });

async function openPasskeys(page: Page) {
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Passkeys" }).click();
  const dialog = page.getByRole("dialog", { name: "Passkeys" });
  await expect(dialog).toBeVisible();
  return dialog;
}

const signedIn = (page: Page) =>
  expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible({ timeout: budget(30_000) });

test("add a passkey, sign out, sign in with it, rename and remove it (also at 390 px)", async ({
  page,
  site,
}, testInfo) => {
  const local = { url: site.url.replace("127.0.0.1", "localhost") };
  const authenticator = await virtualAuthenticator(page);
  await signInAs(page, local, TEST_ADMIN);

  let dialog = await openPasskeys(page);
  await expect(dialog.getByText("You have no passkeys yet.")).toBeVisible();
  await dialog.getByRole("button", { name: "Add a passkey" }).click();
  await expect(toast(page, "The passkey is added. You can sign in with it now.")).toBeVisible();
  const list = dialog.getByRole("list", { name: "Your passkeys" });
  // Named from the browser and system.
  await expect(list.getByText("Chrome on Linux")).toBeVisible();
  await expect(list.getByText(/not used yet/)).toBeVisible();
  const [credential, ...more] = await authenticator.credentials();
  expect(more).toEqual([]);
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("passkeys-1280.png") });

  await dialog.getByRole("button", { name: "Rename “Chrome on Linux”" }).click();
  await dialog.getByLabel("New name for “Chrome on Linux”").fill("Work laptop");
  await dialog.getByRole("button", { name: "Save name" }).click();
  await expect(list.getByText("Work laptop")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Logout" }).click();
  const passkeyButton = page.getByRole("button", { name: "Use a passkey" });
  await expect(passkeyButton).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("login-1280.png") });
  // No email, no password: the browser offers the passkey it holds for the site.
  await passkeyButton.click();
  await signedIn(page);
  expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(0);

  await page.setViewportSize({ width: 390, height: 844 });
  dialog = await openPasskeys(page);
  await expect(dialog.getByText(/last used less than a minute ago/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("passkeys-390.png") });
  await dialog.getByRole("button", { name: "Remove “Work laptop”" }).click();
  await dialog.getByRole("button", { name: "Yes, remove" }).click();
  await expect(toast(page, "“Work laptop” is removed.")).toBeVisible();
  await expect(dialog.getByText("You have no passkeys yet.")).toBeVisible();
  await page.keyboard.press("Escape");

  // The browser still holds it; the site no longer knows it.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.screenshot({ path: testInfo.outputPath("login-390.png") });
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(toast(page, /That passkey is not known here/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
});
