import type { Page } from "@playwright/test";
import type { ServicesContent } from "#content/schemas.ts";
import { expect, openAdminTab, test } from "./admin-helpers.ts";
import { watchConsole } from "./fixtures.ts";
import { listPosts } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Previews of unsaved edits (issue 13 item 3). Several engineers share two CPU cores: give a cold server room.
test.describe.configure({ timeout: budget(90_000) });

const BAR = "Preview — unsaved changes, not public";

/**
 * Clicks `button` and returns the preview tab it opens, once that page has
 * opened its event stream (from then on it follows the draft).
 */
async function openPreview(page: Page, button: ReturnType<Page["getByRole"]>) {
  const listening = page
    .context()
    .waitForEvent(
      "response",
      (response) => new URL(response.url()).pathname === "/api/events" && response.frame().page() !== page,
    );
  const [preview] = await Promise.all([page.waitForEvent("popup"), button.click()]);
  const errors = watchConsole(preview);
  await listening;
  return { preview, errors };
}

test("preview the Services page with an unsaved title; it follows the edits; visitors see the saved page", async ({
  page,
  site,
  browser,
}) => {
  const saved = (await site.read<ServicesContent>("services")).data.title;
  await openAdminTab(page, site, "services");
  const editor = page.getByRole("region", { name: "Services editor" });
  const title = editor.getByLabel("Page Title");
  await title.fill("Services, previewed");
  await expect(editor.getByText("Unsaved changes")).toBeVisible();

  const { preview, errors } = await openPreview(page, editor.getByRole("button", { name: "Preview" }));
  await expect(preview).toHaveURL(/\/services\?preview=[\w-]{16,64}$/);
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("Services, previewed");
  await expect(preview.getByRole("complementary", { name: "Preview" })).toContainText(BAR);
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  // Another edit reaches the open preview without a reload.
  await preview.evaluate(() => Object.assign(window, { notReloaded: true }));
  await title.fill("Services, previewed again");
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("Services, previewed again");
  expect(await preview.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expect(preview).toHaveTitle(/^Services, previewed again \|/);

  // Nothing was saved: a visitor (no session) at the same address sees the saved page, unmarked.
  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(preview.url());
    await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(saved);
    await expect(visitorPage.getByText(BAR)).toHaveCount(0);
    await expect(visitorPage.locator('meta[name="robots"]')).toHaveCount(0);
    await visitorPage.goto(`${site.url}/services`);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(saved);
  } finally {
    await visitor.close();
  }
  expect((await site.read<ServicesContent>("services")).data.title).toBe(saved);
  expect(errors, "preview console errors").toEqual([]);
});

test("preview a new post at its address before it is ever saved, following a new title", async ({ page, site }) => {
  await openAdminTab(page, site, "blog");
  await page.getByRole("button", { name: "Create New Post" }).click();
  await page
    .getByRole("dialog", { name: "Create New Post" })
    .getByRole("button", { name: "Create Empty Post" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Post" });
  await dialog.getByLabel("Title", { exact: true }).fill("Monsoon Marketing Plans");
  await dialog.getByLabel("Excerpt").fill("What to run when the rains come.");
  await dialog.getByLabel("Content").fill("## Before June\n\nBook the **billboards** early.");

  const { preview, errors } = await openPreview(page, dialog.getByRole("button", { name: "Preview" }));
  await expect(preview).toHaveURL(/\/blog\/monsoon-marketing-plans\?preview=[\w-]{16,64}$/);
  const reader = preview.getByRole("dialog", { name: "Monsoon Marketing Plans" });
  await expect(reader.getByRole("heading", { level: 2, name: "Before June" })).toBeVisible();
  await expect(reader.getByText("Book the billboards early.")).toBeVisible();
  // Over the modal reader too, the page says it is a preview.
  await expect(reader.getByText(BAR)).toBeVisible();
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  // A new title is a new address: the preview tab moves there.
  await dialog.getByLabel("Title", { exact: true }).fill("Monsoon Marketing Playbook");
  await expect(preview).toHaveURL(/\/blog\/monsoon-marketing-playbook\?preview=/);
  await expect(preview.getByRole("dialog", { name: "Monsoon Marketing Playbook" })).toBeVisible();

  // Still unsaved: no record, and no such address for anyone else.
  expect((await listPosts(site, "Monsoon")).length).toBe(0);
  const visitor = await fetch(`${site.url}/blog/monsoon-marketing-playbook`);
  expect(visitor.status).toBe(404);
  expect(errors, "preview console errors").toEqual([]);
});
