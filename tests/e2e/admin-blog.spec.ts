import type { Page } from "@playwright/test";
import type { BlogContent } from "#content/schemas.ts";
import { todayIsoDate } from "#content/rules.ts";
import { expect, expectNoAxeViolations, openAdminTab, test, toast } from "./admin-helpers.ts";
import {
  createPost,
  findPost,
  listPage,
  listPosts,
  postData,
  readPost,
  seedPosts,
  updatePost,
} from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Several engineers share two CPU cores: give a cold server and axe room.
test.describe.configure({ timeout: budget(90_000) });

const postCards = (page: Page) => page.getByRole("list", { name: "Posts" }).getByRole("listitem");
const card = (page: Page, title: string) => postCards(page).filter({ hasText: title });

/** Opens the Blog tab signed in (the session cookie) and waits until the panel listens for saves made elsewhere. */
async function signInLive(page: Page, site: Parameters<typeof openAdminTab>[1]) {
  const listening = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await openAdminTab(page, site, "blog");
  await listening;
}

test("create an empty post, write it, feature it, see it on Home, then delete it", async ({ page, site }) => {
  await openAdminTab(page, site, "blog");
  await page.getByRole("button", { name: "Create New Post" }).click();
  await page
    .getByRole("dialog", { name: "Create New Post" })
    .getByRole("button", { name: "Create Empty Post" })
    .click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await expect(editor).toHaveAccessibleDescription(/Save publishes the post/);
  await expect(editor.getByRole("button", { name: "History" })).toHaveCount(0);
  await expect(editor.getByLabel("Date")).toHaveValue(todayIsoDate());
  await expect(editor.getByLabel("Read Time")).toHaveValue("1 min read");
  await editor.getByLabel("Title", { exact: true }).fill("Tea Exports in 2030");
  await editor.getByLabel("Excerpt").fill("Where Ceylon tea goes next.");
  await editor.getByLabel("Content").fill("## Markets\n\nNew buyers in **Asia**.");
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post saved", "success")).toBeVisible();
  await expect(editor).toHaveCount(0);

  // Saved at once, as a record of its own; the blog document's Save button has nothing to do.
  const stored = await findPost(site, "Tea Exports in 2030");
  expect(stored).toMatchObject({
    version: 1,
    data: {
      excerpt: "Where Ceylon tea goes next.",
      content: "## Markets\n\nNew buyers in **Asia**.",
      date: todayIsoDate(),
      readTime: "1 min read",
      featured: false,
    },
  });
  expect(Date.parse(stored.data.updatedAt!)).not.toBeNaN();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);

  const tea = card(page, "Tea Exports in 2030");
  await expect(tea).toContainText(todayIsoDate());
  await tea.getByRole("switch", { name: "Featured: Tea Exports in 2030" }).click();
  await expect(tea.getByRole("switch", { name: "Featured: Tea Exports in 2030" })).toBeChecked();
  await expect(tea.getByText("Featured", { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await readPost(site, stored.id)).data.featured).toBe(true);
  expect((await readPost(site, stored.id)).data).toMatchObject({
    title: "Tea Exports in 2030",
    excerpt: stored.data.excerpt,
  });

  const home = await page.context().newPage();
  await home.goto(site.url);
  await expect(home.getByRole("heading", { name: "Featured Insights" })).toBeVisible();
  await expect(home.getByText("Tea Exports in 2030")).toBeVisible();
  await home.close();

  await tea.getByRole("button", { name: "Delete Tea Exports in 2030" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete post?" });
  await expect(confirm).toContainText("Tea Exports in 2030");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(tea).toHaveCount(1);

  await tea.getByRole("button", { name: "Delete Tea Exports in 2030" }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Post deleted", "success")).toBeVisible();
  await expect(tea).toHaveCount(0);
  await expect(page.getByLabel("Search posts")).toBeFocused();
  expect(await listPosts(site, "Tea Exports in 2030")).toEqual([]);
});

test("the post editor loads the post and its Cancel discards the edits", async ({ page, site }) => {
  const post = await createPost(site, postData({ title: "Cancel keeps me", content: "The stored body." }));
  await openAdminTab(page, site, "blog");
  // The body comes a moment later, as it may over a slow line.
  await page.route(`**/api/posts/${post.id}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await card(page, "Cancel keeps me").getByRole("button", { name: "Edit Cancel keeps me" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await expect(editor.getByRole("status")).toHaveText("Loading post…");
  await expect(editor.getByLabel("Content")).toHaveValue("The stored body.");
  await expect(editor.getByLabel("Title", { exact: true })).toBeFocused();
  await editor.getByLabel("Title", { exact: true }).fill("Not kept");
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(editor).toHaveCount(0);
  await expect(card(page, "Cancel keeps me")).toHaveCount(1);
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  expect(await readPost(site, post.id)).toEqual(post);
});

test("Save Blog Content saves the page title and subtitle only", async ({ page, site }) => {
  const before = await site.read<BlogContent>("blog");
  const posts = await listPosts(site);
  await openAdminTab(page, site, "blog");
  await page.getByLabel("Page Title").fill("Insights from Colombo");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Save Blog Content" }).click();
  await expect(toast(page, "Blog content updated successfully", "success")).toBeVisible();
  expect((await site.read<BlogContent>("blog")).data).toEqual({ ...before.data, title: "Insights from Colombo" });
  expect(await listPosts(site)).toEqual(posts);
});

test("blog AI: disabled with an empty title, toasts for a blank title and for failures", async ({ page, site }) => {
  await openAdminTab(page, site, "blog");
  await page.getByRole("button", { name: "Create New Post" }).click();
  await page.getByRole("button", { name: "Create Empty Post" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  const description = editor.getByRole("button", { name: "Generate Description" });
  const full = editor.getByRole("button", { name: "Generate Full Content" });
  await expect(description).toBeDisabled();
  await expect(full).toBeDisabled();
  await editor.getByLabel("Title", { exact: true }).fill("  ");
  await description.click();
  await expect(toast(page, "Please enter a post title first", "error")).toBeVisible();
  // The open dialog hides the rest of the page from screen readers, but not the toaster's live region.
  const notifications = page.getByRole("region", { name: /^Notifications/ });
  await expect(notifications.getByText("Please enter a post title first")).toBeVisible();
  await editor.getByLabel("Title", { exact: true }).fill("Digital payments for small shops");
  await description.click();
  await expect(toast(page, "Failed to generate description", "error")).toBeVisible();
  await full.click();
  await expect(toast(page, "Failed to generate blog content", "error")).toBeVisible();
  await expect(editor.getByLabel("Content")).toHaveValue("");
  await expect(full).toBeEnabled();
});

test("a post changed elsewhere: the cards follow live, a stale save offers theirs, History restores", async ({
  page,
  site,
}) => {
  const post = await createPost(site, postData({ title: "Rice exports", date: "2031-06-01", content: "First draft." }));
  await signInLive(page, site);
  await expect(card(page, "Rice exports")).toHaveCount(1);

  await updatePost(site, post.id, { title: "Rice exports in 2031" });
  await expect(card(page, "Rice exports in 2031")).toHaveCount(1);

  await card(page, "Rice exports in 2031").getByRole("button", { name: "Edit Rice exports in 2031" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await expect(editor.getByLabel("Content")).toHaveValue("First draft.");
  // Typed before their save arrives: an open post with no edits would take it silently.
  await editor.getByLabel("Content").fill("My draft.");
  await updatePost(site, post.id, { content: "Their draft." });
  await expect(editor.getByText("This post was changed elsewhere. Reload to see the changes.")).toBeVisible();
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  const conflict = page.getByRole("dialog", { name: "Someone else saved this post" });
  await expect(conflict).toContainText("(version 3)");
  await conflict.getByRole("button", { name: "Keep editing" }).click();
  await expect(conflict).toHaveCount(0);
  await expect(editor.getByLabel("Content")).toHaveValue("My draft.");
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await conflict.getByRole("button", { name: "Reload theirs" }).click();
  await expect(editor.getByLabel("Content")).toHaveValue("Their draft.");
  expect((await readPost(site, post.id)).data.content).toBe("Their draft.");

  await editor.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "History of “Rice exports in 2031”" });
  const versions = history.getByRole("list", { name: "Versions" }).getByRole("listitem");
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText("Version 3");
  await expect(versions.first()).toContainText("Current");
  await history.getByRole("button", { name: "Restore version 1" }).click();
  await expect(toast(page, "Version 1 restored as version 4.", "success")).toBeVisible();
  await expect(history).toHaveCount(0);
  await expect(editor.getByLabel("Title", { exact: true })).toHaveValue("Rice exports");
  await expect(editor.getByLabel("Content")).toHaveValue("First draft.");
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, "Rice exports")).toHaveCount(1);
  expect(await readPost(site, post.id)).toMatchObject({
    version: 4,
    data: { title: "Rice exports", content: "First draft." },
  });
});

test("Blog tab with many posts: search, paging, and opening and saving one post", async ({ page, site }) => {
  const day = (index: number) => new Date(Date.UTC(2024, 0, 1 + index)).toISOString().slice(0, 10);
  await seedPosts(site, 60, (index) => ({
    title: `${index % 10 === 0 ? "Kithul" : "Harbour"} notes ${String(index + 1).padStart(2, "0")}`,
    excerpt: `Seeded excerpt ${index + 1}.`,
    content: `Seeded body number ${index + 1}.`,
    date: day(index),
    placementId: index,
  }));
  const before = await listPosts(site);
  const first = await listPage(site);
  const second = await listPage(site, "", 2);
  expect(first.total).toBe(before.length);
  expect(first.pages).toBeGreaterThanOrEqual(3);

  const writes: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/posts") && request.method() !== "GET")
      writes.push(`${request.method()} ${url.pathname}`);
  });
  await openAdminTab(page, site, "blog");
  await expect(postCards(page)).toHaveCount(24);
  await expect(page.getByText(`${first.total} posts`)).toBeVisible();
  await expect(page.getByText(`Page 1 of ${first.pages}`)).toBeVisible();
  await expect(postCards(page).first()).toContainText(first.posts[0]!.title);
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();

  // The search is the server's: six seeded titles say "Kithul".
  await page.getByLabel("Search posts").fill("Kithul");
  await expect(page.getByText("6 found")).toBeVisible();
  await expect(postCards(page)).toHaveCount(6);
  await expect(postCards(page).filter({ hasText: "Harbour" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Post pages" })).toHaveCount(0);
  await page.getByLabel("Search posts").fill("no post says this");
  await expect(page.getByText("No posts match “no post says this”.")).toBeVisible();
  await page.getByLabel("Search posts").fill("");
  await expect(postCards(page)).toHaveCount(24);

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(`Page 2 of ${first.pages}`)).toBeVisible();
  await expect(postCards(page).first()).toContainText(second.posts[0]!.title);
  await expect(postCards(page).last()).toContainText(second.posts.at(-1)!.title);
  await expect(page.getByRole("button", { name: "Previous" })).toBeEnabled();
  await expectNoAxeViolations(page);

  const target = second.posts.find((post) => post.title.startsWith("Harbour"))!;
  const number = Number(target.title.slice(-2));
  await card(page, target.title)
    .getByRole("button", { name: `Edit ${target.title}` })
    .click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await expect(editor.getByLabel("Content")).toHaveValue(`Seeded body number ${number}.`);
  await expect(editor.getByLabel("Title", { exact: true })).toHaveValue(target.title);
  await editor.getByLabel("Excerpt").fill("Edited on page two.");
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post saved", "success")).toBeVisible();
  await expect(editor).toHaveCount(0);
  await expect(card(page, target.title)).toContainText("Edited on page two.");
  await expect(page.getByText(`Page 2 of ${first.pages}`)).toBeVisible();

  // One post was sent and changed; every other post is as it was.
  expect(writes).toEqual([`PUT /api/posts/${target.id}`]);
  const stored = await readPost(site, target.id);
  expect(stored).toMatchObject({
    version: target.version + 1,
    data: { title: target.title, excerpt: "Edited on page two.", content: `Seeded body number ${number}.` },
  });
  const after = await listPosts(site);
  expect(after.filter((post) => post.id !== target.id)).toEqual(before.filter((post) => post.id !== target.id));
});
