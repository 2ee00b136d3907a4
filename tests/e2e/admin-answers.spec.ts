import type { Page } from "@playwright/test";
import { ASSISTANT_NAME } from "#content/constants.ts";
import { defaultAnswers } from "#content/defaults.ts";
import type { LocalizedStoredDocument } from "#content/documents.ts";
import type { AnswersContent } from "#content/schemas.ts";
import type { RecordedRequest } from "#server/dev/fake-ai.ts";
import { expect, expectNoAxeViolations, openAdminTab, test, toast } from "./admin-helpers.ts";
import { fakeAiSite, type FakeAiSite } from "./fake-ai-site.ts";
import type { Site } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

// Issue 41 item 3: the team teaches the assistant. An answer added in the AI tab's Answers is what
// the chat says to a visitor asking that question; an unanswered question in Conversations becomes
// a new answer in one click.

test.describe.configure({ timeout: budget(90_000) });

test.beforeEach(async ({ site }) => {
  await site.save("answers", defaultAnswers);
  // Every spec on this worker's site asks from 127.0.0.1: each test starts with the chat's limits fresh.
  await site.server.deps.chat.perIp.reset("127.0.0.1");
  await site.server.deps.chat.today.reset();
});

const panel = (page: Page) => page.getByRole("dialog", { name: ASSISTANT_NAME });
const entries = (page: Page) => page.getByRole("list", { name: "Answers" }).locator(":scope > li");

/** Asks the chat on `page` and waits for the whole answer. */
async function ask(page: Page, question: string) {
  await page.getByRole("textbox", { name: "Type your message" }).fill(question);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("log", { name: "Conversation" })).toContainText(question);
  await expect(page.getByRole("textbox", { name: "Type your message" })).toBeEnabled();
  await expect(page.getByText("Thinking…")).toHaveCount(0);
}

async function visitorAsks(page: Page, url: string, question: string) {
  await page.goto(url);
  await page.getByRole("button", { name: ASSISTANT_NAME }).click();
  await ask(page, question);
}

const ANSWER = "Yes: we design labels for spice jars and tea packs, in English, Sinhala and Tamil.";

test("an answer added in the Answers tab is what the chat tells a visitor, with no source link", async ({
  page,
  browser,
  site,
}) => {
  await openAdminTab(page, site, "ai");
  await page.getByRole("tab", { name: "Answers" }).click();
  await expect(page).toHaveURL(/section=answers/);
  await expect(entries(page)).toHaveCount(defaultAnswers.answers.length);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Answer" }).click();
  const added = entries(page).last();
  await added.getByRole("textbox", { name: "Question" }).fill("Do you design labels for spice jars?");
  await added.getByRole("button", { name: "Add another way of asking" }).click();
  await added.getByRole("textbox", { name: "Other way 1" }).fill("Can you make spice jar labels?");
  await added.getByRole("button", { name: "Add another way of asking" }).click();
  await added.getByRole("textbox", { name: "Other way 2" }).fill("Do you do label design?");
  await added.getByRole("textbox", { name: "Answer" }).fill(ANSWER);
  await page.getByRole("button", { name: "Save Answers" }).click();
  await expect(toast(page, "Answers content updated successfully", "success")).toBeVisible();
  const saved = await site.read<AnswersContent>("answers");
  expect(saved.data.answers.at(-1)).toEqual({
    question: "Do you design labels for spice jars?",
    otherWays: ["Can you make spice jar labels?", "Do you do label design?"],
    answer: ANSWER,
    placementId: defaultAnswers.answers.length,
  });

  // Reordered by the arrows: the new one goes first, every entry renumbered.
  await page.getByRole("button", { name: "Move Do you design labels for spice jars? up" }).click();
  await expect(entries(page).nth(defaultAnswers.answers.length - 1)).toContainText(
    "Do you design labels for spice jars?",
  );

  const visitor = await browser.newPage();
  await visitorAsks(visitor, `${site.url}/services`, "Can you make labels for my spice jars?");
  await expect(panel(visitor).getByRole("log", { name: "Conversation" })).toContainText(ANSWER);
  await expect(panel(visitor).getByRole("list", { name: "Sources" })).toHaveCount(0);
  await visitor.close();
});

test("a new entry's empty fields wait: their messages show once a field is left or Save is tried", async ({
  page,
  site,
}) => {
  await openAdminTab(page, site, "ai");
  await page.getByRole("tab", { name: "Answers" }).click();
  const save = page.getByRole("button", { name: "Save Answers" });
  await page.getByRole("button", { name: "Add Answer" }).click();
  const added = entries(page).last();
  await expect(page.getByText(/needs? attention/)).toHaveCount(0);
  await expect(added.getByRole("textbox", { name: "Answer" })).not.toHaveAttribute("aria-invalid", "true");

  // Trying to save shows every message, and stores nothing.
  await save.click();
  await expect(page.getByText("2 fields need attention before you can save.")).toBeVisible();
  await expect(added.getByText("Type the question, or remove this answer.")).toBeVisible();
  await expect(added.getByText("Write the answer the assistant should give.")).toBeVisible();
  await expect(save).toBeDisabled();
  expect((await site.read<AnswersContent>("answers")).data).toEqual(defaultAnswers);

  await added.getByRole("textbox", { name: "Question" }).fill("Do you design labels for spice jars?");
  await added.getByRole("textbox", { name: "Answer" }).fill(ANSWER);
  await save.click();
  await expect(toast(page, "Answers content updated successfully", "success")).toBeVisible();

  // Another new entry: leaving its empty question shows that one message only.
  await page.getByRole("button", { name: "Add Answer" }).click();
  const next = entries(page).last();
  await next.getByRole("textbox", { name: "Question" }).focus();
  await expect(page.getByText(/needs? attention/)).toHaveCount(0);
  await page.keyboard.press("Tab");
  await expect(page.getByText("1 field needs attention before you can save.")).toBeVisible();
  await expect(next.getByRole("textbox", { name: "Question" })).toHaveAttribute("aria-invalid", "true");
  await expect(next.getByRole("textbox", { name: "Answer" })).not.toHaveAttribute("aria-invalid", "true");
});

test("an unanswered question in Conversations becomes an answer in one click", async ({ page, browser, site }) => {
  const question = "Do you print labels for spice jars?";
  const visitor = await browser.newPage();
  await visitorAsks(visitor, `${site.url}/about`, question);
  await expect(panel(visitor)).toContainText("I'm sorry, I couldn't find an answer to that on our site.");

  await openAdminTab(page, site, "ai");
  const row = page
    .getByRole("list", { name: "Conversations" })
    .getByRole("listitem")
    .filter({ hasText: question })
    .first();
  await row.getByRole("button", { name: question }).click();
  const transcript = page.getByRole("dialog", { name: "Conversation" });
  await expect(transcript.getByText("Unanswered")).toBeVisible();
  await transcript.getByRole("button", { name: "Add an answer" }).click();

  // The Answers, a new entry with the visitor's question, its answer field focused; nothing saved yet.
  await expect(transcript).toBeHidden();
  await expect(page.getByRole("tab", { name: "Answers" })).toHaveAttribute("aria-selected", "true");
  const added = entries(page).last();
  await expect(added.getByRole("textbox", { name: "Question" })).toHaveValue(question);
  await expect(added.getByRole("textbox", { name: "Answer" })).toBeFocused();
  // The answer is still to be written: not yet a field that "needs attention".
  await expect(page.getByText(/needs? attention/)).toHaveCount(0);
  expect((await site.read<AnswersContent>("answers")).data).toEqual(defaultAnswers);

  // Into the focused field (one input event: typing it key by key took 15 s on a busy machine).
  await page.keyboard.insertText(ANSWER);
  await page.getByRole("button", { name: "Save Answers" }).click();
  await expect(toast(page, "Answers content updated successfully", "success")).toBeVisible();

  await visitor.close();
  const next = await browser.newPage();
  await visitorAsks(next, `${site.url}/about`, question);
  await expect(panel(next).getByRole("log", { name: "Conversation" })).toContainText(ANSWER);
  await next.close();

  // The newest conversation's transcript marks the question as answered from the Answers.
  await page.reload();
  await page
    .getByRole("list", { name: "Conversations" })
    .getByRole("listitem")
    .filter({ hasText: question })
    .first()
    .getByRole("button", { name: question })
    .click();
  await expect(page.getByRole("dialog", { name: "Conversation" }).getByText("From Answers")).toBeVisible();
});

/** The specs run against a fake model (server/dev/fake-ai.ts): "Translate from English". */
const aiTest = test.extend<{ ai: FakeAiSite }, { aiWorker: FakeAiSite }>(fakeAiSite("sk-answers-e2e"));

const ZWJ = "\u200D";
/** An entry of the owner's own (no built-in translation applies), and its Sinhala as the fake model gives it. */
const SPICE = {
  question: ["Do you design labels for spice jars?", "කුළුබඩු භාජන සඳහා ලේබල් නිර්මාණය කරනවාද?"],
  otherWay: ["Can you make spice jar labels?", "කුළුබඩු භාජනවලට ලේබල් හදලා දෙන්න පුළුවන්ද?"],
  answer: [ANSWER, `ඔව්: කුළුබඩු භාජන සහ තේ පැකට් සඳහා ලේබල් අපි ඉංග්${ZWJ}රීසි, සිංහල සහ දෙමළ භාෂාවලින් නිර්මාණය කරමු.`],
} as const;

async function readSinhalaAnswers(site: Site) {
  const response = await fetch(`${site.url}/api/answers?locale=si`, { headers: { Cookie: await site.adminCookie() } });
  return (await response.json()) as LocalizedStoredDocument<AnswersContent>;
}

aiTest(
  "an entry translated with “Translate from English” in Sinhala is in its fields, and stored on Save",
  async ({ page, ai }) => {
    await ai.site.save("answers", {
      answers: [
        { question: SPICE.question[0], otherWays: [SPICE.otherWay[0]], answer: SPICE.answer[0], placementId: 0 },
      ],
    });
    const before = await readSinhalaAnswers(ai.site);
    ai.fake.setDefault((request: RecordedRequest) => {
      const english = request.prompt.slice(request.prompt.lastIndexOf("English text:\n") + 14);
      const text = Object.values(SPICE).find(([source]) => source === english)?.[1];
      return text ? { kind: "text", text } : { kind: "status", status: 400, message: `Unexpected text: ${english}` };
    });

    await openAdminTab(page, ai.site, "ai");
    await page.getByRole("tab", { name: "Answers" }).click();
    const editor = page.getByRole("region", { name: "Answers editor" });
    await editor.getByRole("radio", { name: "සිංහල" }).click();
    await expect(editor.getByText(/^සිංහල: 0 of 3 texts translated/)).toBeVisible();
    await editor.getByRole("button", { name: "Translate from English" }).click();
    await expect(toast(page, "Translated 3 texts. Review them, then save.", "success")).toBeVisible();

    const entry = entries(page).first();
    await expect(entry.getByRole("textbox", { name: "Question" })).toHaveValue(SPICE.question[1]);
    await expect(entry.getByRole("textbox", { name: "Other way 1" })).toHaveValue(SPICE.otherWay[1]);
    await expect(entry.getByRole("textbox", { name: "Answer" })).toHaveValue(SPICE.answer[1]);
    // Nothing is stored until Save.
    expect(await readSinhalaAnswers(ai.site)).toEqual(before);

    await editor.getByRole("button", { name: "Save Answers" }).click();
    await expect(toast(page, "Answers (සිංහල) content updated successfully", "success")).toBeVisible();
    const saved = await readSinhalaAnswers(ai.site);
    expect(saved.version).toBeGreaterThan(before.version);
    expect(saved.data.answers).toEqual([
      { question: SPICE.question[1], otherWays: [SPICE.otherWay[1]], answer: SPICE.answer[1], placementId: 0 },
    ]);
    expect(saved.data.answers[0]!.answer).toContain(ZWJ);
    expect(Object.values(saved.states)).toEqual(["translated", "translated", "translated"]);
  },
);
