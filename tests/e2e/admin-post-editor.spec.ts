import type { Page } from "@playwright/test";
import { expect, openAdminTab, test, toast } from "./admin-helpers.ts";
import { createPost, postData, readPost } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

// "Edit Post" runs on the admin's one record engine, as the documents do: guarded, followed live.
test.describe.configure({ timeout: budget(90_000) });

const changedElsewhere = (page: Page) =>
  page
    .getByRole("dialog", { name: "Edit Post" })
    .getByRole("status")
    .filter({ hasText: "This post was changed elsewhere. Reload to see the changes." });

/** Opens the Blog tab and waits until the panel listens for saves made elsewhere. */
async function openBlogLive(page: Page, site: Parameters<typeof openAdminTab>[1]) {
  const listening = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await openAdminTab(page, site, "blog");
  await listening;
}

test("a dirty Edit Post asks before the browser tab closes; staying keeps the edit, a clean one closes", async ({
  page,
  site,
}) => {
  await createPost(site, postData({ title: "Post Guarded On Close", content: "The saved body." }));
  await openAdminTab(page, site, "blog");
  await page.getByRole("button", { name: "Edit Post Guarded On Close" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await editor.getByLabel("Content").fill("Typed, not saved.");

  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(editor.getByLabel("Content")).toHaveValue("Typed, not saved.");

  // Cancel discards the edit: nothing is left to warn about.
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(editor).toHaveCount(0);
  const dialogs: string[] = [];
  page.on("dialog", (next) => {
    dialogs.push(next.type());
    void next.accept();
  });
  const closed = page.waitForEvent("close");
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(dialogs).toEqual([]);
});

test("a post saved in another browser: an open clean Edit Post takes it, one with edits says so", async ({
  page,
  browser,
  site,
}) => {
  const post = await createPost(site, postData({ title: "Post Edited In Two Browsers", content: "The first body." }));
  await openBlogLive(page, site);
  await page.getByRole("button", { name: "Edit Post Edited In Two Browsers" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await expect(editor.getByLabel("Content")).toHaveValue("The first body.");

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await openAdminTab(other, site, "blog");
  /** The other administrator opens the post, changes one field and saves it. */
  async function saveInOther(field: string, value: string) {
    await other.getByRole("button", { name: "Edit Post Edited In Two Browsers" }).click();
    const theirs = other.getByRole("dialog", { name: "Edit Post" });
    await theirs.getByLabel(field, { exact: true }).fill(value);
    await theirs.getByRole("button", { name: "Save", exact: true }).click();
    await expect(theirs).toHaveCount(0);
    await expect(toast(other, "Post saved", "success").last()).toBeVisible();
  }

  // No edits here: the newer version is shown silently.
  await saveInOther("Content", "The second admin's body.");
  await expect(editor.getByLabel("Content")).toHaveValue("The second admin's body.");
  await expect(changedElsewhere(page)).toHaveCount(0);

  // With edits: they stay, and the editor says the post changed.
  await editor.getByLabel("Excerpt").fill("My unsaved excerpt.");
  await saveInOther("Content", "A third body.");
  await expect(changedElsewhere(page)).toBeVisible();
  await expect(editor.getByLabel("Excerpt")).toHaveValue("My unsaved excerpt.");
  await expect(editor.getByLabel("Content")).toHaveValue("The second admin's body.");
  expect(await readPost(site, post.id)).toMatchObject({ version: 3, data: { content: "A third body.", excerpt: "" } });

  await changedElsewhere(page).getByRole("button", { name: "Reload" }).click();
  await expect(editor.getByLabel("Content")).toHaveValue("A third body.");
  await expect(editor.getByLabel("Excerpt")).toHaveValue("");
  await expect(changedElsewhere(page)).toHaveCount(0);
  await elsewhere.close();
});
