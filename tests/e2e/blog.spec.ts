import { createHash } from "node:crypto";
import { axeOf, expect, test, type Site } from "./fixtures.ts";
import { findPost, replacePosts, updatePost } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

const image = "/images/blog/content.svg";
const post = (title: string, date: string, extra: Record<string, unknown> = {}) => ({
  title,
  excerpt: `Excerpt of ${title}.`,
  content: `A paragraph about ${title}.`,
  date,
  readTime: "3 min read",
  image,
  featured: false,
  placementId: 0,
  updatedAt: `${date}T08:00:00.000Z`,
  ...extra,
});

const MARKUP_TITLE = "Markup Shows As Real Elements";
const MARKUP_SLUG = "markup-shows-as-real-elements";
const MARKUP = `Opening paragraph with **bold words** and *slanted words*.

## Section heading two

### Smaller heading three

- First bullet point
- Second bullet point

<script>window.hacked = true</script>`;

const blog = {
  title: "Insights & Ideas",
  subtitle: "Practical thinking for Sri Lankan teams.",
};
/** Five posts stored out of order; the markup post is the oldest, so it sits last in the grid. */
const posts = [
  post("Middle Of March", "2025-03-12", { placementId: 0 }),
  post(MARKUP_TITLE, "2024-01-05", { placementId: 1, content: MARKUP, excerpt: "How the reader renders markup." }),
  post("Newest In July", "2025-07-22", { placementId: 2 }),
  post("Same Day Updated Later", "2025-05-06", { placementId: 3, updatedAt: "2025-05-06T12:00:00.000Z" }),
  post("Same Day Updated Earlier", "2025-05-06", { placementId: 4, updatedAt: "2025-05-06T06:00:00.000Z" }),
];

async function saveBlog(site: Site) {
  await site.save("blog", blog);
  await replacePosts(site, posts);
}

// Several page loads per test: room for a busy machine.
test.describe.configure({ timeout: budget(60_000) });

test.beforeEach(async ({ site }) => {
  await saveBlog(site);
});

test("the blog lists posts newest first with date, read time, excerpt and Read More", async ({ page, site }) => {
  // Includes an axe scan, which is slow on a busy machine.
  test.slow();
  await page.goto(`${site.url}/blog`);
  await expect(page.getByRole("heading", { level: 1, name: "Insights & Ideas" })).toBeVisible();
  await expect(page.getByText("Practical thinking for Sri Lankan teams.")).toBeVisible();
  await expect(page.locator("main article h2")).toHaveText([
    "Newest In July",
    "Same Day Updated Later",
    "Same Day Updated Earlier",
    "Middle Of March",
    MARKUP_TITLE,
  ]);
  const card = page.locator("main article").filter({ hasText: "Middle Of March" });
  await expect(card.locator("time")).toHaveText("12 March 2025");
  await expect(card.locator("time")).toHaveAttribute("datetime", "2025-03-12");
  await expect(card.getByText("3 min read")).toBeVisible();
  await expect(card.getByText("Excerpt of Middle Of March.")).toBeVisible();
  await expect(card.getByText("Read More")).toBeVisible();
  const img = card.getByRole("img", { name: "Middle Of March" });
  await expect(img).toHaveAttribute("width", "800");
  await expect(img).toHaveAttribute("height", "450");
  await expect(card.getByRole("link", { name: "Middle Of March" })).toHaveAttribute("href", "/blog/middle-of-march");

  const axe = await axeOf(page).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("opening a post shows the reader with real markup elements; Esc returns to the list at the same scroll", async ({
  page,
  site,
}) => {
  // Includes an axe scan, which is slow on a busy machine.
  test.slow();
  await page.goto(`${site.url}/blog`);
  const link = page.getByRole("link", { name: MARKUP_TITLE });
  await link.scrollIntoViewIfNeeded();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  expect(scrollBefore).toBeGreaterThan(0);
  await link.click();

  await expect(page).toHaveURL(`${site.url}/blog/${MARKUP_SLUG}`);
  const reader = page.getByRole("dialog", { name: MARKUP_TITLE });
  await expect(reader).toBeVisible();
  await expect(reader.getByRole("heading", { level: 1, name: MARKUP_TITLE })).toBeVisible();
  await expect(reader.getByRole("heading", { level: 2, name: "Section heading two" })).toBeVisible();
  await expect(reader.getByRole("heading", { level: 3, name: "Smaller heading three" })).toBeVisible();
  await expect(reader.getByRole("listitem")).toHaveText(["First bullet point", "Second bullet point"]);
  await expect(reader.locator("strong")).toHaveText("bold words");
  await expect(reader.locator("em")).toHaveText("slanted words");
  await expect(reader.locator("time")).toHaveText("5 January 2024");
  await expect(reader.getByText("3 min read")).toBeVisible();
  await expect(reader.getByRole("img", { name: MARKUP_TITLE })).toBeVisible();
  // HTML in a post is text, never markup.
  await expect(reader.getByText("<script>window.hacked = true</script>")).toBeVisible();
  expect(await reader.locator("script").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();

  // Focus moves in and stays in.
  await expect(reader.getByRole("button", { name: "Close" }).first()).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
  }
  const axe = await axeOf(page).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${site.url}/blog`, { timeout: budget(10_000) });
  await expect(reader).toBeHidden();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  await expect(link).toBeFocused();
});

test("the close button returns to the list; on a phone the reader fills the screen", async ({ page, site }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${site.url}/blog`);
  await page.getByRole("link", { name: "Middle Of March" }).click();
  const reader = page.getByRole("dialog", { name: "Middle Of March" });
  await expect(reader).toBeVisible();
  // Polled: the reader slides in over 300 ms.
  await expect.poll(() => reader.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 812 });
  await expect(reader.getByText("A paragraph about Middle Of March.")).toBeVisible();
  await reader.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(`${site.url}/blog`);
  await expect(reader).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Insights & Ideas" })).toBeVisible();
});

test("a post's own address is server-rendered with its meta and BlogPosting JSON-LD", async ({ page, site }) => {
  const response = await fetch(`${site.url}/blog/${MARKUP_SLUG}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<title>${MARKUP_TITLE} | Lanka Growth Partners</title>`);
  expect(html).toMatch(/<dialog open="" aria-labelledby="[^"]+"/);
  expect(html).toContain("<h2");
  expect(html).toContain("Section heading two");
  expect(html).toContain('<meta property="og:type" content="article"/>');
  expect(html).toContain(`<meta property="og:image" content="${site.url}${image}"/>`);
  expect(html).toContain('<meta name="description" content="How the reader renders markup."/>');
  // The post's own text never opens a tag, even inside the JSON-LD.
  expect(html).not.toContain("<script>window.hacked");

  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
  const posting = scripts.map((match) => JSON.parse(match[1]!)).find((data) => data["@type"] === "BlogPosting");
  expect(posting).toMatchObject({
    "@context": "https://schema.org",
    headline: MARKUP_TITLE,
    datePublished: "2024-01-05",
    dateModified: "2024-01-05T08:00:00.000Z",
    image: [`${site.url}${image}`],
    author: { "@type": "Organization", name: "Lanka Growth Partners" },
    publisher: { "@type": "Organization", name: "Lanka Growth Partners" },
  });
  // A cached page's policy lists its inline scripts by hash (docs/decisions/005-page-cache.md).
  const hash = createHash("sha256").update(scripts[0]![1]!).digest("base64");
  expect(response.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);

  await page.goto(`${site.url}/blog/${MARKUP_SLUG}`);
  const reader = page.getByRole("dialog", { name: MARKUP_TITLE });
  await expect(reader).toBeVisible();
  await expect(reader.getByRole("button", { name: "Close" }).first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${site.url}/blog`);
  await expect(page.getByRole("link", { name: MARKUP_TITLE })).toBeFocused();
});

test("a renamed post's old address redirects to its new one", async ({ page, site }) => {
  const march = await findPost(site, "Middle Of March");
  await updatePost(site, march.id, { title: "Middle Of March Revisited" });

  const response = await fetch(`${site.url}/blog/middle-of-march`, { redirect: "manual" });
  expect(response.status).toBe(301);
  expect(response.headers.get("location")).toBe("/blog/middle-of-march-revisited");
  await page.goto(`${site.url}/blog/middle-of-march`);
  await expect(page).toHaveURL(`${site.url}/blog/middle-of-march-revisited`);
  await expect(page.getByRole("dialog", { name: "Middle Of March Revisited" })).toBeVisible();
});

test("an unknown post address answers 404 with the not-found page, which logs the path", async ({ page, site }) => {
  expect((await fetch(`${site.url}/blog/no-such-post`)).status).toBe(404);
  const warnings: string[] = [];
  page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
  const response = await page.goto(`${site.url}/blog/no-such-post`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  // In the browser's console as a warning (an error would fail every test that meets a 404).
  await expect.poll(() => warnings).toContain("Page not found: /blog/no-such-post");
});

test("a save while a post is open keeps it open and updates it", async ({ page, site }) => {
  // Saved only once this page listens for saves.
  const listening = page.waitForResponse((response) => response.url().endsWith("/api/events"));
  await page.goto(`${site.url}/blog`);
  await page.getByRole("link", { name: "Newest In July" }).click();
  const reader = page.getByRole("dialog", { name: "Newest In July" });
  await expect(reader.getByText("A paragraph about Newest In July.")).toBeVisible();
  await listening;

  const july = await findPost(site, "Newest In July");
  await updatePost(site, july.id, { content: "## Freshly edited\n\nUpdated while you read.", readTime: "4 min read" });

  await expect(reader.getByRole("heading", { level: 2, name: "Freshly edited" })).toBeVisible();
  await expect(reader.getByText("Updated while you read.")).toBeVisible();
  await expect(reader.getByText("4 min read")).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/blog/newest-in-july`);
});

test("sitemap.xml lists every public page and every post with lastmod", async ({ site }) => {
  const response = await fetch(`${site.url}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/xml");
  const xml = await response.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
  );
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const path of [
    "/",
    "/services",
    "/blog",
    "/partners",
    "/about",
    "/contact",
    "/privacy-policy",
    "/terms-conditions",
  ]) {
    expect(locs).toContain(`${site.url}${path}`);
  }
  for (const slug of [
    "newest-in-july",
    "same-day-updated-later",
    "same-day-updated-earlier",
    "middle-of-march",
    MARKUP_SLUG,
  ]) {
    expect(locs).toContain(`${site.url}/blog/${slug}`);
  }
  expect(xml).toContain(`<loc>${site.url}/blog/middle-of-march</loc>\n    <lastmod>2025-03-12T08:00:00.000Z</lastmod>`);
  // The blog document was saved, so its page has a lastmod; home never was, so it has none.
  expect(xml).toMatch(new RegExp(`<loc>${site.url}/blog</loc>\\n    <lastmod>\\d{4}-\\d{2}-\\d{2}T`));
  expect(xml).toContain(`<loc>${site.url}/</loc>\n    <xhtml:link`);
  // Every page in Sinhala and Tamil too, each listing every language (itself included) and English as x-default.
  for (const path of ["/si", "/ta", "/si/services", "/ta/privacy-policy"]) expect(locs).toContain(`${site.url}${path}`);
  const services = xml.split("<url>").find((entry) => entry.includes(`<loc>${site.url}/si/services</loc>`))!;
  for (const [hreflang, path] of [
    ["en", "/services"],
    ["si", "/si/services"],
    ["ta", "/ta/services"],
    ["x-default", "/services"],
  ])
    expect(services).toContain(`<xhtml:link rel="alternate" hreflang="${hreflang}" href="${site.url}${path}"/>`);
});

test("robots.txt allows all but the admin and points to the sitemap", async ({ site }) => {
  const response = await fetch(`${site.url}/robots.txt`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  expect(await response.text()).toBe(`User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${site.url}/sitemap.xml\n`);
});
