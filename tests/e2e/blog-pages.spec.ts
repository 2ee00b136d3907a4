import type { Page } from "@playwright/test";
import { axeOf, expect, gotoLive, test } from "./fixtures.ts";
import { createPost, findPost, replacePosts } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

// A blog that grows: /blog shows the newest posts in pages of 12 with plain links between
// them (issue 16); each card carries what it shows, the reader loads its own post.

const day = (n: number) => `2026-01-${String(n).padStart(2, "0")}`;
const title = (n: number) => `Paged Post ${String(n).padStart(2, "0")}`;
const post = (n: number) => ({
  title: title(n),
  excerpt: `Excerpt ${n}.`,
  content: `## Part ${n}\n\nBody marker ${n}: only the reader shows this.`,
  date: day(n),
  readTime: "2 min read",
  image: "",
  featured: false,
  placementId: n,
});

test.describe.configure({ timeout: budget(90_000) });

test.beforeEach(async ({ site }) => {
  if ((await fetch(`${site.url}/blog/paged-post-30`, { redirect: "manual" })).status !== 200) {
    await replacePosts(
      site,
      Array.from({ length: 30 }, (_, i) => post(i + 1)),
    );
  }
});

const cards = (page: Page) => page.getByRole("main").getByRole("article");

test("/blog shows the 12 newest posts and links to older pages that crawlers can follow", async ({ page, site }) => {
  const html = await (await fetch(`${site.url}/blog`)).text();
  expect(html).toContain('href="/blog/page/2"');
  expect(html).not.toContain("Body marker");
  expect(html).toContain(`<link rel="canonical" href="${site.url}/blog"/>`);

  await page.goto(`${site.url}/blog`);
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first()).toContainText(title(30));
  await expect(cards(page).last()).toContainText(title(19));
  const pages = page.getByRole("navigation", { name: "Blog pages" });
  await expect(pages).toContainText("Page 1 of 3");
  await expect(pages.getByRole("link", { name: "Newer posts" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Older posts" }).click();
  await expect(page).toHaveURL(`${site.url}/blog/page/2`);
  await expect(cards(page).first()).toContainText(title(18));
  await expect(pages).toContainText("Page 2 of 3");
  await pages.getByRole("link", { name: "Older posts" }).click();
  await expect(page).toHaveURL(`${site.url}/blog/page/3`);
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).last()).toContainText(title(1));
  await expect(pages.getByRole("link", { name: "Older posts" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Newer posts" }).click();
  await expect(page).toHaveURL(`${site.url}/blog/page/2`);
  await expect(page).toHaveTitle(/\(page 2\)/);

  const axe = await axeOf(page).analyze();
  expect(axe.violations).toEqual([]);
});

test("page addresses: /blog/page/1 is /blog, and a page past the last is not found", async ({ site }) => {
  const first = await fetch(`${site.url}/blog/page/1`, { redirect: "manual" });
  expect(first.status).toBe(301);
  expect(first.headers.get("location")).toBe("/blog");
  for (const path of ["/blog/page/4", "/blog/page/02", "/blog/page/0", "/blog/page/x"]) {
    expect((await fetch(`${site.url}${path}`)).status, path).toBe(404);
  }
});

test("a card on an older page opens the reader with that post's body", async ({ page, site }) => {
  await page.goto(`${site.url}/blog/page/3`);
  await page.getByRole("link", { name: title(3) }).click();
  const reader = page.getByRole("dialog", { name: title(3) });
  await expect(reader.getByText("Body marker 3: only the reader shows this.")).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/blog/paged-post-03`);
});

test("a post published while /blog is open appears first, live", async ({ page, site }) => {
  await gotoLive(page, `${site.url}/blog`);
  await expect(cards(page).first()).toContainText(title(30));
  await createPost(site, { ...post(31), title: "Fresh From The Admin", date: "2026-02-01" });
  await expect(cards(page).first()).toContainText("Fresh From The Admin");
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByRole("navigation", { name: "Blog pages" })).toContainText("Page 1 of 3");
  // Back to 30 for the other tests.
  const fresh = await findPost(site, "Fresh From The Admin");
  await fetch(`${site.url}/api/posts/${fresh.id}`, { method: "DELETE", headers: { Cookie: await site.adminCookie() } });
});

test("the pages look right on a phone", async ({ page, site }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/blog/page/2`);
  const pages = page.getByRole("navigation", { name: "Blog pages" });
  await pages.scrollIntoViewIfNeeded();
  await expect(pages.getByRole("link", { name: "Older posts" })).toBeVisible();
  await expect(pages.getByRole("link", { name: "Newer posts" })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
