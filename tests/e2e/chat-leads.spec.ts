import type { Page } from "@playwright/test";
import { ASSISTANT_NAME } from "#content/constants.ts";
import { defaultAiSettings, defaultContact } from "#content/defaults.ts";
import type { AiSettings } from "#content/schemas.ts";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp.ts";
import { openAdminTab } from "./admin-helpers.ts";
import { axeOf } from "./fixtures.ts";
import { expect, startSite, test as base, toast, type Site } from "./admin-tools-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Leads from the chat and suggested questions (docs/product.md §2), with no model: the
// site answers from its own pages, and a fake mail server receives what the outbox sends.

const test = base.extend<{ leads: { site: Site; smtp: FakeSmtp } }, { leadsWorker: { site: Site; smtp: FakeSmtp } }>({
  leadsWorker: [
    async ({}, provide) => {
      const smtp = await startFakeSmtp();
      const site = await startSite({ SMTP_URL: smtp.url, CONTACT_TO: "inbox@lankagrowth.example" });
      await provide({ site, smtp });
      await site.close();
      await smtp.close();
    },
    // Starting a server (migrations, password hashing) can be slow on a busy machine.
    { scope: "worker", timeout: budget(90_000) },
  ],
  leads: async ({ leadsWorker }, provide) => {
    await leadsWorker.site.save("ai-settings", defaultAiSettings);
    await leadsWorker.site.server.deps.limits.publicForms.reset("contact:127.0.0.1");
    await leadsWorker.site.server.deps.chat.perIp.reset("127.0.0.1");
    await provide(leadsWorker);
  },
});
// Pages, sign-in, mail delivery and the admin all wait on a shared, busy machine.
test.describe.configure({ timeout: budget(120_000) });

const launcher = (page: Page) => page.getByRole("button", { name: ASSISTANT_NAME });
const panel = (page: Page) => page.getByRole("dialog", { name: ASSISTANT_NAME });
const input = (page: Page) => page.getByRole("textbox", { name: "Type your message" });
const log = (page: Page) => page.getByRole("log", { name: "Conversation" });
const leadForm = (page: Page) => panel(page).getByRole("form", { name: "Talk to the team" });
const suggestions = (page: Page) => panel(page).getByRole("list", { name: "Suggested questions" });

test("asking for a human offers the team; the lead left in the chat reaches the inbox and the mail server with its transcript", async ({
  page,
  leads,
}) => {
  const { site, smtp } = leads;
  await page.goto(`${site.url}/services`);
  await launcher(page).click();
  await input(page).fill("Can I speak to a human?");
  await input(page).press("Enter");
  // The ways to reach a person, from the Contact page, then the offer.
  await expect(log(page)).toContainText(defaultContact.info.phone);
  await expect(log(page)).toContainText("Would you like our team to get back to you?");

  await log(page).getByRole("button", { name: "Leave my details" }).click();
  await expect(leadForm(page)).toBeVisible();
  await expect(leadForm(page).getByLabel("Name")).toBeFocused();
  // The offer is taken: it leaves the conversation while the form is open.
  await expect(log(page).getByRole("button", { name: "Leave my details" })).toHaveCount(0);
  await leadForm(page).getByLabel("Name").fill("Nimal Perera");
  await leadForm(page).getByLabel("Email").fill("nimal@example.lk");
  await leadForm(page).getByLabel(/^Note/).fill("We export tea and need a new website.");
  const axe = await axeOf(page).include("#chat-panel").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await leadForm(page).getByRole("button", { name: "Send", exact: true }).click();
  await expect(log(page)).toContainText(
    "Thank you, Nimal Perera. Our team has your details and this conversation, and will get back to you within 24 hours.",
  );
  await expect(leadForm(page)).toHaveCount(0);
  await expect(input(page)).toBeFocused();

  const [mail] = await smtp.waitFor(1, 15_000);
  expect(mail!.subject).toBe("New lead from the chat assistant");
  expect(mail!.replyTo).toBe("Nimal Perera <nimal@example.lk>");
  expect(mail!.text).toContain(
    [
      "We export tea and need a new website.",
      "",
      "Conversation in the chat on /services:",
      "Visitor: Can I speak to a human?",
      `${ASSISTANT_NAME}: Here is what I found on our site:`,
    ].join("\n"),
  );

  // The owner's inbox has it, marked as coming from the chat, with the whole conversation.
  await openAdminTab(page, site, "contact");
  const inbox = page.getByRole("region", { name: /^Messages/ });
  const row = inbox.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Nimal Perera/ }) });
  await expect(row).toContainText("From the chat");
  await expect(row).toContainText("We export tea and need a new website.");
  await expect(row).toContainText("Email: sent");
  await row.getByRole("button", { name: /^Nimal Perera/ }).click();
  const dialog = page.getByRole("dialog", { name: "Message from Nimal Perera" });
  await expect(dialog.locator("dt:text-is('Sent through') + dd")).toHaveText("Chat");
  await expect(dialog.locator("dt:text-is('Language') + dd")).toHaveText("English");
  await expect(dialog).toContainText("Visitor: Can I speak to a human?");
  await expect(dialog).toContainText(`${ASSISTANT_NAME}: Here is what I found on our site:`);
  await expect(dialog).toContainText(defaultContact.info.phone);
});

test("'Talk to the team' opens the form at any time; a refused email is marked and keeps what was typed; Esc goes back", async ({
  page,
  leads,
}) => {
  const { site } = leads;
  const before = await site.server.deps.store.messages.list();
  await page.goto(`${site.url}/about`);
  await launcher(page).click();
  await panel(page).getByRole("button", { name: "Talk to the team" }).click();
  const email = leadForm(page).getByLabel("Email");
  await leadForm(page).getByLabel("Name").fill("Kamala Silva");
  // The browser lets this through; the server's check (the Contact form's) does not.
  await email.fill("kamala@example");
  await leadForm(page).getByRole("button", { name: "Send", exact: true }).click();
  await expect(leadForm(page).getByRole("alert")).toHaveText("Please check the highlighted fields.");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Please enter a valid email address, like name@example.com.");
  await expect(leadForm(page).getByLabel("Name")).toHaveValue("Kamala Silva");
  await expect(email).toHaveValue("kamala@example");
  expect(await site.server.deps.store.messages.list()).toEqual(before);

  await email.press("Escape");
  await expect(leadForm(page)).toHaveCount(0);
  await expect(panel(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
});

test("suggested questions show when the panel opens, and one clicked asks itself and gets an answer", async ({
  page,
  leads,
}) => {
  await page.goto(`${leads.site.url}/services`);
  await launcher(page).click();
  await expect(suggestions(page).getByRole("button")).toHaveText(defaultAiSettings.suggestedQuestions);

  await suggestions(page).getByRole("button", { name: "Where is your office?" }).click();
  await expect(log(page).getByText("You said:")).toHaveCount(1);
  await expect(log(page)).toContainText("Where is your office?");
  await expect(log(page)).toContainText("Level 8, 120 Galle Road, Colombo 03");
  // Asked: the suggestions step aside for the conversation, and the box was left alone.
  await expect(suggestions(page)).toHaveCount(0);
  await expect(input(page)).toHaveValue("");
  await page.reload();
  await expect(log(page)).toContainText("Level 8, 120 Galle Road, Colombo 03");
  await expect(suggestions(page)).toHaveCount(0);
});

test("the AI tab edits the suggested questions (at most 4, none empty) and the public panel shows the new ones", async ({
  page,
  leads,
  browser,
}) => {
  const { site } = leads;
  await openAdminTab(page, site, "ai");
  const section = page.getByRole("region", { name: "Suggested questions" });
  const question = (n: number) => section.getByLabel(`Question ${n}`, { exact: true });
  const add = section.getByRole("button", { name: "Add Question" });
  const save = page.getByRole("button", { name: "Save AI Settings" });
  for (const [i, text] of defaultAiSettings.suggestedQuestions.entries())
    await expect(question(i + 1)).toHaveValue(text);
  await expect(add).toBeDisabled();

  await section.getByRole("button", { name: "Remove question 4 (Where is your office?)" }).click();
  await expect(question(4)).toHaveCount(0);
  await add.click();
  await expect(question(4)).toHaveValue("");
  // An empty new question's message waits until it is left or Save is pressed, which then saves nothing.
  await save.click();
  await expect(question(4)).toHaveAccessibleDescription(/Type a question or remove this one\./);
  await expect(save).toBeDisabled();
  await question(4).fill("Do you work with hotels?");
  await question(1).fill("Can you help us sell tea abroad?");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, "AI settings updated successfully")).toBeVisible();
  const stored = await site.read<AiSettings>("ai-settings");
  expect(stored.data.suggestedQuestions).toEqual([
    "Can you help us sell tea abroad?",
    "How much does it cost to work with you?",
    "How does a project with you start?",
    "Do you work with hotels?",
  ]);

  const visitor = await browser.newPage();
  try {
    await visitor.goto(`${site.url}/services`);
    await launcher(visitor).click();
    await expect(suggestions(visitor).getByRole("button")).toHaveText(stored.data.suggestedQuestions);
    await expect(suggestions(visitor)).not.toContainText("Where is your office?");
  } finally {
    await visitor.close();
  }
});
