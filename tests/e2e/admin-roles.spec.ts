import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signInAs, test, type Site } from "./admin-tools-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Roles in the admin (issue 28): each role sees only what it may use (content/roles.ts).
test.describe.configure({ timeout: budget(120_000) });

/** Adds an account of `role` through the accounts API, as the Administrator. */
async function addAccount(site: Site, email: string, password: string, role: string) {
  const response = await fetch(`${site.url}/api/accounts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url, Cookie: await site.adminCookie() },
    body: JSON.stringify({ email, password, role }),
  });
  expect(response.status).toBe(201);
}

const accountMenu = (page: Page) => page.getByRole("button", { name: /Account menu for/ });

/** The account menu's items, opened and closed again. */
async function menuItems(page: Page) {
  await accountMenu(page).click();
  const items = await page.getByRole("menuitem").allInnerTexts();
  await page.keyboard.press("Escape");
  return items.map((item) => item.trim());
}

test("a Writer sees the Blog tab alone, with no documents to edit, Insights, accounts or backup", async ({
  page,
  site,
}) => {
  const writer = { email: "nimali@agency.lk", password: "writer-password-1" };
  await addAccount(site, writer.email, writer.password, "writer");
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, site, writer);

  await expect(page.getByText("Writer", { exact: true })).toBeVisible();
  const tabs = page.getByRole("tablist", { name: "Content sections" }).getByRole("tab");
  await expect(tabs).toHaveText(["Blog", "Pages"]);
  await expect(page.getByRole("button", { name: /Save/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Insights" })).toHaveCount(0);
  expect(await menuItems(page)).toEqual(["Change password", "Two-factor sign-in", "Passkeys", "Your sessions"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  // A Writer's post is always a draft: Edit Post has no status, schedule or featured to set.
  await page.getByRole("button", { name: "Create New Post" }).click();
  await page.getByRole("button", { name: "Create Empty Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Post" });
  await expect(dialog.getByText("Saved as a draft. An Editor or Administrator publishes it.")).toBeVisible();
  await expect(dialog.getByLabel("Featured")).toHaveCount(0);
  await expect(dialog.getByRole("radio")).toHaveCount(0);
});

test("an Editor sees every tab and Insights, but no accounts or backup", async ({ page, site }) => {
  const editor = { email: "kasun@agency.lk", password: "editor-password-1" };
  await addAccount(site, editor.email, editor.password, "editor");
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, site, editor);

  await expect(page.getByText("Editor", { exact: true })).toBeVisible();
  await expect(page.getByRole("tablist", { name: "Content sections" }).getByRole("tab")).toHaveCount(9);
  await expect(page.getByRole("link", { name: "Insights" })).toBeVisible();
  expect(await menuItems(page)).toEqual(["Change password", "Two-factor sign-in", "Passkeys", "Your sessions"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});

test("an Administrator sees each account's role and changes it", async ({ page, site }) => {
  await addAccount(site, "writer@agency.lk", "writer-password-1", "writer");
  const admin = { email: "owner2@agency.lk", password: "admin-password-1" };
  await addAccount(site, admin.email, admin.password, "administrator");
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, site, admin);
  expect(await menuItems(page)).toEqual([
    "Change password",
    "Two-factor sign-in",
    "Passkeys",
    "Your sessions",
    "Administrators",
    "Download backup",
  ]);

  await accountMenu(page).click();
  await page.getByRole("menuitem", { name: "Administrators" }).click();
  const dialog = page.getByRole("dialog", { name: "Administrators" });
  const role = dialog.getByRole("combobox", { name: "Role of writer@agency.lk" });
  await expect(role).toHaveValue("writer");
  await expectNoAxeViolations(page);
  await role.selectOption("editor");
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "writer@agency.lk is now Editor." }),
  ).toBeVisible();
  const stored = await site.server.deps.store.users.findByEmail("writer@agency.lk");
  expect(stored?.role).toBe("editor");
});
