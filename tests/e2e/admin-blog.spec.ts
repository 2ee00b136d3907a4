import type { BlogContent } from "#content/schemas.ts";
import { todayIsoDate } from "#content/rules.ts";
import { expect, signIn, test, toast } from "./admin-helpers.ts";

// Several engineers share two CPU cores: give a cold server and axe room.
test.describe.configure({ timeout: 90_000 });

test("create an empty post, write it, feature it, see it on Home, then delete it", async ({ page, site }) => {
  await signIn(page, site, "blog");
  await page.getByRole("button", { name: "Create New Post" }).click();
  await page
    .getByRole("dialog", { name: "Create New Post" })
    .getByRole("button", { name: "Create Empty Post" })
    .click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await expect(editor.getByLabel("Date")).toHaveValue(todayIsoDate());
  await expect(editor.getByLabel("Read Time")).toHaveValue("1 min read");
  await editor.getByLabel("Title", { exact: true }).fill("Tea Exports in 2030");
  await editor.getByLabel("Excerpt").fill("Where Ceylon tea goes next.");
  await editor.getByLabel("Content").fill("## Markets\n\nNew buyers in **Asia**.");
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(editor).toHaveCount(0);

  const card = page
    .getByRole("list", { name: "Posts" })
    .getByRole("listitem")
    .filter({ hasText: "Tea Exports in 2030" });
  await expect(card).toContainText(todayIsoDate());
  await card.getByRole("switch", { name: "Featured: Tea Exports in 2030" }).click();
  await expect(card.getByText("Featured", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Save Blog Content" }).click();
  await expect(toast(page, "Blog content updated successfully", "success")).toBeVisible();

  const stored = (await site.read<BlogContent>("blog")).data.posts.find((p) => p.title === "Tea Exports in 2030")!;
  expect(stored).toMatchObject({
    excerpt: "Where Ceylon tea goes next.",
    date: todayIsoDate(),
    readTime: "1 min read",
    featured: true,
  });
  expect(Date.parse(stored.updatedAt!)).not.toBeNaN();

  const home = await page.context().newPage();
  await home.goto(site.url);
  await expect(home.getByRole("heading", { name: "Featured Insights" })).toBeVisible();
  await expect(home.getByText("Tea Exports in 2030")).toBeVisible();
  await home.close();

  await card.getByRole("button", { name: "Delete Tea Exports in 2030" }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole("button", { name: "Save Blog Content" }).click();
  await expect
    .poll(async () => (await site.read<BlogContent>("blog")).data.posts.some((p) => p.title === "Tea Exports in 2030"))
    .toBe(false);
});

test("the post editor's Cancel discards its edits", async ({ page, site }) => {
  const before = (await site.read<BlogContent>("blog")).data.posts;
  await signIn(page, site, "blog");
  const first = page.getByRole("list", { name: "Posts" }).getByRole("listitem").first();
  const title = (await first.getByRole("button", { name: /^Edit / }).getAttribute("aria-label"))!.replace(/^Edit /, "");
  await first.getByRole("button", { name: /^Edit / }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await editor.getByLabel("Title", { exact: true }).fill("Not kept");
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(first).toContainText(title);
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  expect((await site.read<BlogContent>("blog")).data.posts).toEqual(before);
});

test("blog AI: disabled with an empty title, toasts for a blank title and for failures", async ({ page, site }) => {
  await signIn(page, site, "blog");
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
  await editor.getByLabel("Title", { exact: true }).fill("Digital payments for small shops");
  await description.click();
  await expect(toast(page, "Failed to generate description", "error")).toBeVisible();
  await full.click();
  await expect(toast(page, "Failed to generate blog content", "error")).toBeVisible();
  await expect(editor.getByLabel("Content")).toHaveValue("");
  await expect(full).toBeEnabled();
});
