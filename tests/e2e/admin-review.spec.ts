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

// "In review" (issue 28): a Writer submits their draft for review in "Edit Post"; an Editor finds it
// on the Blog tab ("Show: In review", the tab's count) and publishes it, which clears the mark.
test.describe.configure({ timeout: budget(150_000) });

const WRITER = { email: "nimali@agency.lk", password: "writer-password-1" };
const EDITOR = { email: "kasun@agency.lk", password: "editor-password-1" };
const TITLE = "Monsoon marketing checklist";

async function addAccount(site: Site, account: { email: string; password: string }, role: string) {
  const response = await fetch(`${site.url}/api/accounts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url, Cookie: await site.adminCookie() },
    body: JSON.stringify({ ...account, role }),
  });
  expect(response.status).toBe(201);
}

/** With SCREENSHOTS_DIR set, keeps a picture of the page for a person to look at. */
async function picture(page: Page, name: string) {
  const dir = process.env["SCREENSHOTS_DIR"];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test("a Writer submits a draft for review; an Editor finds it in review and publishes it", async ({
  page,
  browser,
  site,
}) => {
  await addAccount(site, WRITER, "writer");
  await addAccount(site, EDITOR, "editor");

  // The Writer, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, site, WRITER, "blog");
  await page.getByRole("button", { name: "Create New Post" }).click();
  await page.getByRole("button", { name: "Create Empty Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Post" });
  await dialog.getByLabel("Title").fill(TITLE);
  await dialog.getByLabel("Excerpt").fill("What to check before the rains.");
  await dialog.getByLabel("Content").fill("## Before the rains\n\nCheck your delivery promises.");
  await dialog.getByRole("button", { name: "Submit for review" }).click();
  await expect(toast(page, "Post submitted for review")).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("listitem").filter({ hasText: TITLE });
  await expect(card.getByText("In review", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: `Edit ${TITLE}` }).click();
  await expect(dialog.getByText("In review", { exact: true })).toBeVisible();
  await expect(dialog.getByText("An Editor or Administrator will look at it and publish it.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Withdraw" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Submit for review" })).toHaveCount(0);
  await fitsWidth(page, 390);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Withdraw" }).scrollIntoViewIfNeeded();
  await picture(page, "writer-edit-post-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: "Withdraw" }).scrollIntoViewIfNeeded();
  await picture(page, "writer-edit-post-1280");

  // Editing it keeps it in review.
  await dialog.getByLabel("Excerpt").fill("What to check before the monsoon rains.");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("In review", { exact: true })).toBeVisible();

  // The Editor, on a desktop: the Blog tab counts the post waiting.
  const other = await secondBrowser(browser);
  const editor = other.page;
  await editor.setViewportSize({ width: 1280, height: 900 });
  await signInAs(editor, site, EDITOR, "blog");
  await expect(editor.getByRole("tab", { name: "Blog 1 post in review" })).toBeVisible();
  await editor.getByLabel("Show").selectOption({ label: "In review" });
  const posts = editor.getByRole("list", { name: "Posts" }).getByRole("listitem");
  await expect(posts).toHaveCount(1);
  await expect(posts.first()).toContainText(TITLE);
  await expect(posts.first().getByText("In review", { exact: true })).toBeVisible();
  await expectNoAxeViolations(editor);
  await picture(editor, "editor-list-1280");
  await editor.setViewportSize({ width: 390, height: 844 });
  await fitsWidth(editor, 390);
  await posts.first().scrollIntoViewIfNeeded();
  await picture(editor, "editor-list-390");

  await posts
    .first()
    .getByRole("button", { name: `Edit ${TITLE}` })
    .click();
  const editing = editor.getByRole("dialog", { name: "Edit Post" });
  await expect(editing.getByText("A Writer asked for this draft to be reviewed.")).toBeVisible();
  await expect(editing.getByRole("button", { name: "Back to draft" })).toBeVisible();
  await expectNoAxeViolations(editor);
  await editing.getByRole("button", { name: "Back to draft" }).scrollIntoViewIfNeeded();
  await picture(editor, "editor-edit-post-390");
  await editing.getByRole("radio", { name: "Published" }).check();
  await editing.getByRole("button", { name: "Save" }).click();
  await expect(toast(editor, "Post saved")).toBeVisible();
  await expect(editing).toBeHidden();

  // Published: nothing waits any more, and the count is gone (live, in the Writer's list too).
  await expect(editor.getByText("No posts wait for review.")).toBeVisible();
  await expect(editor.getByRole("tab", { name: "Blog", exact: true })).toBeVisible();
  await editor.getByLabel("Show").selectOption({ label: "Published" });
  await expect(posts.filter({ hasText: TITLE }).getByText("Published", { exact: true })).toBeVisible();
  await expect(card.getByText("Published", { exact: true })).toBeVisible();
  await other.context.close();
  expect(other.errors).toEqual([]);
});
