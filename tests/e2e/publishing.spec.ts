import { parseFeed } from "@rowanmanning/feed-parser";
import type { Page } from "@playwright/test";
import { expect, signIn, test, toast } from "./admin-helpers.ts";
import { gotoLive } from "./fixtures.ts";
import { createPost, findPost, postData, updatePost } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Drafts and scheduled posts (issue 13, items 1–2): only published posts reach visitors,
// crawlers and feed readers; a scheduled post goes live at its time with nobody saving.

test.describe.configure({ timeout: budget(90_000) });

/** Every public surface a post can appear on, as a visitor (no cookie) gets it. */
async function publicSurfaces(site: { url: string }, slug: string) {
  const get = async (path: string) => {
    const response = await fetch(`${site.url}${path}`);
    return { status: response.status, text: await response.text() };
  };
  const [blog, home, sitemap, feed, post] = await Promise.all(
    ["/blog", "/", "/sitemap.xml", "/blog/feed.xml", `/blog/${slug}`].map(get),
  );
  return {
    blog: blog!.text,
    home: home!.text,
    sitemap: sitemap!.text,
    feedTitles: parseFeed(feed!.text).items.map((item) => item.title),
    postStatus: post!.status,
  };
}

test("a draft stays off every public surface until it is published", async ({ site }) => {
  const title = "Draft Strategy For Kandy Hotels";
  const draft = await createPost(site, postData({ title, featured: true, date: "2026-11-01", status: "draft" }));
  const hidden = await publicSurfaces(site, draft.slug);
  expect(hidden.blog).not.toContain(title);
  expect(hidden.home).not.toContain(title);
  expect(hidden.sitemap).not.toContain(draft.slug);
  expect(hidden.feedTitles).not.toContain(title);
  expect(hidden.postStatus).toBe(404);

  // The same checks see it once it is published (so they are not blind).
  await updatePost(site, draft.id, { status: "published" });
  const shown = await publicSurfaces(site, draft.slug);
  expect(shown.blog).toContain(title);
  expect(shown.home).toContain(title);
  expect(shown.sitemap).toContain(`/blog/${draft.slug}`);
  expect(shown.feedTitles).toContain(title);
  expect(shown.postStatus).toBe(200);

  // Back to draft: gone again, and its address answers 404 once more.
  await updatePost(site, draft.id, { status: "draft" });
  const again = await publicSurfaces(site, draft.slug);
  expect(again.blog).not.toContain(title);
  expect(again.postStatus).toBe(404);
});

test("a post scheduled seconds ahead appears on an open /blog page at its time, without a reload or a save", async ({
  page,
  site,
}) => {
  const title = "Scheduled For Galle Face";
  // The page is live (listening for saves) before the post is written.
  await gotoLive(page, `${site.url}/blog`);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const publishAt = new Date(Date.now() + budget(5_000)).toISOString();
  const created = await createPost(site, postData({ title, date: "2030-01-01", publishAt }));
  // Its date is the day it goes live on the site's clock (Colombo), not the one sent.
  expect(created.data.date).not.toBe("2030-01-01");

  // Not before its time: the save itself refreshed the page, without the post.
  await page.waitForTimeout(1_000);
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  expect((await fetch(`${site.url}/blog/${created.slug}`)).status).toBe(404);

  await expect(page.getByRole("heading", { name: title })).toBeVisible({ timeout: budget(20_000) });
  expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // The cached pages were dropped for every visitor: a fresh request has it too.
  expect(await (await fetch(`${site.url}/blog`)).text()).toContain(title);
  expect((await fetch(`${site.url}/blog/${created.slug}`)).status).toBe(200);
});

const postCards = (page: Page) => page.getByRole("list", { name: "Posts" }).getByRole("listitem");
const card = (page: Page, title: string) => postCards(page).filter({ hasText: title });

async function openPost(page: Page, title: string) {
  await card(page, title)
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await expect(editor.getByLabel("Title", { exact: true })).toHaveValue(title);
  return editor;
}

async function save(page: Page) {
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post saved", "success").last()).toBeVisible();
  await expect(editor).toHaveCount(0);
}

test("the Blog tab shows each post's state and can draft, schedule and publish a post", async ({ page, site }) => {
  const title = "Negombo Lagoon Tourism Notes";
  await createPost(site, postData({ title, date: "2026-01-05" }));
  await signIn(page, site, "blog");
  await expect(card(page, title).getByText("Published", { exact: true })).toBeVisible();

  // Back to draft.
  let editor = await openPost(page, title);
  await editor.getByRole("radio", { name: "Draft" }).check();
  await expect(editor.getByRole("status").filter({ hasText: "Only admins can see a draft" })).toBeVisible();
  await save(page);
  await expect(card(page, title).getByText("Draft", { exact: true })).toBeVisible();
  let stored = await findPost(site, title);
  expect(stored.data).toMatchObject({ status: "draft" });
  expect(stored.data.publishAt).toBeUndefined();
  expect((await fetch(`${site.url}/blog/${stored.slug}`)).status).toBe(404);

  // Scheduled for a date and time on the site's clock (Asia/Colombo, UTC+05:30).
  editor = await openPost(page, title);
  await editor.getByRole("radio", { name: "Scheduled" }).check();
  await editor.getByLabel("Publish date").fill("2031-02-14");
  await editor.getByLabel("Publish time").fill("09:30");
  await expect(editor.getByText("On the site's clock: Asia/Colombo, UTC+05:30.")).toBeVisible();
  await expect(editor.getByLabel("Date", { exact: true })).toHaveValue("2031-02-14");
  await save(page);
  await expect(card(page, title).getByText("Scheduled for 14 Feb 2031, 09:30")).toBeVisible();
  stored = await findPost(site, title);
  expect(stored.data).toMatchObject({
    status: "published",
    publishAt: "2031-02-14T09:30:00+05:30",
    date: "2031-02-14",
  });
  expect((await fetch(`${site.url}/blog/${stored.slug}`)).status).toBe(404);

  // Published now: live at once, dated today.
  editor = await openPost(page, title);
  await expect(editor.getByRole("radio", { name: "Scheduled" })).toBeChecked();
  await editor.getByRole("radio", { name: "Published" }).check();
  await save(page);
  await expect(card(page, title).getByText("Published", { exact: true })).toBeVisible();
  stored = await findPost(site, title);
  expect(Date.parse(stored.data.publishAt!)).toBeLessThanOrEqual(Date.now());
  expect((await fetch(`${site.url}/blog/${stored.slug}`)).status).toBe(200);
});
