import type { Locator, Page } from "@playwright/test";
import type { ServicesContent } from "#content/schemas.ts";
import { expect, expectNoAxeViolations, openAdminTab, saveButton, signIn, test, toast } from "./admin-helpers.ts";
import { createPost, findPost, postData, readPost } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Several engineers share two CPU cores: give a cold server room.
test.describe.configure({ timeout: budget(90_000) });

const pageTitle = (page: Page) => page.getByLabel("Page Title");
const notice = (page: Page | Locator) => page.getByRole("status").filter({ hasText: "You have unsaved changes from" });

/** Reloads the admin as a person would, confirming the browser's "leave site?" question, and waits for React. */
async function reload(page: Page) {
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await page.waitForFunction(() =>
    [...document.querySelectorAll("button")].some(
      (b) => /^Save /.test(b.textContent ?? "") && Object.keys(b).some((k) => k.startsWith("__reactProps")),
    ),
  );
}

/** The drafts this browser holds in localStorage. */
const keptDrafts = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("agency-admin-draft:")));

test("a Services title typed before a reload is offered, restored and saved to the public page", async ({
  page,
  site,
}) => {
  const saved = (await site.read<ServicesContent>("services")).data.title;
  await openAdminTab(page, site, "services");
  await pageTitle(page).fill("Services that survived a reload");
  await reload(page);

  await expect(notice(page)).toContainText("You have unsaved changes from less than a minute ago.");
  // Nothing is put in the editor until the owner chooses.
  await expect(pageTitle(page)).toHaveValue(saved);
  await notice(page).getByRole("button", { name: "Restore" }).click();
  await expect(notice(page)).toHaveCount(0);
  await expect(pageTitle(page)).toHaveValue("Services that survived a reload");
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();

  await saveButton(page, "Save Services Content").click();
  await expect(toast(page, "Services content updated successfully", "success")).toBeVisible();
  expect((await site.read<ServicesContent>("services")).data.title).toBe("Services that survived a reload");
  expect(await keptDrafts(page)).toEqual([]);

  await page.goto(`${site.url}/services`);
  await expect(page.getByRole("heading", { level: 1, name: "Services that survived a reload" })).toBeVisible();
});

test("Discard forgets the kept draft and leaves the saved text; the tab shows where a draft waits", async ({
  page,
  site,
}) => {
  const before = await site.read<ServicesContent>("services");
  await openAdminTab(page, site, "services");
  await pageTitle(page).fill("A title to throw away");
  await reload(page);
  await page.goto(`${site.url}/admin?tab=home`);
  await expect(page.getByRole("tab", { name: "Services (unsaved changes kept on this device)" })).toBeVisible();
  await page.getByRole("tab", { name: /^Services/ }).click();
  await expect(notice(page)).toBeVisible();
  await expectNoAxeViolations(page);

  await notice(page).getByRole("button", { name: "Discard" }).click();
  await expect(notice(page)).toHaveCount(0);
  await expect(pageTitle(page)).toHaveValue(before.data.title);
  await expect(page.getByRole("tab", { name: "Services", exact: true })).toBeVisible();
  expect(await keptDrafts(page)).toEqual([]);

  await reload(page);
  await expect(pageTitle(page)).toHaveValue(before.data.title);
  await expect(notice(page)).toHaveCount(0);
  expect(await site.read("services")).toEqual(before);
});

test("a restored draft whose version was saved over in between meets the conflict dialog", async ({ page, site }) => {
  const before = await site.read<ServicesContent>("services");
  await openAdminTab(page, site, "services");
  await pageTitle(page).fill("My title from before the crash");
  await expect.poll(() => keptDrafts(page)).toHaveLength(1);
  await site.save("services", { ...before.data, title: "Their title saved meanwhile" });
  await reload(page);

  await expect(pageTitle(page)).toHaveValue("Their title saved meanwhile");
  await notice(page).getByRole("button", { name: "Restore" }).click();
  await expect(pageTitle(page)).toHaveValue("My title from before the crash");
  await expect(page.getByText("This section was changed elsewhere. Reload to see the changes.")).toBeVisible();
  await saveButton(page, "Save Services Content").click();
  const dialog = page.getByRole("dialog", { name: "Someone else saved this section" });
  await expect(dialog).toContainText(`(version ${before.version + 1}) after you opened it`);
  expect((await site.read<ServicesContent>("services")).data.title).toBe("Their title saved meanwhile");

  await dialog.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(toast(page, "Services content updated successfully", "success")).toBeVisible();
  const after = await site.read<ServicesContent>("services");
  expect(after).toMatchObject({ version: before.version + 2, data: { title: "My title from before the crash" } });
  await site.save("services", before.data);
});

test("a post's body edit survives a reload and restores into a save", async ({ page, site }) => {
  const post = await createPost(site, postData({ title: "Recovery Post", content: "The saved body." }));
  await openAdminTab(page, site, "blog");
  await page.getByRole("button", { name: "Edit Recovery Post" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await editor.getByLabel("Content").fill("A body typed before the reload.");
  await reload(page);

  await page.getByRole("button", { name: "Edit Recovery Post" }).click();
  await expect(notice(editor)).toBeVisible();
  await expect(editor.getByLabel("Content")).toHaveValue("The saved body.");
  await notice(editor).getByRole("button", { name: "Restore" }).click();
  await expect(editor.getByLabel("Content")).toHaveValue("A body typed before the reload.");
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post saved", "success")).toBeVisible();
  expect(await readPost(site, post.id)).toMatchObject({
    version: 2,
    data: { content: "A body typed before the reload." },
  });
  expect(await keptDrafts(page)).toEqual([]);
});

test("closing the page keeps a post's edit and a new post, each offered when opened again", async ({
  page,
  context,
  site,
}) => {
  await createPost(site, postData({ title: "Closed Tab Post", content: "Saved." }));
  await openAdminTab(page, site, "blog");
  await page.getByRole("button", { name: "Edit Closed Tab Post" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await editor.getByLabel("Excerpt").fill("Typed, then the tab was closed.");
  // Kept within half a second of typing, without waiting for the page to be hidden.
  await expect.poll(() => keptDrafts(page)).toHaveLength(1);
  await page.close();

  const again = await context.newPage();
  await openAdminTab(again, site, "blog");
  await again.getByRole("button", { name: "Edit Closed Tab Post" }).click();
  const reopened = again.getByRole("dialog", { name: "Edit Post" });
  await notice(reopened).getByRole("button", { name: "Restore" }).click();
  await expect(reopened.getByLabel("Excerpt")).toHaveValue("Typed, then the tab was closed.");
  await reopened.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(again, "Post saved", "success")).toBeVisible();
  expect((await findPost(site, "Closed Tab Post")).data.excerpt).toBe("Typed, then the tab was closed.");

  // A new post, never saved, is offered the next time a new post is started.
  await again.getByRole("button", { name: "Create New Post" }).click();
  await again
    .getByRole("dialog", { name: "Create New Post" })
    .getByRole("button", { name: "Create Empty Post" })
    .click();
  await reopened.getByLabel("Title", { exact: true }).fill("A New Post From A Closed Tab");
  await expect.poll(() => keptDrafts(again)).toHaveLength(1);
  await again.close();

  const third = await context.newPage();
  await openAdminTab(third, site, "blog");
  await third.getByRole("button", { name: "Create New Post" }).click();
  await third
    .getByRole("dialog", { name: "Create New Post" })
    .getByRole("button", { name: "Create Empty Post" })
    .click();
  const fresh = third.getByRole("dialog", { name: "Edit Post" });
  await expect(fresh.getByLabel("Title", { exact: true })).toHaveValue("");
  await notice(fresh).getByRole("button", { name: "Restore" }).click();
  await expect(fresh.getByLabel("Title", { exact: true })).toHaveValue("A New Post From A Closed Tab");
  await fresh.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(third, "Post saved", "success")).toBeVisible();
  expect((await findPost(site, "A New Post From A Closed Tab")).version).toBe(1);
  expect(await keptDrafts(third)).toEqual([]);
});

test("signing out keeps the admin's draft for their next sign-in on this device", async ({ page, site }) => {
  await signIn(page, site, "services");
  await pageTitle(page).fill("Typed just before signing out");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "Successfully logged out.", "success")).toBeVisible();
  // Kept at the latest when the panel closes, which follows the toast.
  await expect.poll(() => keptDrafts(page)).toEqual(["agency-admin-draft:owner@example.lk:document:services"]);

  await signIn(page, site, "services");
  await notice(page).getByRole("button", { name: "Restore" }).click();
  await expect(pageTitle(page)).toHaveValue("Typed just before signing out");
});

test("signing out with a post open keeps its edit for the next sign-in", async ({ page, site }) => {
  const post = await createPost(site, postData({ title: "Post Open At Sign Out", content: "Saved." }));
  await signIn(page, site, "blog");
  await page.getByRole("button", { name: "Edit Post Open At Sign Out" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await editor.getByLabel("Content").fill("Typed just before signing out.");
  // The dialog covers the header: the Logout button is clicked behind it, as a session ending elsewhere would be.
  await page.getByRole("button", { name: "Logout", includeHidden: true }).dispatchEvent("click");
  await expect(toast(page, "Successfully logged out.", "success")).toBeVisible();
  await expect.poll(() => keptDrafts(page)).toEqual([`agency-admin-draft:owner@example.lk:post:${post.id}`]);

  await signIn(page, site, "blog");
  await page.getByRole("button", { name: "Edit Post Open At Sign Out" }).click();
  await notice(editor).getByRole("button", { name: "Restore" }).click();
  await expect(editor.getByLabel("Content")).toHaveValue("Typed just before signing out.");
});
