import type { Locator, Page } from "@playwright/test";
import { expect, openAdminTab, test } from "./admin-helpers.ts";
import type { Site } from "./fixtures.ts";
import { createPost, postData } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

/**
 * Every admin editor in Sinhala and Tamil fits a phone: at 390 px, drawn in the real fonts, no tab,
 * sub-tab or editor dialog is wider than the screen (a long word, an "English: …" hint, a field
 * that will not shrink would push the page sideways and its fields off the right edge).
 */

test.describe.configure({ timeout: budget(120_000) });

const PHONE = { width: 390, height: 844 };
const LANGUAGES = [
  { name: "සිංහල", font: "Noto Sans Sinhala", sample: "සිංහල" },
  { name: "தமிழ்", font: "Noto Sans Tamil", sample: "தமிழ்" },
] as const;

/** Each tab and sub-tab: `?tab=` and `?section=` (`list`: the Pages tab, a list with no language switch). */
const SECTIONS = [
  { tab: "home" },
  { tab: "services" },
  { tab: "blog" },
  { tab: "pages", list: true },
  { tab: "partners" },
  { tab: "about" },
  { tab: "contact" },
  { tab: "legal", section: "privacy-policy" },
  { tab: "legal", section: "terms-conditions" },
  { tab: "ai", section: "ai-settings" },
  { tab: "ai", section: "answers" },
] as const;

/**
 * The page's width, and what sticks out past the screen's right edge: the outermost elements that do
 * (their children follow them out), so a failure names the element that forces the width.
 */
function overflow(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const name = (element: Element) => {
      const classes = typeof element.className === "string" ? element.className.trim().split(/\s+/).slice(0, 6) : [];
      const text = (element.textContent ?? "").trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes.length ? `.${classes.join(".")}` : ""} "${text}"`;
    };
    // Inside a box that scrolls or clips sideways (the tab bar), sticking out is that box's business.
    const contained = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== "visible") return true;
      return false;
    };
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      if (contained(element)) continue;
      const right = element.getBoundingClientRect().right;
      const parent = element.parentElement;
      if (right > screen + 0.5 && (!parent || parent.getBoundingClientRect().right <= screen + 0.5))
        culprits.push(`${name(element)} ends at ${Math.round(right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, culprits: culprits.slice(0, 8) };
  });
}

async function expectFits(page: Page, where: string) {
  // The script's own font has drawn the page before it is measured.
  await page.evaluate(() => document.fonts.ready);
  const { scrollWidth, culprits } = await overflow(page);
  expect
    .soft(scrollWidth, `${where}: page width at ${PHONE.width} px; sticking out: ${culprits.join("; ")}`)
    .toBeLessThanOrEqual(PHONE.width);
}

/** Chooses the editor's language with the switch in the section's header. */
async function chooseLanguage(page: Page, name: string) {
  const radio = page.getByRole("radio", { name, exact: true }).first();
  await radio.click();
  await expect(radio).toBeChecked();
}

/** Chooses `name` in an open editor dialog and waits for its fields in that language. */
async function chooseLanguageIn(dialog: Locator, name: string) {
  const radio = dialog.getByRole("radio", { name, exact: true });
  await radio.click();
  await expect(radio).toBeChecked();
}

// English too: its entries' one-line questions once widened the Answers the same way.
for (const language of [{ name: "English", font: null, sample: "" }, ...LANGUAGES]) {
  test(`every admin tab and sub-tab in ${language.name} fits a 390 px phone`, async ({ page, site }) => {
    await page.setViewportSize(PHONE);
    await openAdminTab(page, site, "home");
    await chooseLanguage(page, language.name);
    // The script's font is loaded and drawing: a fallback font would measure other widths.
    await page.evaluate(() => document.fonts.ready);
    if (language.font)
      expect(
        await page.evaluate(({ font, sample }) => document.fonts.check(`16px "${font}"`, sample), language),
        `${language.font} loaded`,
      ).toBe(true);

    for (const { tab, ...rest } of SECTIONS) {
      const section = "section" in rest ? rest.section : undefined;
      await page.goto(`${site.url}/admin?tab=${tab}${section ? `&section=${section}` : ""}`);
      if ("list" in rest) await expect(page.getByRole("button", { name: "New page" })).toBeVisible();
      else await expect(page.getByRole("radio", { name: language.name, exact: true }).first()).toBeChecked();
      await expectFits(page, `${tab}${section ? ` → ${section}` : ""} in ${language.name}`);
    }
  });
}

test("Edit Post and Edit Page in Sinhala and Tamil fit a 390 px phone", async ({ page, site }) => {
  await createPost(site, postData({ title: "Post On A Phone", content: "The body of a post read on a phone." }));
  await createPage(site);
  await page.setViewportSize(PHONE);

  await openAdminTab(page, site, "blog");
  await page.getByRole("button", { name: "Edit Post On A Phone", exact: true }).click();
  const post = page.getByRole("dialog", { name: "Edit Post" });
  await expect(post.getByLabel("Title", { exact: true })).toBeVisible();
  for (const language of LANGUAGES) {
    await chooseLanguageIn(post, language.name);
    await expect(post.getByLabel("Title", { exact: true })).toBeVisible();
    await expectFits(page, `Edit Post in ${language.name}`);
  }

  await openAdminTab(page, site, "pages");
  await page.getByRole("button", { name: "Edit Colombo growth plan" }).click();
  const landing = page.getByRole("dialog", { name: "Edit Page" });
  await expect(landing.getByLabel("Title", { exact: true })).toBeVisible();
  for (const language of LANGUAGES) {
    await chooseLanguageIn(landing, language.name);
    await expect(landing.getByText("Shared by every language — edit in English:")).toBeVisible();
    await expectFits(page, `Edit Page in ${language.name}`);
  }
});

/** A published page of the team's with a hero, a contact form and questions (the Pages API). */
async function createPage(site: Site) {
  const response = await fetch(`${site.url}/api/pages`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url, Cookie: await site.adminCookie() },
    body: JSON.stringify({
      data: {
        path: "/offers/colombo-growth",
        title: "Colombo growth plan",
        description: "Campaigns for small firms in Colombo, Kandy and Jaffna.",
        image: "",
        noindex: false,
        status: "published",
        blocks: [
          { type: "hero", heading: "Leads, not likes", text: "A plan for your business in a week." },
          { type: "contact" },
          {
            type: "faq",
            items: [{ question: "How much does it cost?", answer: "Plans start at a fixed monthly fee." }],
          },
        ],
        variants: [],
      },
    }),
  });
  expect(response.ok, `POST /api/pages: ${response.status} ${await response.text()}`).toBe(true);
}
