import type { Page } from "@playwright/test";
import type { ServicesContent } from "#content/schemas.ts";
import { expect, expectNoAxeViolations, openAdminTab, test, toast } from "./admin-helpers.ts";
import type { Site } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

// Several engineers share two CPU cores: give a cold server and two browsers room.
test.describe.configure({ timeout: budget(120_000) });

/** "ශ්‍රී ලංකා සේවා": its first letter joins with a zero-width joiner (U+200D), which must survive every path. */
const SINHALA_TITLE = "\u0DC1\u0DCA\u200D\u0DBB\u0DD3 \u0DBD\u0D82\u0D9A\u0DCF \u0DC3\u0DDA\u0DC0\u0DCF";

const language = (page: Page, name: string) => page.getByRole("radio", { name });
const pageTitle = (page: Page) => page.getByLabel("Page Title", { exact: true });
const pageSubtitle = (page: Page) => page.getByLabel("Page Subtitle", { exact: true });
const saveServices = (page: Page) => page.getByRole("button", { name: "Save Services Content" });

/** The Services document in `locale` as the API answers it. */
async function readIn(site: Site, locale: string) {
  const response = await fetch(`${site.url}/api/content/services?locale=${locale}`, {
    headers: { Cookie: await site.adminCookie() },
  });
  return (await response.json()) as { version: number; data: ServicesContent; states: Record<string, string> };
}

test("Services in Sinhala: an untranslated title is marked, translated with a ZWJ, kept byte for byte and shown on /si/services", async ({
  page,
  site,
}) => {
  // An English title of the owner's own has no built-in translation yet.
  const english = (await site.read<ServicesContent>("services")).data;
  await site.save("services", { ...english, title: "Services for Colombo" });

  await openAdminTab(page, site, "services");
  await expect(language(page, "English")).toBeChecked();
  // A radio group: the arrow keys choose the language.
  await language(page, "English").focus();
  await page.keyboard.press("ArrowRight");
  await expect(language(page, "සිංහල")).toBeChecked();
  await expect(language(page, "සිංහල")).toBeFocused();
  await expect(language(page, "සිංහල").locator("[lang=si]")).toHaveText("සිංහල");

  await expect(page.getByText(/^සිංහල: \d+ of \d+ texts translated/)).toBeVisible();
  await expect(page.getByText("Shared by every language — edit in English:")).toBeVisible();
  // Shared things are edited in English only.
  await expect(page.getByRole("button", { name: "Add Service" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Drag to reorder/ })).toHaveCount(0);

  const title = pageTitle(page);
  await expect(title).toHaveValue("");
  await expect(title).toHaveAttribute("placeholder", "Services for Colombo");
  await expect(title).toHaveAttribute("lang", "si");
  await expect(title).toHaveAccessibleDescription(/Not translated.*English: Services for Colombo/);
  await expect(pageSubtitle(page)).not.toHaveValue("");
  await expectNoAxeViolations(page);

  await title.fill(SINHALA_TITLE);
  await expect(title).not.toHaveAccessibleDescription(/Not translated/);
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
  await saveServices(page).click();
  await expect(toast(page, "Services (සිංහල) content updated successfully", "success")).toBeVisible();

  const stored = await readIn(site, "si");
  expect(stored.data.title).toBe(SINHALA_TITLE);
  expect([...stored.data.title].map((c) => c.codePointAt(0))).toContain(0x200d);
  expect(stored.states["title"]).toBe("translated");
  // English is untouched.
  expect((await site.read<ServicesContent>("services")).data.title).toBe("Services for Colombo");

  // The language is remembered by the browser: a reload opens Sinhala again, with the saved title.
  await page.reload();
  await expect(language(page, "සිංහල")).toBeChecked();
  await expect(pageTitle(page)).toHaveValue(SINHALA_TITLE);
  expect(await pageTitle(page).inputValue()).toBe(SINHALA_TITLE);
  await language(page, "English").click();
  await expect(pageTitle(page)).toHaveValue("Services for Colombo");

  await page.goto(`${site.url}/si/services`);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(SINHALA_TITLE);
  expect(await heading.textContent()).toBe(SINHALA_TITLE);
});

test("a translated text whose English changes is marked “English changed” until translated again", async ({
  page,
  site,
}) => {
  await openAdminTab(page, site, "services");
  await language(page, "සිංහල").click();
  await pageSubtitle(page).fill("ලංකාවේ ව්‍යාපාර සඳහා අලෙවිකරණය.");
  await saveServices(page).click();
  await expect(toast(page, "Services (සිංහල) content updated successfully")).toBeVisible();

  // English changes the same text (the Sinhala copy stays open in the store meanwhile).
  await language(page, "English").click();
  await pageSubtitle(page).fill("Marketing that pays for itself.");
  await saveServices(page).click();
  await expect(toast(page, "Services content updated successfully")).toBeVisible();

  await language(page, "සිංහල").click();
  const subtitle = pageSubtitle(page);
  await expect(subtitle).toHaveValue("ලංකාවේ ව්‍යාපාර සඳහා අලෙවිකරණය.");
  await expect(subtitle).toHaveAccessibleDescription(/English changed.*English now: Marketing that pays for itself\./);
  await expect(page.getByText(/texts translated · 1 English changed/)).toBeVisible();
  expect((await readIn(site, "si")).states["subtitle"]).toBe("stale");

  await subtitle.fill("තමන්ගේ වියදම ආපසු ගෙවන අලෙවිකරණය.");
  await expect(subtitle).not.toHaveAccessibleDescription(/English changed/);
  await saveServices(page).click();
  await expect(toast(page, "Services (සිංහල) content updated successfully").last()).toBeVisible();
  await expect(page.getByText(/English changed/)).toHaveCount(0);
  expect((await readIn(site, "si")).states["subtitle"]).toBe("translated");
});

test("“Still correct” keeps an outdated translation for the English now, kept on the device until saved", async ({
  page,
  site,
}) => {
  // A Sinhala subtitle (with a zero-width joiner), then English changes under it.
  const SUBTITLE = "ලංකාවේ ව්\u200Dයාපාර සඳහා අලෙවිකරණය.";
  const sinhala = await readIn(site, "si");
  const translated = await fetch(`${site.url}/api/content/services?locale=si`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: await site.adminCookie() },
    body: JSON.stringify({ version: sinhala.version, data: { ...sinhala.data, subtitle: SUBTITLE } }),
  });
  expect(translated.status).toBe(200);
  const english = (await site.read<ServicesContent>("services")).data;
  await site.save("services", { ...english, subtitle: "Marketing that grows with you." });
  expect((await readIn(site, "si")).states["subtitle"]).toBe("stale");

  await openAdminTab(page, site, "services");
  await language(page, "සිංහල").click();
  const subtitle = pageSubtitle(page);
  await expect(subtitle).toHaveAccessibleDescription(/English changed.*English now: Marketing that grows with you\./);
  const stillCorrect = page.getByRole("button", { name: "Still correct: Page Subtitle" });
  await expect(stillCorrect).toHaveCount(1);
  await expect(stillCorrect).toHaveAccessibleDescription(/English now: Marketing that grows with you\./);
  await expectNoAxeViolations(page);

  await stillCorrect.click();
  await expect(subtitle).toHaveAccessibleDescription(/^Confirmed English: Marketing that grows with you\./);
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
  await expect(page.getByText(/English changed/)).toHaveCount(0);
  await expect(subtitle).toHaveValue(SUBTITLE);
  // "Undo" takes it back; nothing is left to save.
  await page.getByRole("button", { name: "Undo “Still correct” for Page Subtitle" }).click();
  await expect(subtitle).toHaveAccessibleDescription(/English changed/);
  await expect(page.getByText("Unsaved changes", { exact: true })).toHaveCount(0);
  await stillCorrect.click();

  // A reload loses nothing: the device kept the confirmation, offered back as a draft.
  await page.reload();
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(pageSubtitle(page)).toHaveAccessibleDescription(/^Confirmed/);
  expect((await readIn(site, "si")).states["subtitle"]).toBe("stale"); // not saved yet

  await saveServices(page).click();
  await expect(toast(page, "Services (සිංහල) content updated successfully")).toBeVisible();
  await expect(page.getByText(/English changed|Confirmed/)).toHaveCount(0);
  const stored = await readIn(site, "si");
  expect(stored.states["subtitle"]).toBe("translated");
  expect(stored.data.subtitle).toBe(SUBTITLE);
});

test("two admins editing Sinhala meet the conflict dialog; Tamil beside Sinhala never conflicts", async ({
  page,
  browser,
  site,
}) => {
  const other = await browser.newPage();
  try {
    await openAdminTab(page, site, "services");
    await openAdminTab(other, site, "services");
    for (const admin of [page, other]) {
      await language(admin, "සිංහල").click();
      await expect(pageSubtitle(admin)).toBeEditable();
    }

    await pageSubtitle(other).fill("දෙවැන්නාගේ උපසිරැසිය");
    await pageSubtitle(page).fill("පළමුවැන්නාගේ උපසිරැසිය");
    await saveServices(page).click();
    await expect(toast(page, "Services (සිංහල) content updated successfully")).toBeVisible();

    await expect(other.getByText("This section was changed elsewhere. Reload to see the changes.")).toBeVisible();
    await saveServices(other).click();
    const dialog = other.getByRole("dialog", { name: "Someone else saved this section" });
    await expect(dialog).toContainText("Services (සිංහල) was changed by owner@example.lk");
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await expect(pageSubtitle(other)).toHaveValue("දෙවැන්නාගේ උපසිරැසිය");

    // The other admin turns to Tamil (its Sinhala draft is kept, and marked on the switch).
    await language(other, "தமிழ்").click();
    await expect(language(other, "සිංහල")).toHaveAccessibleName(/edits not saved/);
    await pageSubtitle(other).fill("தமிழ் துணைத்தலைப்பு");
    await pageSubtitle(page).fill("පළමුවැන්නාගේ දෙවන උපසිරැසිය");
    await saveServices(other).click();
    await expect(toast(other, "Services (தமிழ்) content updated successfully")).toBeVisible();
    await saveServices(page).click();
    await expect(toast(page, "Services (සිංහල) content updated successfully").last()).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Someone else saved this section" })).toHaveCount(0);
    await expect(page.getByText("This section was changed elsewhere.")).toHaveCount(0);

    expect((await readIn(site, "si")).data.subtitle).toBe("පළමුවැන්නාගේ දෙවන උපසිරැසිය");
    expect((await readIn(site, "ta")).data.subtitle).toBe("தமிழ் துணைத்தலைப்பு");
  } finally {
    await other.close();
  }
});

test("unsaved Tamil edits are kept on the device and offered again in the Tamil editor only", async ({
  page,
  site,
}) => {
  await openAdminTab(page, site, "services");
  await language(page, "தமிழ்").click();
  await pageTitle(page).fill("எங்கள் சேவைகள், கொழும்பு");
  // Written to the device within half a second; then the page is reloaded.
  await page.waitForTimeout(800);
  await page.reload();

  await expect(language(page, "தமிழ்")).toBeChecked();
  const notice = page.getByRole("status").filter({ hasText: "You have unsaved changes from" });
  await expect(notice).toBeVisible();
  await language(page, "English").click();
  await expect(pageTitle(page)).toBeEditable();
  await expect(notice).toHaveCount(0);
  await language(page, "தமிழ்").click();
  await notice.getByRole("button", { name: "Restore" }).click();
  await expect(pageTitle(page)).toHaveValue("எங்கள் சேவைகள், கொழும்பு");
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
});

test("Preview in Sinhala opens /si/services with the unsaved texts, English where a text is left empty", async ({
  page,
  site,
}) => {
  const english = (await site.read<ServicesContent>("services")).data;
  await openAdminTab(page, site, "services");
  await language(page, "සිංහල").click();
  const editor = page.getByRole("region", { name: "Services editor" });
  await pageTitle(page).fill("පෙරදසුන් සේවා");
  await pageSubtitle(page).fill("");

  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    editor.getByRole("button", { name: "Preview" }).click(),
  ]);
  await expect(preview).toHaveURL(/\/si\/services\?preview=[\w-]{16,64}$/);
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("පෙරදසුන් සේවා");
  await expect(preview.getByText(english.subtitle, { exact: true })).toBeVisible();
  // Nothing was saved.
  expect((await readIn(site, "si")).data.title).not.toBe("පෙරදසුන් සේවා");
  await preview.close();
});
