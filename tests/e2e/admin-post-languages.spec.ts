import type { Locator, Page } from "@playwright/test";
import type { PostPage, PostTranslationRecord } from "#content/posts.ts";
import { expect, expectNoAxeViolations, openAdminTab, test, toast } from "./admin-helpers.ts";
import type { Site } from "./fixtures.ts";
import { callPosts, createPost, postData, readPost, updatePost } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Issue 25 items 4 and 10: "Edit Post" in Sinhala and Tamil, each language a record of its own.
test.describe.configure({ timeout: budget(120_000) });

/** "ශ්‍රී ලංකාවේ බ්‍රෑන්ඩ් උපාය": two letters joined with a zero-width joiner (U+200D). */
const SINHALA_TITLE = "ශ්\u200Dරී ලංකාවේ බ්\u200Dරෑන්ඩ් උපාය";
const ZWJ = 0x200d;

/** The posts API as the test administrator. */
async function call<T>(site: Site, path: string): Promise<T> {
  const response = await fetch(`${site.url}/api/posts${path}`, { headers: { Cookie: await site.adminCookie() } });
  if (!response.ok) throw new Error(`GET /api/posts${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const readIn = (site: Site, id: string, locale: string) => call<PostTranslationRecord>(site, `/${id}?locale=${locale}`);

/** How many posts are published in `locale`, of how many, as the API lists them. */
async function publishedIn(site: Site, locale: string) {
  let published = 0;
  let total = 0;
  for (let page = 1; ; page++) {
    const list = await call<PostPage>(site, `?locale=${locale}&page=${page}`);
    total = list.total;
    const now = Date.now();
    published += list.posts.filter(
      (post) =>
        post.translated && post.status === "published" && (!post.publishAt || Date.parse(post.publishAt) <= now),
    ).length;
    if (page >= list.pages) return { published, total };
  }
}

/** Opens the Blog tab and waits until the panel listens for saves made elsewhere. */
async function openBlogLive(page: Page, site: Site) {
  const listening = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await openAdminTab(page, site, "blog");
  await listening;
}

/** Opens a post's card in the Blog tab: its "Edit Post" dialog. */
async function openPost(page: Page, name: string): Promise<Locator> {
  await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await expect(editor.getByLabel("Title", { exact: true })).toBeVisible();
  return editor;
}

/** Chooses a language in the open "Edit Post" and waits for that language's fields. */
async function inLanguage(editor: Locator, name: string) {
  await editor.getByRole("radio", { name, exact: true }).click();
  await expect(editor.getByRole("radio", { name, exact: true })).toBeChecked();
  await expect(editor.getByLabel("Title", { exact: true })).toBeVisible();
}

test("a post published in English stays so while its Sinhala is a draft; published in Sinhala, the list and /si/blog follow", async ({
  page,
  site,
}) => {
  const post = await createPost(
    site,
    postData({
      title: "Brand Strategy for Colombo",
      excerpt: "Where a brand starts.",
      content: "## Start\n\nWith the customer.",
      status: "published",
    }),
  );
  const before = await publishedIn(site, "si");

  await openBlogLive(page, site);
  // The admin's one language setting: the Blog tab's switch turns the post cards to Sinhala.
  await page.getByRole("radio", { name: "සිංහල", exact: true }).first().click();
  const card = page.getByRole("button", { name: "Edit Brand Strategy for Colombo", exact: true });
  await expect(card).toContainText("Not translated");
  await expect(card.locator('[lang="en"]').first()).toHaveText("Brand Strategy for Colombo");
  await expect(page.getByText(`සිංහල: ${before.published} of ${before.total} posts published`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Create New Post in English" })).toBeVisible();

  const editor = await openPost(page, "Brand Strategy for Colombo");
  await expect(editor.getByRole("radio", { name: "සිංහල", exact: true })).toBeChecked();
  const title = editor.getByLabel("Title", { exact: true });
  await expect(title).toHaveValue("");
  await expect(title).toHaveAttribute("lang", "si");
  await expect(title).toHaveAttribute("placeholder", "Brand Strategy for Colombo");
  await expect(title).toHaveAccessibleDescription(/Not translated.*English: Brand Strategy for Colombo/);
  await expect(editor.getByText(/^සිංහල: 0 of 3 texts translated/)).toBeVisible();
  // Its own status and address; the shared fields are English's, read-only.
  await expect(editor.getByRole("group", { name: "Status in සිංහල" })).toBeVisible();
  await expect(editor.getByRole("radio", { name: "Draft" })).toBeChecked();
  await expect(editor.getByLabel("Address in සිංහල")).toHaveValue(post.slug);
  await expect(editor.getByLabel("Date", { exact: true })).toHaveJSProperty("readOnly", true);
  await expect(editor.getByRole("switch", { name: "Featured" })).toBeDisabled();
  await expect(editor.getByText("Shared by every language — edit in English:")).toBeVisible();
  await expect(editor.getByRole("button", { name: "Generate Full Content" })).toHaveCount(0);
  await expect(editor.getByRole("button", { name: /^Delete .* translation$/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await title.fill(SINHALA_TITLE);
  await expect(title).not.toHaveAccessibleDescription(/Not translated/);
  // The body starts from the English text, markup included, when asked to.
  await editor.getByRole("button", { name: "Start from the English text" }).click();
  await expect(editor.getByLabel("Content", { exact: true })).toHaveValue("## Start\n\nWith the customer.");
  await editor.getByLabel("Content", { exact: true }).fill("## ආරම්භය\n\nපාරිභෝගිකයාගෙන්.");

  // Preview: the unsaved Sinhala draft at the post's Sinhala address.
  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    editor.getByRole("button", { name: "Preview" }).click(),
  ]);
  await expect(preview).toHaveURL(new RegExp(`/si/blog/${post.slug}\\?preview=[\\w-]{16,64}$`));
  const previewed = preview.getByRole("dialog", { name: SINHALA_TITLE });
  await expect(previewed.getByRole("heading", { level: 2, name: "ආරම්භය" })).toBeVisible();
  await preview.close();

  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post (සිංහල) saved", "success")).toBeVisible();
  await expect(editor).toHaveCount(0);

  const sinhala = await readIn(site, post.id, "si");
  expect(sinhala).toMatchObject({ version: 1, data: { title: SINHALA_TITLE, status: "draft" } });
  expect([...sinhala.data.title].map((c) => c.codePointAt(0))).toContain(ZWJ);
  expect(sinhala.states).toEqual({ title: "translated", excerpt: "missing", content: "translated" });
  // English is untouched, and still published.
  expect(await readPost(site, post.id)).toMatchObject({
    version: 1,
    data: { title: "Brand Strategy for Colombo", status: "published", content: "## Start\n\nWith the customer." },
  });

  const sinhalaCard = page.getByRole("button", { name: `Edit ${SINHALA_TITLE}`, exact: true });
  await expect(sinhalaCard).toContainText("Draft");
  await expect(page.getByText(`සිංහල: ${before.published} of ${before.total} posts published`)).toBeVisible();

  // A draft in Sinhala is not on the Sinhala blog; the English blog still lists the post.
  const reader = await page.context().newPage();
  await reader.goto(`${site.url}/si/blog`);
  await expect(reader.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(reader.getByText(SINHALA_TITLE)).toHaveCount(0);
  await expect(reader.getByText("Brand Strategy for Colombo")).toHaveCount(0);
  await reader.goto(`${site.url}/blog`);
  await expect(reader.getByRole("heading", { name: "Brand Strategy for Colombo" })).toBeVisible();

  // Published in Sinhala: the card and the count follow, and /si/blog lists it.
  const again = await openPost(page, SINHALA_TITLE);
  await expect(again.getByLabel("Title", { exact: true })).toHaveValue(SINHALA_TITLE);
  await again.getByRole("radio", { name: "Published" }).check();
  await expect(again.getByText("Visible on the සිංහල blog once saved.")).toBeVisible();
  await again.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post (සිංහල) saved", "success").last()).toBeVisible();
  await expect(sinhalaCard).toContainText("Published");
  await expect(page.getByText(`සිංහල: ${before.published + 1} of ${before.total} posts published`)).toBeVisible();
  expect(await readIn(site, post.id, "si")).toMatchObject({ version: 2, data: { status: "published" } });
  expect((await readPost(site, post.id)).version).toBe(1);

  await reader.goto(`${site.url}/si/blog`);
  await expect(reader.getByRole("heading", { name: SINHALA_TITLE })).toBeVisible();
  await reader.close();
});

test("“Still correct” in Edit Post keeps the Sinhala excerpt for the English one changed since", async ({
  page,
  site,
}) => {
  const post = await createPost(
    site,
    postData({ title: "Growth in Galle", excerpt: "A town that sells online.", status: "published" }),
  );
  const SINHALA_EXCERPT = "ඔන්ලයින් විකුණන නගරයක්\u200D.";
  const first = await readIn(site, post.id, "si");
  await callPosts(site, `/${post.id}?locale=si`, "PUT", {
    version: first.version,
    data: { ...first.data, title: "ගාල්ලේ වර්ධනය", excerpt: SINHALA_EXCERPT },
  });
  await updatePost(site, post.id, { excerpt: "A town that sells to the world." });
  expect((await readIn(site, post.id, "si")).states.excerpt).toBe("stale");

  await openBlogLive(page, site);
  const editor = await openPost(page, "Growth in Galle");
  await inLanguage(editor, "සිංහල");
  const excerpt = editor.getByLabel("Excerpt", { exact: true });
  await expect(excerpt).toHaveAccessibleDescription(/English changed.*English now: A town that sells to the world\./);
  await editor.getByRole("button", { name: "Still correct: Excerpt" }).click();
  await expect(excerpt).toHaveAccessibleDescription(/^Confirmed/);
  await expect(editor.getByText(/English changed/)).toHaveCount(0);
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post (සිංහල) saved", "success")).toBeVisible();

  const stored = await readIn(site, post.id, "si");
  expect(stored.states).toMatchObject({ title: "translated", excerpt: "translated" });
  expect(stored.data.excerpt).toBe(SINHALA_EXCERPT);
});

test("two pages on the Sinhala post meet the 409 dialog; Tamil saved meanwhile does not conflict", async ({
  page,
  browser,
  site,
}) => {
  const post = await createPost(site, postData({ title: "Tone of Voice", content: "Body.", status: "published" }));
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await openBlogLive(page, site);
  await openBlogLive(other, site);

  // Here Sinhala, there Tamil: both edit the post at once.
  const mine = await openPost(page, "Tone of Voice");
  await inLanguage(mine, "සිංහල");
  const theirs = await openPost(other, "Tone of Voice");
  await inLanguage(theirs, "தமிழ்");
  await theirs.getByLabel("Title", { exact: true }).fill("குரலின் தொனி");
  await mine.getByLabel("Title", { exact: true }).fill("කටහඬේ ස්වරය");
  await mine.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post (සිංහල) saved", "success")).toBeVisible();
  await theirs.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(other, "Post (தமிழ்) saved", "success")).toBeVisible();
  await expect(other.getByRole("dialog", { name: "Someone else saved this post" })).toHaveCount(0);
  expect(await readIn(site, post.id, "si")).toMatchObject({ version: 1, data: { title: "කටහඬේ ස්වරය" } });
  expect(await readIn(site, post.id, "ta")).toMatchObject({ version: 1, data: { title: "குரலின் தொனி" } });

  // Both in Sinhala now: the other page types first, this one saves first.
  const theirsAgain = await openPost(other, "குரலின் தொனி");
  await inLanguage(theirsAgain, "සිංහල");
  await theirsAgain.getByLabel("Content", { exact: true }).fill("ඔවුන්ගේ පෙළ.");
  const mineAgain = await openPost(page, "කටහඬේ ස්වරය");
  await mineAgain.getByLabel("Title", { exact: true }).fill("කටහඬේ ස්වරය, දෙවැනි");
  await mineAgain.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post (සිංහල) saved", "success").last()).toBeVisible();

  await expect(
    theirsAgain.getByRole("status").filter({ hasText: "This post was changed elsewhere. Reload to see the changes." }),
  ).toBeVisible();
  await theirsAgain.getByRole("button", { name: "Save", exact: true }).click();
  const conflict = other.getByRole("dialog", { name: "Someone else saved this post" });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText("(සිංහල) was changed by");
  await conflict.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(toast(other, "Post (සිංහල) saved", "success")).toBeVisible();
  // Their body over version 2: the title is the one they had opened.
  expect(await readIn(site, post.id, "si")).toMatchObject({
    version: 3,
    data: { title: "කටහඬේ ස්වරය", content: "ඔවුන්ගේ පෙළ." },
  });
  expect(await readIn(site, post.id, "ta")).toMatchObject({ version: 1 });
  expect((await readPost(site, post.id)).version).toBe(1);
  await elsewhere.close();
});

test("a translation is deleted after a confirmation; English and the other language stay", async ({ page, site }) => {
  const post = await createPost(site, postData({ title: "Campaign Notes", content: "Body.", status: "published" }));
  await openBlogLive(page, site);
  const editor = await openPost(page, "Campaign Notes");
  await inLanguage(editor, "தமிழ்");
  await editor.getByLabel("Title", { exact: true }).fill("பிரச்சாரக் குறிப்புகள்");
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post (தமிழ்) saved", "success")).toBeVisible();

  const reopened = await openPost(page, "பிரச்சாரக் குறிப்புகள்");
  await reopened.getByRole("button", { name: "Delete தமிழ் translation" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the தமிழ் translation?" });
  await expect(confirm).toContainText("The English post and the other languages stay");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  expect((await readIn(site, post.id, "ta")).version).toBe(1);

  await reopened.getByRole("button", { name: "Delete தமிழ் translation" }).click();
  await confirm.getByRole("button", { name: "Delete translation" }).click();
  await expect(toast(page, "Post (தமிழ்) translation deleted", "success")).toBeVisible();
  // The dialog shows the language again, not translated.
  await expect(reopened.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(reopened.getByLabel("Title", { exact: true })).toHaveAccessibleDescription(/Not translated/);
  expect(await readIn(site, post.id, "ta")).toMatchObject({ version: 0, states: { title: "missing" } });
  expect(await readPost(site, post.id)).toMatchObject({ version: 1, data: { title: "Campaign Notes" } });
  await reopened.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Edit Campaign Notes", exact: true })).toContainText("Not translated");
});
