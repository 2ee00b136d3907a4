import { parseFeed } from "@rowanmanning/feed-parser";
import { expect, test } from "./fixtures.ts";
import { replacePosts, updatePost } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

// The blog's RSS 2.0 feed (issue 13, item 5): the 20 newest posts, read by a feed parser
// as a feed reader would, announced on every page, cached and emptied like the pages.

const day = (n: number) => `2026-03-${String(n).padStart(2, "0")}`;
const post = (n: number) => ({
  title: `Feed Post ${n}`,
  excerpt: `What post ${n} is about.`,
  content: `## Part ${n}\n\nA **bold** idea & <script>alert(${n})</script>\n\n- one\n- two`,
  date: day(n),
  readTime: "2 min read",
  image: "",
  featured: false,
  placementId: n,
});

test.describe.configure({ timeout: budget(90_000) });

test("RSS 2.0 with the 20 newest posts, each with a guid that survives a rename", async ({ site }) => {
  const created = await replacePosts(
    site,
    Array.from({ length: 25 }, (_, i) => post(i + 1)),
  );
  const response = await fetch(`${site.url}/blog/feed.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
  const xml = await response.text();
  const feed = parseFeed(xml);
  expect(feed.meta).toMatchObject({ type: "rss", version: "2.0" });
  expect(feed.title).toBe("Insights & Ideas | Lanka Growth Partners");
  expect(feed.url).toBe(`${site.url}/blog`);
  expect(feed.description).toMatch(/Sri Lankan founders/);
  expect(feed.self).toBe(`${site.url}/blog/feed.xml`);
  expect(feed.language).toBe("en");

  expect(feed.items).toHaveLength(20);
  const newest = created.at(-1)!;
  const [first] = feed.items;
  expect(first).toMatchObject({
    title: "Feed Post 25",
    url: `${site.url}/blog/feed-post-25`,
    id: `tag:127.0.0.1,2025:post:${newest.id}`,
    description: "What post 25 is about.",
  });
  expect(first!.published?.toISOString()).toBe("2026-03-25T00:00:00.000Z");
  // The whole post as HTML: real elements, and what looked like a tag stays text: escaped in
  // the HTML, which is escaped again in the XML (the parser decodes both, so check the XML).
  expect(first!.content).toContain("<h2>Part 25</h2>");
  expect(first!.content).toContain("<strong>bold</strong> idea");
  expect(first!.content).toContain("<ul><li>one</li><li>two</li></ul>");
  expect(xml).toContain("idea &amp;amp; &amp;lt;script&amp;gt;alert(25)&amp;lt;/script&amp;gt;");
  expect(xml).not.toMatch(/<script|&lt;script/);
  expect(feed.items.at(-1)!.title).toBe("Feed Post 6");
  // Every item has what RSS 2.0 requires (a title or description) and a guid.
  for (const item of feed.items) {
    expect(item.title || item.description).toBeTruthy();
    expect(item.id).toMatch(/^tag:127\.0\.0\.1,2025:post:[A-Za-z0-9_-]+$/);
  }

  await updatePost(site, newest.id, { title: "Feed Post 25 Renamed" });
  const renamed = parseFeed(await (await fetch(`${site.url}/blog/feed.xml`)).text()).items[0]!;
  expect(renamed).toMatchObject({
    title: "Feed Post 25 Renamed",
    url: `${site.url}/blog/feed-post-25-renamed`,
    id: first!.id,
  });
});

test("every page announces the feed", async ({ page, site }) => {
  for (const path of ["/", "/blog", "/services", "/contact"]) {
    await page.goto(`${site.url}${path}`);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/blog/feed.xml",
    );
  }
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "title",
    "Lanka Growth Partners blog",
  );
});

test("the feed is cached like a page, revalidates with 304 and changes with a save", async ({ site }) => {
  const [first] = await replacePosts(site, [post(1)]);
  await fetch(`${site.url}/blog/feed.xml`);
  const cached = await fetch(`${site.url}/blog/feed.xml`, { headers: { "Accept-Encoding": "br" } });
  expect(cached.headers.get("x-page-cache")).toBe("hit");
  expect(cached.headers.get("content-encoding")).toBe("br");
  expect(cached.headers.get("cache-control")).toBe("public, no-cache");
  const etag = cached.headers.get("etag")!;
  const again = await fetch(`${site.url}/blog/feed.xml`, { headers: { "If-None-Match": etag } });
  expect(again.status).toBe(304);

  await updatePost(site, first!.id, { title: "Saved Just Now" });
  const fresh = await fetch(`${site.url}/blog/feed.xml`, { headers: { "If-None-Match": etag } });
  expect(fresh.status).toBe(200);
  expect(parseFeed(await fresh.text()).items[0]!.title).toBe("Saved Just Now");
  // Made-up queries get the same cached feed, never a render of their own.
  const odd = await fetch(`${site.url}/blog/feed.xml?x=${Date.now()}`);
  expect(odd.headers.get("x-page-cache")).toBe("hit");
});
