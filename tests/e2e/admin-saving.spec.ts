import type { HomeContent } from "#content/schemas.ts";
import { expect, openAdminTab, signIn, test, toast } from "./admin-helpers.ts";
import type { Page } from "@playwright/test";
import { budget } from "../helpers/machine.ts";

// Several engineers share two CPU cores: give a cold server and axe room.
test.describe.configure({ timeout: budget(90_000) });

const heroTitle = (page: Page) => page.getByLabel("Title", { exact: true }).first();

test("a stale save opens the conflict dialog; both choices work and nothing typed is lost", async ({
  page,
  browser,
  site,
}) => {
  const other = await browser.newPage();
  await signIn(page, site, "home");
  await signIn(other, site, "home");

  await heroTitle(page).fill("Title from the first admin");
  await heroTitle(other).fill("Title from the second admin");
  await page.getByRole("button", { name: "Save Home Content" }).click();
  await expect(toast(page, "Home content updated successfully")).toBeVisible();

  // The second admin has unsaved edits: told, not overwritten.
  await expect(other.getByText("This section was changed elsewhere. Reload to see the changes.")).toBeVisible();
  await expect(heroTitle(other)).toHaveValue("Title from the second admin");
  await other.getByRole("button", { name: "Save Home Content" }).click();
  const dialog = other.getByRole("dialog", { name: "Someone else saved this section" });
  await expect(dialog).toContainText("Home was changed by owner@example.lk");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(heroTitle(other)).toHaveValue("Title from the second admin");

  await other.getByRole("button", { name: "Save Home Content" }).click();
  await dialog.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(toast(other, "Home content updated successfully")).toBeVisible();
  expect((await site.read<HomeContent>("home")).data.hero.title).toBe("Title from the second admin");

  // The first admin's clean editor follows live; then a stale edit is replaced by "Reload theirs".
  await expect(heroTitle(page)).toHaveValue("Title from the second admin");
  await heroTitle(other).fill("Third title");
  await heroTitle(page).fill("Stale edit");
  await other.getByRole("button", { name: "Save Home Content" }).click();
  await expect(toast(other, "Home content updated successfully").last()).toBeVisible();
  await page.getByRole("button", { name: "Save Home Content" }).click();
  await page
    .getByRole("dialog", { name: "Someone else saved this section" })
    .getByRole("button", { name: "Reload theirs" })
    .click();
  await expect(heroTitle(page)).toHaveValue("Third title");
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await other.close();
});

test("History restores an older version as a new version shown on the public page", async ({ page, site }) => {
  const original = await site.read<HomeContent>("home");
  const v1 = await site.save("home", { ...original.data, hero: { ...original.data.hero, title: "Version A title" } });
  const v2 = await site.save("home", { ...original.data, hero: { ...original.data.hero, title: "Version B title" } });
  await openAdminTab(page, site, "home");
  await expect(heroTitle(page)).toHaveValue("Version B title");
  await page.getByRole("button", { name: "History" }).click();
  const dialog = page.getByRole("dialog", { name: "Home history" });
  await expect(dialog.getByRole("listitem").first()).toContainText(`Version ${v2}`);
  await expect(dialog.getByRole("listitem").first()).toContainText("Current");
  await expect(dialog.getByRole("listitem").first()).toContainText("by owner@example.lk");
  await dialog.getByRole("button", { name: `Restore version ${v1}` }).click();
  await expect(toast(page, `Version ${v1} restored as version ${v2 + 1}.`, "success")).toBeVisible();
  await expect(heroTitle(page)).toHaveValue("Version A title");
  const now = await site.read<HomeContent>("home");
  expect(now.version).toBe(v2 + 1);
  expect(now.data.hero.title).toBe("Version A title");
  await page.goto(site.url);
  await expect(page.getByRole("heading", { level: 1, name: "Version A title" })).toBeVisible();
});

test("switching tabs with unsaved changes asks first", async ({ page, site }) => {
  await openAdminTab(page, site, "home");
  await heroTitle(page).fill("Half-typed title");
  await page.getByRole("tab", { name: "Services" }).click();
  const ask = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(ask).toContainText("You have unsaved changes. Discard them?");
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(page.getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
  await expect(heroTitle(page)).toHaveValue("Half-typed title");

  await page.getByRole("link", { name: "View site" }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/\/admin/);

  await page.getByRole("tab", { name: "Services" }).click();
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByRole("tab", { name: "Services" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Home" }).click();
  await expect(heroTitle(page)).not.toHaveValue("Half-typed title");
});

test("a save refused by the server says why and keeps the draft", async ({ page, site }) => {
  const before = await site.read("home");
  await openAdminTab(page, site, "home");
  await heroTitle(page).fill("Typed before the session ended");
  await page.context().clearCookies();
  await page.getByRole("button", { name: "Save Home Content" }).click();
  await expect(toast(page, /^ErrorFailed to update Home content: .+/, "error")).toBeVisible();
  await expect(heroTitle(page)).toHaveValue("Typed before the session ended");
  expect(await site.read("home")).toEqual(before);
});
