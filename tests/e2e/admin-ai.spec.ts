import { defaultAiSettings } from "#content/defaults.ts";
import type { AiSettings } from "#content/schemas.ts";
import { expect, test } from "./fixtures.ts";
import { expectNoAxeViolations, openAdminTab } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Long multi-page flows on a shared, busy machine: more room than the default 30 s.
test.describe.configure({ timeout: budget(60_000) });

test.beforeEach(async ({ site }) => {
  await site.save("ai-settings", defaultAiSettings);
});

test("the greeting saved in the AI tab shows in the Home welcome popup", async ({ page, site }) => {
  await openAdminTab(page, site, "ai");
  await expect(page.getByLabel("Greeting Message")).toHaveValue(defaultAiSettings.greeting);
  await expect(page.getByLabel("Greeting Message")).toHaveAccessibleDescription(/Shown to visitors/);
  await page.getByLabel("Greeting Message").fill("Ayubowan! Ask us anything about growing your business.");
  await page.getByRole("button", { name: "Save AI Settings" }).click();
  await expect(page.getByText("AI settings updated successfully")).toBeVisible();

  await page.goto(site.url);
  await expect(
    page.getByRole("dialog").getByText("Ayubowan! Ask us anything about growing your business."),
  ).toBeVisible();

  // Visitors can read what the chat panel shows and nothing else; the document is the admins'.
  expect((await fetch(`${site.url}/api/ai-settings`)).status).toBe(401);
  const visitor = (await (await fetch(`${site.url}/api/chat/settings`)).json()) as Partial<AiSettings>;
  expect(visitor).toEqual({
    greeting: "Ayubowan! Ask us anything about growing your business.",
    chatRetentionDays: defaultAiSettings.chatRetentionDays,
    suggestedQuestions: defaultAiSettings.suggestedQuestions,
  });
});

test("both knowledge bases are saved and read back by the admin API", async ({ page, site }) => {
  const before = await site.read<AiSettings>("ai-settings");
  await openAdminTab(page, site, "ai");
  const knowledge = "We are open Monday to Friday, 9:00 to 17:30.\nPackages start at LKR 150,000 a month.";
  const blog = "Write for Sri Lankan founders. British English. No hype.";
  await page.getByLabel("Knowledge Base", { exact: true }).fill(knowledge);
  await page.getByLabel("Blog Knowledge Base").fill(blog);
  await page.getByLabel("Daily chat limit").fill("250");
  await expect(page.getByLabel("Blog Knowledge Base")).toHaveAccessibleDescription(/blog generation/);
  await page.getByRole("button", { name: "Save AI Settings" }).click();
  await expect(page.getByText("AI settings updated successfully")).toBeVisible();

  const after = await site.read<AiSettings>("ai-settings");
  expect(after.version).toBe(before.version + 1);
  expect(after.data).toEqual({
    ...defaultAiSettings,
    knowledgeBase: knowledge,
    blogKnowledgeBase: blog,
    chatDailyLimit: 250,
  });

  await page.reload();
  await expect(page.getByLabel("Knowledge Base", { exact: true })).toHaveValue(knowledge);
  await expect(page.getByLabel("Blog Knowledge Base")).toHaveValue(blog);
  await expect(page.getByLabel("Daily chat limit")).toHaveValue("250");
});

test("a greeting over 1,000 characters or a daily limit that is not a whole number is marked and blocks the save; nothing is stored", async ({
  page,
  site,
}) => {
  const before = await site.read<AiSettings>("ai-settings");
  await openAdminTab(page, site, "ai");
  const greeting = page.getByLabel("Greeting Message");
  await greeting.fill("a".repeat(1_001));
  await expect(greeting).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("1,001 / 1,000")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save AI Settings" })).toBeDisabled();
  await greeting.fill("Hello!");
  await expect(greeting).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "Save AI Settings" })).toBeEnabled();

  const limit = page.getByLabel("Daily chat limit");
  await limit.fill("12.5");
  await expect(limit).toHaveAttribute("aria-invalid", "true");
  await expect(limit).toHaveAccessibleDescription(/Enter a whole number from 0 to 1,000,000\./);
  await expect(limit).toHaveValue("12.5");
  await expect(page.getByRole("button", { name: "Save AI Settings" })).toBeDisabled();
  expect(await site.read<AiSettings>("ai-settings")).toEqual(before);
});

test("each language's glossary and style are edited in English, saved with the settings, and there after a reload; tidy on a phone", async ({
  page,
  site,
}) => {
  const sinhalaTerms = defaultAiSettings.translation.si.glossary.length;
  const tamilTerms = defaultAiSettings.translation.ta.glossary.length;
  // "Brand" in Sinhala: its බ්‍රෑ is written with a zero-width joiner.
  const brand = "බ්\u200Dරෑන්ඩ් උපාය මාර්ග";
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdminTab(page, site, "ai");
  const sinhala = page.getByRole("region", { name: "Sinhala (සිංහල)" });
  const tamil = page.getByRole("region", { name: "Tamil (தமிழ்)" });
  await expect(sinhala.getByText(`${sinhalaTerms} of 200 terms`)).toBeVisible();
  await expect(sinhala.getByLabel("Sinhala term 1", { exact: true })).toHaveValue("Lanka Growth Partners");
  await expect(sinhala.getByLabel("Sinhala translation of term 1", { exact: true })).toHaveAttribute(
    "placeholder",
    "Kept as it is",
  );

  await sinhala.getByRole("button", { name: "Add term to the Sinhala glossary" }).click();
  const term = page.getByLabel(`Sinhala term ${sinhalaTerms + 1}`, { exact: true });
  await expect(term).toBeFocused();
  // A term already in the glossary (in another case) is marked and blocks the save.
  await term.fill("seo");
  await expect(term).toHaveAttribute("aria-invalid", "true");
  await expect(term).toHaveAccessibleDescription('"seo" is already in the glossary.');
  await expect(page.getByRole("button", { name: "Save AI Settings" })).toBeDisabled();
  await term.fill("Brand Strategy");
  await page.getByLabel(`Sinhala translation of term ${sinhalaTerms + 1}`, { exact: true }).fill(brand);
  await expect(sinhala.getByText(`${sinhalaTerms + 1} of 200 terms`)).toBeVisible();

  await tamil.getByRole("button", { name: `Remove Tamil term ${tamilTerms - 1} (SEO)` }).click();
  await expect(tamil.getByText(`${tamilTerms - 1} of 200 terms`)).toBeVisible();
  await tamil.getByLabel("Style for Tamil").fill("Friendly and plain, for shop owners in Jaffna and Batticaloa.");

  // Nothing is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Save AI Settings" }).click();
  await expect(page.getByText("AI settings updated successfully")).toBeVisible();
  const saved = (await site.read<AiSettings>("ai-settings")).data.translation;
  expect(saved.si.glossary.at(-1)).toEqual({ term: "Brand Strategy", translation: brand });
  expect(saved.ta.glossary.map((entry) => entry.term)).not.toContain("SEO");
  expect(saved.ta.style).toBe("Friendly and plain, for shop owners in Jaffna and Batticaloa.");

  await page.reload();
  await expect(page.getByLabel(`Sinhala term ${sinhalaTerms + 1}`, { exact: true })).toHaveValue("Brand Strategy");
  await expect(page.getByLabel(`Sinhala translation of term ${sinhalaTerms + 1}`, { exact: true })).toHaveValue(brand);
  await expect(page.getByLabel("Style for Tamil")).toHaveValue(
    "Friendly and plain, for shop owners in Jaffna and Batticaloa.",
  );

  // Shared by every language: the Sinhala view of the tab shows only its texts.
  await page.getByRole("radio", { name: "සිංහල" }).click();
  await expect(page.getByRole("heading", { name: "Translation", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Style for Tamil")).toHaveCount(0);
});
