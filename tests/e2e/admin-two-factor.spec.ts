import { Secret, TOTP } from "otpauth";
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  secondBrowser,
  signInAs,
  test,
  toast,
  type Site,
} from "./admin-tools-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Two-factor sign-in (issue 28 item 3) in Chromium: set up by reading the key the dialog shows and
// computing its codes here as an authenticator app would; then sign-in asks for the code (or a
// recovery code) after the password. Password hashing is slow, and these tests sign in several times.
test.describe.configure({ timeout: budget(150_000) });

const PERSON = { email: "dilani@agency.lk", password: "dilani-password-1" };

/** The app's code for `secret`, `stepsAhead` steps from now (the server takes one step either side). */
const appCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function openTwoFactor(page: Page) {
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Two-factor sign-in" }).click();
  const dialog = page.getByRole("dialog", { name: "Two-factor sign-in" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function addAccount(site: Site, account: { email: string; password: string }, role = "administrator") {
  const response = await fetch(`${site.url}/api/accounts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url, Cookie: await site.adminCookie() },
    body: JSON.stringify({ ...account, role }),
  });
  expect(response.status).toBe(201);
}

/** The password step through the form, up to the code field. */
async function passwordStep(page: Page, site: Site, account = PERSON) {
  await page.goto(`${site.url}/admin`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const field = page.getByLabel("Enter the 6-digit code from your authenticator app");
  await expect(field).toBeVisible({ timeout: budget(30_000) });
  return field;
}

const signedIn = (page: Page) =>
  expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible({ timeout: budget(30_000) });

test("set up with the key shown, then sign in with the app's code or a recovery code (also at 390 px)", async ({
  page,
  site,
}, testInfo) => {
  await addAccount(site, PERSON);
  await signInAs(page, site, PERSON);

  let dialog = await openTwoFactor(page);
  await expect(dialog.getByText("Two-factor sign-in is off.")).toBeVisible();
  await dialog.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(dialog.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await dialog.locator("code").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("enrol-1280.png") });

  const codeField = dialog.getByLabel("Code from your app");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await codeField.fill(appCode(secret, -3));
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByText(/That code is not right/)).toBeVisible();
  await codeField.fill(appCode(secret));
  await dialog.getByRole("button", { name: "Turn on" }).click();

  await expect(dialog.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  const codes = await dialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts();
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download (.txt)" }).click();
  expect((await download).suggestedFilename()).toBe("recovery-codes.txt");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("codes-1280.png") });
  await dialog.getByRole("button", { name: "I have saved them" }).click();
  await expect(dialog).toBeHidden();

  dialog = await openTwoFactor(page);
  await expect(dialog.getByText(/Two-factor sign-in is on since/)).toBeVisible();
  await expect(dialog.getByText("10 of 10 recovery codes left.")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Logout" }).click();
  const field = await passwordStep(page, site);
  // The password alone started no session.
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("session");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("login-code-1280.png") });
  await field.fill("000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("That code is not right. Please try again.")).toBeVisible();
  // The code that turned it on was used: the next step's code (one ahead is accepted).
  await field.fill(appCode(secret, 1));
  await page.getByRole("button", { name: "Sign in" }).click();
  await signedIn(page);
  await page.getByRole("button", { name: "Logout" }).click();

  // On a phone: the recovery code instead.
  await page.setViewportSize({ width: 390, height: 844 });
  await passwordStep(page, site);
  await page.screenshot({ path: testInfo.outputPath("login-code-390.png") });
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]!.toUpperCase());
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("button", { name: "Sign in" }).click();
  await signedIn(page);
  dialog = await openTwoFactor(page);
  await expect(dialog.getByText("9 of 10 recovery codes left.")).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("status-390.png") });

  // Turning it off asks for the password.
  await dialog.getByLabel("Password").fill("not the password");
  await dialog.getByRole("button", { name: "Turn off" }).click();
  await expect(dialog.getByText("Your password is not correct.")).toBeVisible();
  await dialog.getByLabel("Password").fill(PERSON.password);
  await dialog.getByRole("button", { name: "Turn off" }).click();
  await expect(dialog.getByText("Two-factor sign-in is off.")).toBeVisible();
});

test("an Administrator requires it for Editors: an Editor without it can only set it up", async ({
  page,
  site,
  browser,
}, testInfo) => {
  await signInAs(page, site, { email: "owner@example.lk", password: "correct horse battery" });
  const dialog = await openTwoFactor(page);
  const editors = dialog.getByRole("switch", { name: "Editors" });
  await expect(editors).not.toBeChecked();
  await editors.click();
  await expect(toast(page, "Editors must now use two-factor sign-in.")).toBeVisible();
  await expect(editors).toBeChecked();
  expect((await site.server.deps.store.twoFactor.policy()).required).toEqual({
    administrator: false,
    editor: true,
    writer: false,
  });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("policy-1280.png"), fullPage: true });

  const editor = { email: "kasun@agency.lk", password: "kasun-password-1" };
  await addAccount(site, editor, "editor");
  const other = await secondBrowser(browser, [/status of 401/]);
  await other.page.setViewportSize({ width: 390, height: 844 });
  await other.page.goto(`${site.url}/admin`);
  await other.page.getByLabel("Email").fill(editor.email);
  await other.page.getByLabel("Password").fill(editor.password);
  await other.page.getByRole("button", { name: "Sign in" }).click();
  const gate = other.page.getByRole("dialog", { name: "Set up two-factor sign-in" });
  await expect(gate).toBeVisible({ timeout: budget(30_000) });
  await expect(gate.getByRole("button", { name: "Close" })).toHaveCount(0);
  await other.page.keyboard.press("Escape");
  await expect(gate).toBeVisible();
  await expect(other.page.getByRole("tablist", { name: "Content sections" })).toHaveCount(0);
  await expectNoAxeViolations(other.page);
  await other.page.screenshot({ path: testInfo.outputPath("gate-390.png") });

  await gate.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await gate.locator("code").innerText()).replace(/\s/g, "");
  await gate.getByLabel("Code from your app").fill(appCode(secret));
  await gate.getByRole("button", { name: "Turn on" }).click();
  await gate.getByRole("button", { name: "I have saved them" }).click();
  await expect(other.page.getByRole("tablist", { name: "Content sections" })).toBeVisible({ timeout: budget(30_000) });
  expect(other.errors).toEqual([]);
  await other.context.close();
});
