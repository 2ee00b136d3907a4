import type { Locator, Page } from "@playwright/test";
import { expect, openAdmin, signInAs, test, toast, type Site } from "./admin-tools-helpers.ts";
import { si } from "#content/i18n/si.ts";
import { budget } from "../helpers/machine.ts";

// The Pages tab (issue 42): the team builds a landing page from blocks, moves them with the
// keyboard, publishes it; a reserved address is refused as the API refuses it; a Writer only
// drafts and submits for review; a Sinhala translation is saved. Checked in what the server stores.
test.describe.configure({ timeout: budget(150_000) });

const EDITOR = { email: "kasun@agency.lk", password: "editor-password-1" };
const WRITER = { email: "nimali@agency.lk", password: "writer-password-1" };

async function addAccount(site: Site, account: { email: string; password: string }, role: string) {
  const response = await fetch(`${site.url}/api/accounts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url, Cookie: await site.adminCookie() },
    body: JSON.stringify({ ...account, role }),
  });
  expect(response.status).toBe(201);
}

/** The API as the test admin (what is stored). */
async function asAdmin<T>(site: Site, path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(`${site.url}${path}`, {
    method: init.method ?? "GET",
    headers: { "Content-Type": "application/json", Origin: site.url, Cookie: await site.adminCookie() },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

interface Stored {
  id: string;
  version: number;
  data: { path: string; title: string; status: string; review?: boolean; blocks: { type: string; heading?: string }[] };
}

const storedPage = async (site: Site, path: string, locale?: string) => {
  const { pages } = await asAdmin<{ pages: { id: string; path: string }[] }>(site, "/api/pages");
  const id = pages.find((page) => page.path === path)?.id;
  expect(id, `a page at ${path}`).toBeDefined();
  return asAdmin<Stored>(site, `/api/pages/${id}${locale ? `?locale=${locale}` : ""}`);
};

/** With SCREENSHOTS_DIR set, keeps a picture for a person to look at. */
async function picture(page: Page, name: string) {
  const dir = process.env["SCREENSHOTS_DIR"];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function addBlock(dialog: Locator, name: string) {
  await dialog.getByRole("button", { name: "Add a block" }).first().click();
  await dialog.page().getByRole("menuitem", { name, exact: true }).click();
}

test("an Editor builds a page from blocks, moves one with the keyboard, publishes it and finds it in the list", async ({
  page,
  site,
}) => {
  await addAccount(site, EDITOR, "editor");
  await signInAs(page, site, EDITOR, "pages");
  await expect(page.getByText("No pages yet. Click “New page”")).toBeVisible();

  await page.getByRole("button", { name: "New page" }).click();
  const dialog = page.getByRole("dialog", { name: "New Page" });
  await dialog.getByLabel("Title").fill("Grow your Colombo SME");
  const address = dialog.getByLabel("Address");
  // The address rules are the API's (content/landing-pages.ts), said as it is typed.
  await address.fill("/blog/offers");
  await expect(dialog.getByText("The blog answers at /blog and below: choose another address.")).toBeVisible();
  await address.fill("/Offers");
  await expect(dialog.getByText(/Use one to three parts of lowercase letters/)).toBeVisible();
  await address.fill("/offers/colombo-smes");
  await expect(dialog.getByText(/choose another address|Use one to three parts/)).toHaveCount(0);
  await dialog.getByLabel("Description").fill("Campaigns for small firms in Colombo.");

  const blocks = dialog.getByRole("list", { name: "Blocks" });
  await addBlock(dialog, "Hero");
  await blocks.getByLabel("Heading").fill("Grow your Colombo SME");
  await blocks.getByLabel("Text").fill("Campaigns that bring leads, not likes.");
  await addBlock(dialog, "FAQ");
  await blocks.getByRole("textbox", { name: "Question" }).fill("How much does it cost?");
  await blocks.getByRole("textbox", { name: "Answer" }).fill("From LKR 50,000 a month.");
  await addBlock(dialog, "Contact form");
  await expect(blocks.locator(":scope > li")).toHaveCount(3);
  await picture(page, "pages-editor-1280");

  // The contact form above the questions: lift it by its grip, one step up, drop.
  const grip = dialog.getByRole("button", { name: "Drag to reorder Contact form" });
  await grip.focus();
  const announced = page.getByRole("status").filter({ hasText: /moved to position/ });
  await page.keyboard.press("Space");
  await expect(announced).toContainText("Contact form moved to position 3.");
  await page.keyboard.press("ArrowUp");
  await expect(announced).toContainText("Contact form moved to position 2.");
  await page.keyboard.press("Space");
  await expect(blocks.locator(":scope > li").nth(1)).toContainText("Contact form");
  await expect(blocks.locator(":scope > li").nth(2)).toContainText("FAQ: How much does it cost?");

  await dialog.getByRole("radio", { name: "Published" }).check();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Page saved")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page
    .getByRole("list", { name: "Pages" })
    .getByRole("listitem")
    .filter({ hasText: "/offers/colombo-smes" });
  await expect(row).toContainText("Grow your Colombo SME");
  await expect(row).toContainText("Published");
  const stored = await storedPage(site, "/offers/colombo-smes");
  expect(stored.data).toMatchObject({ title: "Grow your Colombo SME", status: "published" });
  expect(stored.data.blocks.map((block) => block.type)).toEqual(["hero", "contact", "faq"]);
  await picture(page, "pages-list-1280");

  // On a phone: the list and the editor fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await picture(page, "pages-list-390");
  await page.getByRole("button", { name: "Edit Grow your Colombo SME" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Page" }).getByLabel("Title")).toHaveValue(
    "Grow your Colombo SME",
  );
  await picture(page, "pages-editor-390");
});

test("a Writer drafts a page and submits it for review; they cannot publish it", async ({ page, site }) => {
  await addAccount(site, WRITER, "writer");
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, site, WRITER, "pages");

  await page.getByRole("button", { name: "New page" }).click();
  const dialog = page.getByRole("dialog", { name: "New Page" });
  await expect(dialog.getByRole("radio", { name: "Published" })).toHaveCount(0);
  await dialog.getByLabel("Title").fill("Jaffna webinar");
  await dialog.getByLabel("Address").fill("/events/jaffna-webinar");
  await addBlock(dialog, "Call to action");
  await dialog.getByLabel("Heading").fill("Join the webinar");
  await dialog.getByLabel("Button label").fill("Save my seat");
  await dialog.getByRole("button", { name: "Submit for review" }).click();
  await expect(toast(page, "Page submitted for review")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("listitem").filter({ hasText: "/events/jaffna-webinar" });
  await expect(row).toContainText("In review");
  await expect(row.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  const stored = await storedPage(site, "/events/jaffna-webinar");
  expect(stored.data).toMatchObject({ status: "draft", review: true });
});

test("a page's Sinhala translation is saved, its shared settings read-only", async ({ page, site }) => {
  await asAdmin(site, "/api/pages", {
    method: "POST",
    json: {
      data: {
        path: "/offers/colombo-growth",
        title: "Colombo growth plan",
        description: "Campaigns for small firms.",
        image: "",
        noindex: false,
        status: "published",
        blocks: [{ type: "hero", heading: "Leads, not likes", text: "A plan in a week." }, { type: "contact" }],
        variants: [],
      },
    },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page, site, "pages");
  await page.getByRole("button", { name: "Edit Colombo growth plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Page" });
  await dialog.getByRole("radio", { name: "සිංහල" }).click();
  await expect(dialog.getByText("Shared by every language — edit in English:")).toBeVisible();
  await expect(dialog.getByLabel("Address")).toHaveJSProperty("readOnly", true);
  await expect(dialog.getByRole("button", { name: "Add a block" })).toHaveCount(0);

  // Written as a Sinhala copywriter would (the ZWJ of ව්‍යාපාර kept).
  const title = "කොළඹ කුඩා ව්‍යාපාර සඳහා වර්ධනය";
  const heading = "කැමැත්තට වඩා ගනුදෙනුකරුවන්";
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Heading").fill(heading);
  await picture(page, "pages-editor-si-390");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Page (සිංහල) saved")).toBeVisible();

  const stored = await storedPage(site, "/offers/colombo-growth", "si");
  expect(stored.data.title).toBe(title);
  expect(stored.data.blocks[0]!.heading).toBe(heading);
  const english = await storedPage(site, "/offers/colombo-growth");
  expect(english.data.title).toBe("Colombo growth plan");
});

/** A published page stored through the API (hero first, so its heading is the page's h1); its id. */
async function createPage(site: Site, path: string, title: string, heading: string, headingB?: string) {
  const created = await asAdmin<{ id: string }>(site, "/api/pages", {
    method: "POST",
    json: {
      data: {
        path,
        title,
        description: "Campaigns for small firms.",
        image: "",
        noindex: false,
        status: "published",
        blocks: [{ type: "hero", heading, text: "A plan in a week." }, { type: "contact" }],
        variants: headingB ? [{ name: "B", blocks: [{ type: "hero", heading: headingB, text: "B's plan." }] }] : [],
      },
    },
  });
  return created.id;
}

test("Preview shows the page with its unsaved heading, as variant A or B; the public page keeps the saved one", async ({
  page,
  site,
}) => {
  await createPage(site, "/offers/kandy-launch", "Kandy launch", "Launch in Kandy", "Kandy, launched");
  await openAdmin(page, site, "pages");
  await page.getByRole("button", { name: "Edit Kandy launch" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Page" });
  await dialog.getByLabel("Heading").first().fill("Launch in Kandy this month");

  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    dialog.getByRole("button", { name: "Preview" }).click(),
  ]);
  await expect(preview).toHaveURL(/\/offers\/kandy-launch\?preview=[\w-]{16,64}$/);
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("Launch in Kandy this month");
  await expect(preview.getByRole("complementary", { name: "Preview" })).toBeVisible();
  for (const width of [1280, 390]) {
    await preview.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await picture(preview, `pages-preview-${width}`);
  }

  // The variant chosen reaches the open preview.
  await dialog.getByLabel("Variant to preview").selectOption("B");
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("Kandy, launched");
  await page.setViewportSize({ width: 390, height: 844 });
  await picture(page, "pages-editor-preview-390");

  // Nothing was saved.
  const visitor = await page.context().browser()!.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${site.url}/offers/kandy-launch`);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(/Launch in Kandy|Kandy, launched/);
    await expect(visitorPage.getByText("Launch in Kandy this month")).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test("a link to a page opens it in Edit Page; its Sinhala version is deleted there, English stays", async ({
  page,
  site,
}) => {
  const id = await createPage(site, "/offers/galle-growth", "Galle growth", "Grow in Galle");
  const sinhala = "ගාල්ලේ ව්‍යාපාර වර්ධනය";
  const copy = await asAdmin<{ version: number; englishVersion: number; data: Stored["data"] }>(
    site,
    `/api/pages/${id}?locale=si`,
  );
  await asAdmin(site, `/api/pages/${id}?locale=si`, {
    method: "PUT",
    json: { version: copy.version, englishVersion: copy.englishVersion, data: { ...copy.data, title: sinhala } },
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page, site, "pages");
  await page.goto(`${site.url}/admin?tab=pages&page=${id}&lang=si`);
  const dialog = page.getByRole("dialog", { name: "Edit Page" });
  await expect(dialog.getByLabel("Title")).toHaveValue(sinhala);

  await dialog.getByRole("button", { name: "Delete සිංහල translation" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the සිංහල translation?" });
  await confirm.getByRole("button", { name: "Delete translation" }).click();
  await expect(toast(page, "Page (සිංහල) translation deleted")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Delete සිංහල translation" })).toHaveCount(0);

  const stored = await asAdmin<{ version: number }>(site, `/api/pages/${id}?locale=si`);
  expect(stored.version).toBe(0);
  expect((await storedPage(site, "/offers/galle-growth")).data.title).toBe("Galle growth");
});

test("a translation's Preview marks its texts still in English as the public page does; its contact form sends nothing", async ({
  page,
  site,
}) => {
  await createPage(site, "/offers/galle-week", "Galle week", "A week of offers in Galle");
  await openAdmin(page, site, "pages");
  await page.getByRole("button", { name: "Edit Galle week" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Page" });
  await dialog.getByRole("radio", { name: "සිංහල" }).click();
  await expect(dialog.getByLabel("Address")).toHaveJSProperty("readOnly", true);
  // The title translated, the hero's heading not yet: the page shows it in English.
  const title = "ගාල්ල සතිය";
  await dialog.getByLabel("Title").fill(title);

  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    dialog.getByRole("button", { name: "Preview" }).click(),
  ]);
  await expect(preview).toHaveURL(/\/si\/offers\/galle-week\?preview=[\w-]{16,64}$/);
  const heading = preview.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("A week of offers in Galle");
  await expect(heading).toHaveAttribute("lang", "en");
  await expect(preview.locator("html")).toHaveAttribute("lang", "si");
  // The contact block says it sends nothing here, and cannot.
  await expect(preview.getByText(si.contactForm.previewNote)).toBeVisible();
  await expect(preview.getByLabel(si.contactForm.name)).toBeDisabled();
  await expect(preview.getByRole("button", { name: si.contactForm.send })).toBeDisabled();
  for (const width of [1280, 390]) {
    await preview.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await preview.getByText(si.contactForm.previewNote).scrollIntoViewIfNeeded();
    await picture(preview, `pages-preview-si-${width}`);
  }

  // Published, the public page marks the same text the same way, and its form sends.
  await dialog.getByRole("radio", { name: "Published" }).check();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Page (සිංහල) saved")).toBeVisible();
  const visitor = await page.context().browser()!.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${site.url}/si/offers/galle-week`);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
    await expect(visitorPage.getByText(si.contactForm.previewNote)).toHaveCount(0);
    await expect(visitorPage.getByLabel(si.contactForm.name)).toBeEnabled();
    for (const width of [1280, 390]) {
      await visitorPage.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await picture(visitorPage, `pages-public-si-${width}`);
    }
  } finally {
    await visitor.close();
  }
});
