// "Your sessions", the audit trail and re-confirming the password (issue 28 items 5–7), in the
// production build: a session signed out from the dialog ends in the other browser, a save just made
// is on the Audit trail screen, and a backup asked for after ten minutes asks for the password first.
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  secondBrowser,
  signInAs,
  test as base,
  toast,
  TEST_ADMIN,
  type Site,
} from "./admin-tools-helpers.ts";
import { watchConsole } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

// The re-confirm's refusal (403) and a wrong password (401) are asked for on purpose.
const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors = watchConsole(page, [/Failed to load resource: the server responded with a status of (401|403)/]);
    await use(errors);
    expect(errors, "browser console errors").toEqual([]);
  },
});

// Password hashing is deliberately slow; these tests sign in several times.
test.describe.configure({ timeout: budget(120_000) });

const accountMenu = (page: Page) => page.getByRole("button", { name: /Account menu for/ });

async function openMenuItem(page: Page, item: string) {
  await accountMenu(page).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** Ages the test admin's sessions' last password confirmation by `minutes`, as time passing would. */
async function ageConfirmations(site: Site, minutes: number) {
  const { users, sessions } = site.server.deps.store;
  const admin = (await users.findByEmail(TEST_ADMIN.email))!;
  for (const session of await sessions.listForUser(admin.id))
    await sessions.confirm(session.id, new Date(Date.now() - minutes * 60_000));
}

test("Your sessions lists this browser and another, and signs the other out", async ({ page, site, browser }) => {
  await signInAs(page, site, TEST_ADMIN);
  const other = await secondBrowser(browser);
  try {
    await signInAs(other.page, site, TEST_ADMIN);

    await openMenuItem(page, "Your sessions");
    const dialog = page.getByRole("dialog", { name: "Your sessions" });
    const list = dialog.getByRole("list", { name: "Your sessions" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").filter({ hasText: "This browser" })).toContainText("Chrome on Linux");
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: /^Sign out Chrome on Linux/ }).click();
    await expect(toast(page, "That session is signed out.")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(dialog.getByText("You are signed in on this browser only.")).toBeVisible();

    await other.page.reload();
    await expect(other.page.getByRole("button", { name: "Sign in" })).toBeVisible();
    expect(other.errors).toEqual([]);
  } finally {
    await other.context.close();
  }
});

test("the Audit trail shows a save just made, filters by action and links to where it is edited", async ({
  page,
  site,
}) => {
  const home = await site.read<Record<string, unknown>>("home");
  const version = await site.save("home", home.data);
  await signInAs(page, site, TEST_ADMIN);

  await page.getByRole("navigation", { name: "Admin pages" }).getByRole("link", { name: "Audit trail" }).click();
  await expect(page.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  const saved = page.getByRole("row").filter({ hasText: "Saved a page" }).first();
  await expect(saved).toContainText(TEST_ADMIN.email);
  // The page links to where it is edited (its History there holds the version).
  await expect(saved).toContainText(`page home, version ${version}`);
  await expect(saved.getByRole("link", { name: "page home" })).toHaveAttribute("href", "/admin?tab=home");
  await expect(page.getByRole("row").filter({ hasText: "Signed in" }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Action").selectOption({ label: "Saved a page" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\?actor=&action=content\.save$/);
  await expect(page.getByText(/^1 event · page 1 of 1$/)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Signed in" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
    "href",
    "/api/audit/export.csv?action=content.save",
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(saved).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a backup asked for after ten minutes asks for the password first, then downloads", async ({ page, site }) => {
  await signInAs(page, site, TEST_ADMIN);
  await ageConfirmations(site, 11);

  await openMenuItem(page, "Download backup");
  const dialog = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Password").fill("not my password");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("That password is not correct.")).toBeVisible();

  await dialog.getByLabel("Password").fill(TEST_ADMIN.password);
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^backup-\d{8}-\d{6}\.json\.gz$/);
  await expect(dialog).toBeHidden();

  // Confirmed just now: the next one goes straight through; cancelling a later ask downloads nothing.
  const again = page.waitForEvent("download");
  await openMenuItem(page, "Download backup");
  await again;
  await ageConfirmations(site, 11);
  await openMenuItem(page, "Download backup");
  await page.getByRole("dialog", { name: "Confirm your password" }).getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Confirm your password to continue.")).toBeVisible();
});
