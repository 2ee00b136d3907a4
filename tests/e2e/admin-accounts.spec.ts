import { gunzipSync } from "node:zlib";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { verifyPassword } from "#server/auth/password.ts";
import {
  addAdmin,
  expect,
  expectNoAxeViolations,
  openAdmin,
  secondBrowser,
  signInAs,
  test,
  toast,
  TEST_ADMIN,
  type Site,
} from "./admin-tools-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Password hashing is deliberately slow; these tests sign in several times.
test.describe.configure({ timeout: budget(120_000) });

const accountMenu = (page: Page) => page.getByRole("button", { name: /Account menu for/ });

async function openMenuItem(page: Page, item: string) {
  await accountMenu(page).click();
  await page.getByRole("menuitem", { name: item }).click();
}

const accounts = (site: Site) => site.server.deps.store.users.list();

test("change password: a wrong current password is refused, the right one works and the old one stops signing in", async ({
  page,
  site,
}) => {
  const person = { email: "ruvini@agency.lk", password: "first-password-1" };
  await addAdmin(site, person.email, person.password);
  await signInAs(page, site, person);

  await expect(accountMenu(page)).toContainText(person.email);
  await openMenuItem(page, "Change password");
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByLabel("Current password").fill("not-my-password");
  await dialog.getByLabel("New password", { exact: true }).fill("second-password-2");
  await dialog.getByLabel("Repeat new password").fill("second-password-2");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Your current password is not correct.");
  const stored = (await site.server.deps.store.users.findByEmail(person.email))!;
  expect(await verifyPassword(person.password, stored.passwordHash)).toBe(true);

  // A typo in the repeat never reaches the server.
  await dialog.getByLabel("Current password").fill(person.password);
  await dialog.getByLabel("Repeat new password").fill("second-password-3");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByText("The two new passwords are not the same.")).toBeVisible();

  await dialog.getByLabel("Repeat new password").fill("second-password-2");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Password changed.")).toBeVisible({ timeout: budget(15_000) });
  await expect(dialog).toBeHidden();
  const changed = (await site.server.deps.store.users.findByEmail(person.email))!;
  expect(await verifyPassword("second-password-2", changed.passwordHash)).toBe(true);

  const oldLogin = await fetch(`${site.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url },
    body: JSON.stringify(person),
  });
  expect(oldLogin.status).toBe(401);
  // This browser's own session goes on.
  await page.reload();
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
});

test("add an administrator, who signs in elsewhere; removing them signs them out at once", async ({
  page,
  site,
  browser,
}) => {
  await openAdmin(page, site);
  await openMenuItem(page, "Administrators");
  const dialog = page.getByRole("dialog", { name: "Administrators" });
  const list = dialog.getByRole("list", { name: "Administrators" });
  await expect(list.getByRole("listitem").filter({ hasText: TEST_ADMIN.email })).toContainText("You");
  await expectNoAxeViolations(page);

  // Too short a password: the form says so and nobody is added.
  const before = (await accounts(site)).length;
  await dialog.getByLabel("Email").fill("chamari@agency.lk");
  await dialog.getByLabel("Password").fill("short");
  await dialog.getByRole("button", { name: "Add administrator" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Use at least 8 characters for the password.");
  await dialog.getByLabel("Password").fill("chamari-password");
  await dialog.getByRole("button", { name: "Add administrator" }).click();
  await expect(list.getByRole("listitem").filter({ hasText: "chamari@agency.lk" })).toBeVisible({
    timeout: budget(15_000),
  });
  await expect(toast(page, "chamari@agency.lk can now sign in.")).toBeVisible();
  expect((await accounts(site)).length).toBe(before + 1);

  // Adding the same email again: the server's message.
  await dialog.getByLabel("Email").fill("chamari@agency.lk");
  await dialog.getByLabel("Password").fill("another-password");
  await dialog.getByRole("button", { name: "Add administrator" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("An administrator with this email already exists.");
  expect((await accounts(site)).length).toBe(before + 1);

  const other = await secondBrowser(browser, [/status of 401/]);
  try {
    await signInAs(other.page, site, { email: "chamari@agency.lk", password: "chamari-password" });
    // They invite someone as an Administrator: the invitation goes with them.
    const invited = await other.page.request.post(`${site.url}/api/invitations`, {
      headers: { Origin: site.url },
      data: { email: "way.back@agency.lk", role: "administrator" },
    });
    expect(invited.status()).toBe(201);
    await page.keyboard.press("Escape");
    await openMenuItem(page, "Administrators");
    const revokeButton = dialog.getByRole("button", { name: "Revoke the invitation for way.back@agency.lk" });
    await expect(revokeButton).toBeVisible();

    await dialog.getByRole("button", { name: "Remove chamari@agency.lk" }).click();
    await dialog
      .getByRole("group", { name: "Confirm removing chamari@agency.lk" })
      .getByRole("button", { name: "Yes, remove" })
      .click();
    await expect(list.getByRole("listitem").filter({ hasText: "chamari@agency.lk" })).toBeHidden();
    await expect(
      toast(page, "chamari@agency.lk can no longer sign in. The invitation they sent no longer works."),
    ).toBeVisible();
    await expect(revokeButton).toBeHidden();
    expect((await accounts(site)).map((a) => a.email)).not.toContain("chamari@agency.lk");

    // Their very next request finds them signed out.
    await other.page.reload();
    await expect(other.page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
    expect(other.errors).toEqual([]);
  } finally {
    await other.context.close();
  }
});

test("the last administrator cannot be removed: the server's message is shown and nothing changes", async ({
  page,
  site,
}) => {
  // Only the test admin is left once the others are gone.
  for (const account of await accounts(site)) {
    if (account.email !== TEST_ADMIN.email) await site.server.deps.store.users.removeUnlessLast(account.id);
  }
  await openAdmin(page, site);
  await openMenuItem(page, "Administrators");
  const dialog = page.getByRole("dialog", { name: "Administrators" });
  await dialog.getByRole("button", { name: `Remove ${TEST_ADMIN.email}` }).click();
  await expect(dialog.getByText("Remove yourself? You will be signed out now.")).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, remove" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "You cannot remove the last administrator. Add another one first.",
  );
  expect((await accounts(site)).map((a) => a.email)).toEqual([TEST_ADMIN.email]);
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
});

test("Download backup gives a gzip backup file of the site", async ({ page, site }) => {
  await openAdmin(page, site);
  await accountMenu(page).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Download backup" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^backup-\d{8}-\d{6}\.json\.gz$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  const lines = gunzipSync(bytes).toString("utf8").trim().split("\n");
  expect(JSON.parse(lines[0]!)).toMatchObject({ format: "lanka-growth-partners-backup", version: 1 });
  expect(lines.some((line) => line.includes(TEST_ADMIN.email))).toBe(true);
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true });
});
