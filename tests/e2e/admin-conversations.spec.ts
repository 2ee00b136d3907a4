import type { Page } from "@playwright/test";
import { ASSISTANT_NAME } from "#content/constants.ts";
import { expect, expectNoAxeViolations, openAdminTab, saveButton, test, toast } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";

// The chat's conversations kept for the owner (issue 14, item 5): what a visitor asks shows up
// under the AI tab, unanswered questions can be filtered, and old ones go after the retention.

test.describe.configure({ timeout: budget(90_000) });

const panel = (page: Page) => page.getByRole("dialog", { name: ASSISTANT_NAME });
const conversations = (page: Page) => page.getByRole("list", { name: "Conversations" }).getByRole("listitem");

async function ask(page: Page, question: string) {
  await page.getByRole("textbox", { name: "Type your message" }).fill(question);
  await page.getByRole("button", { name: "Send message" }).click();
  // The answer has arrived once the send button is back (it spins while waiting).
  await expect(page.getByRole("log", { name: "Conversation" })).toContainText(question);
  await expect(page.getByRole("textbox", { name: "Type your message" })).toBeEnabled();
  await expect(page.getByText("Thinking…")).toHaveCount(0);
}

test("what a visitor asks the assistant appears under the AI tab, unanswered questions marked", async ({
  page,
  browser,
  site,
}) => {
  // A visitor on /services (a browser of their own, no session).
  const visitor = await browser.newPage();
  await visitor.goto(`${site.url}/services`);
  await visitor.getByRole("button", { name: ASSISTANT_NAME }).click();
  await expect(panel(visitor).getByText("Chats are kept for 90 days so we can improve our answers.")).toBeVisible();
  await ask(visitor, "Which languages do you work in?");
  await expect(panel(visitor)).toContainText("English, Sinhala and Tamil");
  await ask(visitor, "Quantum chromodynamics lattice gauge");
  await visitor.close();

  await openAdminTab(page, site, "ai");
  const row = conversations(page).filter({ hasText: "Which languages do you work in?" });
  await expect(row).toContainText("2 questions");
  await expect(row).toContainText("Started on /services");
  await expect(row.getByText("1 unanswered")).toBeVisible();
  await expectNoAxeViolations(page);

  // Filters: unanswered only keeps it (it has one), a search for other words does not.
  await page.getByRole("switch", { name: "Unanswered only" }).click();
  await expect(row).toBeVisible();
  await page.getByRole("searchbox", { name: "Search conversations" }).fill("parking");
  await expect(page.getByText("No conversations match.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search conversations" }).fill("chromodynamics");
  await expect(row).toBeVisible();

  // The transcript.
  await row.getByRole("button", { name: "Which languages do you work in?" }).click();
  const transcript = page.getByRole("dialog", { name: "Conversation" });
  await expect(transcript).toHaveAccessibleDescription(/Started .* on \/services/);
  const lines = transcript.getByRole("list", { name: "Transcript" }).getByRole("listitem");
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(1)).toContainText("English, Sinhala and Tamil");
  await expect(lines.nth(2)).toContainText("Quantum chromodynamics lattice gauge");
  await expect(lines.nth(2).getByText("Unanswered")).toBeVisible();
  await expect(lines.nth(0).getByText("Unanswered")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Exported as CSV from the same list.
  const download = page.waitForEvent("download");
  await transcript.getByRole("button", { name: "Close" }).first().click();
  await page.getByRole("link", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^conversations-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("conversations older than the retention set in the AI tab are deleted", async ({ page, site }) => {
  const { store } = site.server.deps;
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
  const old = await store.conversations.start("/about", daysAgo(45));
  await store.conversations.add(old, [
    { sender: "user", text: "Do you still run workshops in Galle?", at: daysAgo(45), answered: false },
  ]);

  await openAdminTab(page, site, "ai");
  const row = conversations(page).filter({ hasText: "Do you still run workshops in Galle?" });
  await expect(row).toBeVisible();
  await page.getByLabel("Keep conversations for (days)").fill("30");
  await saveButton(page, "Save AI Settings").click();
  await expect(toast(page, "AI settings updated successfully", "success")).toBeVisible();
  await expect.poll(() => store.conversations.get(old)).toBeUndefined();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Conversations" })).toBeVisible();
  await expect(row).toHaveCount(0);
  // Visitors are told the new time.
  await page.goto(`${site.url}/`);
  await page.getByRole("button", { name: ASSISTANT_NAME }).click();
  await expect(panel(page).getByText("Chats are kept for 30 days so we can improve our answers.")).toBeVisible();
});
