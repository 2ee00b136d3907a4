import type { Page } from "@playwright/test";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPostInput as BlogPost } from "#content/schemas.ts";
import { expect, openAdminTab, test, toast } from "./admin-helpers.ts";
import type { Site } from "./fixtures.ts";
import { uploadImage } from "./media-helpers.ts";
import { callPosts as call, createPost, postData } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

// A link to one post (/admin?tab=blog&post=<id>&lang=) opens it in "Edit Post", in that language;
// closing the dialog takes the link from the address. The Media screen's "where it is used" links
// are such links. And the Blog tab's "In review" count and filter in each language count that
// language's posts in review.
test.describe.configure({ timeout: budget(120_000) });

const SINHALA_TITLE = "කලපු චාරිකා";

/** Saves post `id` in `locale` with these texts changed, as "Edit Post" would. */
async function saveIn(site: Site, id: string, locale: string, change: Record<string, unknown>) {
  const current = await call<PostRecord>(site, `/${id}?locale=${locale}`);
  return call(site, `/${id}?locale=${locale}`, "PUT", {
    version: current.version,
    data: { ...current.data, ...change },
  });
}

const editPost = (page: Page) => page.getByRole("dialog", { name: "Edit Post" });
const blogAddress = (site: Site) => `${site.url}/admin?tab=blog`;

test("a link opens the post in Edit Post, in the link's language; closing takes the link from the address", async ({
  page,
  site,
}) => {
  const image = await uploadImage(site, { name: "lagoon.png" });
  const post = await createPost(
    site,
    postData({
      title: "Lagoon Tours",
      excerpt: "Boats at dawn.",
      content: "## Dawn\n\nBoats.",
      image: image.url,
      status: "published",
    }),
  );
  await saveIn(site, post.id, "si", {
    title: SINHALA_TITLE,
    content: `## අලුයම\n\n![ඔරු](${image.url})`,
  });

  // English, the admin's language here.
  await openAdminTab(page, site, `blog&post=${post.id}`);
  const dialog = editPost(page);
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue("Lagoon Tours");
  await expect(dialog.getByRole("radio", { name: "English", exact: true })).toBeChecked();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(blogAddress(site));
  // A reload shows the tab alone.
  await page.reload();
  await expect(page.getByRole("list", { name: "Posts" })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // In Sinhala; the address follows the dialog's language switch, and Esc cleans it.
  await page.goto(`${site.url}/admin?tab=blog&post=${post.id}&lang=si`);
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(SINHALA_TITLE);
  await expect(dialog.getByRole("radio", { name: "සිංහල", exact: true })).toBeChecked();
  await dialog.getByRole("radio", { name: "தமிழ்", exact: true }).click();
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveAttribute("lang", "ta");
  await expect(page).toHaveURL(`${site.url}/admin?tab=blog&post=${post.id}&lang=ta`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(blogAddress(site));

  // The Media screen's uses link to the post, each in its language (the admin is in Tamil now).
  await page.goto(`${site.url}/admin/media`);
  await page.getByRole("list", { name: "Images" }).getByRole("button", { name: "Edit lagoon.png" }).click();
  const uses = page.getByRole("dialog", { name: "lagoon.png" });
  const english = uses.getByRole("link", { name: `Post "${post.slug}": Image` });
  const sinhala = uses.getByRole("link", { name: `Post "${post.slug}": Content (සිංහල)` });
  await expect(english).toHaveAttribute("href", `/admin?tab=blog&post=${post.id}&lang=en`);
  await expect(sinhala).toHaveAttribute("href", `/admin?tab=blog&post=${post.id}&lang=si`);
  await english.click();
  await expect(dialog.getByRole("radio", { name: "English", exact: true })).toBeChecked();
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue("Lagoon Tours");
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(blogAddress(site));

  await page.goBack();
  await page.getByRole("list", { name: "Images" }).getByRole("button", { name: "Edit lagoon.png" }).click();
  await sinhala.click();
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(SINHALA_TITLE);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(blogAddress(site));
});

test("a link to a post that no longer exists shows the tab with a clear error", async ({ page, site }) => {
  const post = await createPost(site, postData({ title: "Gone Tomorrow" }));
  await call(site, `/${post.id}`, "DELETE");

  // Watched from the start: the toast shows for 6 s once the server refuses the post, which on a busy
  // machine can all pass while openAdminTab still waits for the panel to hydrate.
  const refused = expect(toast(page, "That post does not exist (it may have been deleted).", "error")).toBeVisible({
    timeout: budget(30_000),
  });
  await openAdminTab(page, site, `blog&post=${post.id}&lang=si`);
  await refused;
  await expect(editPost(page)).toHaveCount(0);
  await expect(page).toHaveURL(blogAddress(site));
  await expect(page.getByRole("list", { name: "Posts" })).toBeVisible();
});

test("the Blog tab's In review count and filter are each language's own", async ({ page, site }) => {
  const draft = (title: string, fields: Partial<BlogPost> = {}) =>
    createPost(
      site,
      postData({ title, excerpt: `About ${title}.`, content: `## ${title}`, status: "draft", ...fields }),
    );
  await draft("Cinnamon Trails", { review: true });
  await draft("Gem Fairs", { review: true });
  const pepper = await draft("Pepper Farms");
  await saveIn(site, pepper.id, "si", { title: "ගම්මිරිස් ගොවිපළ", review: true });

  await openAdminTab(page, site, "blog");
  const show = page.getByLabel("Show");
  const cards = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
  await expect(page.getByRole("tab", { name: "Blog 2 posts in review" })).toBeVisible();
  await show.selectOption({ label: "In review" });
  await expect(cards).toHaveCount(2);
  await expect(page.getByText("2 found")).toBeVisible();

  await page.getByRole("radio", { name: "සිංහල", exact: true }).first().click();
  await expect(page.getByRole("tab", { name: "Blog 1 post in review in Sinhala" })).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("ගම්මිරිස් ගොවිපළ");
  await expect(page.getByText("1 found")).toBeVisible();

  await page.getByRole("radio", { name: "தமிழ்", exact: true }).first().click();
  await expect(page.getByRole("tab", { name: "Blog", exact: true })).toBeVisible();
  await expect(page.getByText("No posts wait for review.")).toBeVisible();

  await page.getByRole("radio", { name: "English", exact: true }).first().click();
  await expect(page.getByRole("tab", { name: "Blog 2 posts in review" })).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: "Cinnamon Trails" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "Pepper Farms" })).toHaveCount(0);
});
