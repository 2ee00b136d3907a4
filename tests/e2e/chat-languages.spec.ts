import type { Page } from "@playwright/test";
import { si as siPanel } from "#content/i18n/chat/si.ts";
import { si as siStrings } from "#content/i18n/si.ts";
import { si } from "#content/translations/si.ts";
import { ta as taStrings } from "#content/i18n/ta.ts";
import { expect, expectNoAxeViolations, openAdminTab, test } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";

// The chat in the visitor's language (issue 26), with no model: asked in Sinhala on a Sinhala
// page, it answers from the Sinhala pages and links them at their Sinhala addresses; asked in
// Tamil on an English page, the Tamil ones; the owner sees each conversation's language and
// filters by it.

test.describe.configure({ timeout: budget(90_000) });

/** Asks on a Sinhala page: the launcher's name is the page's, the panel's words its own catalog's (loaded as it opens). */
async function ask(page: Page, question: string) {
  await page.getByRole("button", { name: siStrings.chat.name }).click();
  const panel = page.getByRole("dialog", { name: siStrings.chat.name });
  await expect(panel).toBeVisible();
  await page.getByRole("textbox", { name: siPanel.inputLabel }).fill(question);
  await page.getByRole("button", { name: siPanel.send }).click();
  return page.getByRole("log", { name: siPanel.conversation });
}

test("a Sinhala question on a /si/ page gets a Sinhala answer with a link to the Sinhala Contact page", async ({
  page,
  site,
}) => {
  // Not the home page, whose welcome popup would cover the panel.
  await page.goto(`${site.url}/si/services`);
  const log = await ask(page, "ඔයාලගේ ඔෆිස් එක තියෙන්නේ කොහෙද?");
  await expect(log).toContainText("මේ ගැන අපගේ වෙබ් අඩවියේ සඳහන් වන්නේ මෙයයි:");
  await expect(log).toContainText(si.documents.contact.info.address);
  const source = log.getByRole("link", { name: "අප අමතන්න" });
  await expect(source).toHaveAttribute("href", "/si/contact");
  await source.click();
  await expect(page).toHaveURL(/\/si\/contact$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "si");
});

test("a Tamil question on an English page is answered in Tamil, linking the Tamil page", async ({ page, site }) => {
  await page.goto(`${site.url}/services`);
  // The panel is the page's (English); the answer is the question's language.
  await page.getByRole("button", { name: "Lanka Growth Assistant" }).click();
  await page.getByRole("textbox", { name: "Type your message" }).fill("உங்கள் அலுவலகம் எங்கே இருக்கிறது?");
  await page.getByRole("button", { name: "Send message" }).click();
  const log = page.getByRole("log", { name: "Conversation" });
  await expect(log).toContainText("இது பற்றி எமது இணையத்தளத்தில் உள்ளவை இதோ:");
  await expect(log.getByRole("link", { name: taStrings.links.contact })).toHaveAttribute("href", "/ta/contact");
});

test("the AI tab shows each conversation's language and lists one language's only", async ({ page, browser, site }) => {
  const visitor = await browser.newPage();
  await visitor.goto(`${site.url}/si/services`);
  const log = await ask(visitor, "වෙබ්සයිට් එකක් හදලා දෙනවද?");
  await expect(log).toContainText("වෙබ් අඩවි නිර්මාණය");
  await visitor.close();

  await openAdminTab(page, site, "ai");
  const rows = page.getByRole("list", { name: "Conversations" }).getByRole("listitem");
  const sinhala = rows.filter({ hasText: "වෙබ්සයිට් එකක් හදලා දෙනවද?" });
  await expect(sinhala.locator('[lang="si"]')).toHaveText("සිංහල");
  const language = page.getByRole("combobox", { name: "Language" });
  // No one asked in English on this site.
  await language.selectOption("en");
  await expect(page.getByText("No conversations match.")).toBeVisible();
  await language.selectOption("ta");
  await expect(sinhala).toHaveCount(0);
  await expect(rows.locator('[lang="ta"]').first()).toHaveText("தமிழ்");
  await language.selectOption("si");
  await expect(sinhala).toBeVisible();
  await expect(rows.locator('[lang="ta"], [lang="en"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
