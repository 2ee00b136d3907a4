import type { Locator, Page } from "@playwright/test";
import type { TranslateRequest } from "#content/ai-translation.ts";
import type { LocalizedStoredDocument } from "#content/documents.ts";
import type { PostTranslationRecord } from "#content/posts.ts";
import type { HomeContent } from "#content/schemas.ts";
import type { Reply, RecordedRequest } from "#server/dev/fake-ai.ts";
import { expect, openAdminTab, test as base, toast } from "./admin-helpers.ts";
import { startSite, type Site } from "./fixtures.ts";
import { createPost, postData } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";
import { fakeAiSite, type FakeAiSite } from "./fake-ai-site.ts";

/**
 * "Translate from English" (issue 26) in the admin, against a server whose
 * model is a fake Gemini on 127.0.0.1: the server asks it once per text, so
 * the fake holding one answer shows the texts landing one by one.
 */
const test = base.extend<{ ai: FakeAiSite }, { aiWorker: FakeAiSite }>(fakeAiSite("sk-translate-e2e"));
/** The AI settings' editor: the AI tab's first sub-tab (beside the Answers). */
const aiSettings = (page: Page) => page.getByRole("region", { name: "AI settings editor" });

test.describe.configure({ timeout: budget(120_000) });

const ZWJ = "\u200D";

/** Home's texts in English (the owner's own, so no built-in translation applies) and in Sinhala. */
const HOME = {
  "hero.title": ["Marketing that grows Sri Lankan businesses", `ශ්${ZWJ}රී ලාංකික ව්${ZWJ}යාපාර වර්ධනය කරන අලෙවිකරණය`],
  "hero.subtitle": [
    "Campaigns, content and data for shops and brands across the island.",
    `දිවයින පුරා වෙළඳසැල් සහ සන්නාම සඳහා ප්${ZWJ}රචාරණ, අන්තර්ගතය සහ දත්ත.`,
  ],
  "hero.cta": ["Talk to us", "අප හා කතා කරන්න"],
  "features.0.title": ["Search ads that sell", "විකුණුම් ගෙන එන සෙවුම් දැන්වීම්"],
  "features.0.description": [
    "Ads on Google that bring buyers, not just clicks.",
    "ක්ලික් පමණක් නොව, ගැනුම්කරුවන් ගෙන එන Google දැන්වීම්.",
  ],
  "features.1.title": ["Social media with purpose", `අරමුණක් සහිත සමාජ මාධ්${ZWJ}ය`],
  "features.1.description": ["Posts and videos your customers share.", "ඔබේ පාරිභෝගිකයන් බෙදාගන්නා පළකිරීම් සහ වීඩියෝ."],
} as const;
type HomePath = keyof typeof HOME;
const HOME_PATHS = Object.keys(HOME) as HomePath[];

/** The English text a translation prompt asks for (server/ai/translation-prompt.ts ends with it). */
const englishOf = (request: RecordedRequest) =>
  request.prompt.slice(request.prompt.lastIndexOf("English text:\n") + 14);

/** The fake model: each text's translation from `table`, or what `special` answers for one path. */
function translator(
  table: Record<string, readonly [string, string]>,
  special: Partial<Record<string, () => Reply>> = {},
) {
  return (request: RecordedRequest): Reply => {
    const english = englishOf(request);
    const entry = Object.entries(table).find(([, [source]]) => source === english);
    if (!entry) return { kind: "status", status: 400, message: `Unexpected text: ${english}` };
    return special[entry[0]]?.() ?? { kind: "text", text: entry[1][1] };
  };
}

/**
 * Gives Home the English texts of HOME, two features, none of them
 * translated (an earlier test's Sinhala is saved back as English, which the
 * server keeps as "not translated"); returns the Sinhala document as the API has it.
 */
async function englishHome(site: Site) {
  const home = (await site.read<HomeContent>("home")).data;
  const english = Object.fromEntries(HOME_PATHS.map((path) => [path, HOME[path][0]]));
  const data = {
    ...home,
    hero: { ...home.hero, title: english["hero.title"], subtitle: english["hero.subtitle"], cta: english["hero.cta"] },
    features: home.features.slice(0, 2).map((feature, index) => ({
      ...feature,
      title: english[`features.${index}.title`],
      description: english[`features.${index}.description`],
    })),
  };
  await site.save("home", data);
  const sinhala = await readSinhalaHome(site);
  if (Object.values(sinhala.states).every((state) => state === "missing")) return sinhala;
  const response = await fetch(`${site.url}/api/content/home?locale=si`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: await site.adminCookie() },
    body: JSON.stringify({ version: sinhala.version, data, englishVersion: sinhala.englishVersion }),
  });
  if (!response.ok) throw new Error(`PUT home in Sinhala: ${response.status} ${await response.text()}`);
  return readSinhalaHome(site);
}

async function readSinhalaHome(site: Site) {
  const response = await fetch(`${site.url}/api/content/home?locale=si`, {
    headers: { Cookie: await site.adminCookie() },
  });
  return (await response.json()) as LocalizedStoredDocument<HomeContent>;
}

/** Home's fields in the editor (Sinhala: only the texts). */
function homeFields(page: Page): Record<HomePath, Locator> {
  const features = page.getByRole("list", { name: "Features" }).getByRole("listitem");
  return {
    "hero.title": page.getByLabel("Title", { exact: true }).first(),
    "hero.subtitle": page.getByLabel("Subtitle", { exact: true }).first(),
    "hero.cta": page.getByLabel("CTA Button Text", { exact: true }),
    "features.0.title": features.nth(0).getByLabel("Title", { exact: true }),
    "features.0.description": features.nth(0).getByLabel("Description", { exact: true }),
    "features.1.title": features.nth(1).getByLabel("Title", { exact: true }),
    "features.1.description": features.nth(1).getByLabel("Description", { exact: true }),
  };
}

/** Opens Home in Sinhala, its texts not translated. */
async function openSinhalaHome(page: Page, site: Site) {
  await openAdminTab(page, site, "home");
  await page.getByRole("radio", { name: "සිංහල" }).click();
  await expect(page.getByText(/^සිංහල: 0 of 7 texts translated/)).toBeVisible();
}

const translateButton = (page: Page) => page.getByRole("button", { name: "Translate from English" });
const progress = (page: Page) => page.getByRole("status").filter({ hasText: /^Translating…/ });

test("Home in Sinhala: the texts land one by one, stay unsaved until Save, then are stored", async ({ page, ai }) => {
  const before = await englishHome(ai.site);
  const gate = ai.fake.gate();
  ai.fake.setDefault(
    translator(HOME, {
      "hero.subtitle": () => ({ kind: "text", text: HOME["hero.subtitle"][1], holdBefore: gate.hold }),
    }),
  );
  await openSinhalaHome(page, ai.site);
  const fields = homeFields(page);
  await expect(page.getByRole("checkbox", { name: "Include translated texts" })).not.toBeChecked();

  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/ai/translate");
  await translateButton(page).click();
  const request = (await sent).postDataJSON() as TranslateRequest;
  expect(request.locale).toBe("si");
  expect(request.texts).toEqual(HOME_PATHS.map((path) => ({ path, text: HOME[path][0], format: "plain" })));

  // The first text is in its field while the model still works on the second.
  await expect(progress(page)).toHaveText("Translating… 1 of 7 texts");
  await expect(fields["hero.title"]).toHaveValue(HOME["hero.title"][1]);
  await expect(fields["hero.subtitle"]).toHaveValue("");
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
  expect(await readSinhalaHome(ai.site)).toEqual(before);

  gate.release();
  await expect(toast(page, "Translated 7 texts. Review them, then save.", "success")).toBeVisible();
  for (const path of HOME_PATHS) await expect(fields[path]).toHaveValue(HOME[path][1]);
  expect(await fields["hero.title"].inputValue()).toContain(ZWJ);
  await expect(page.getByText(/^සිංහල: 7 of 7 texts translated/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Everything is translated" })).toBeDisabled();
  await expect(progress(page)).toHaveCount(0);
  // Nothing is stored until the owner saves.
  expect(await readSinhalaHome(ai.site)).toEqual(before);

  await page.getByRole("button", { name: "Save Home Content" }).click();
  await expect(toast(page, "Home (සිංහල) content updated successfully", "success")).toBeVisible();
  const saved = await readSinhalaHome(ai.site);
  expect(saved.version).toBeGreaterThan(before.version);
  expect(saved.data.hero.title).toBe(HOME["hero.title"][1]);
  expect(saved.data.features[1]!.title).toBe(HOME["features.1.title"][1]);
  expect(Object.values(saved.states)).toEqual(HOME_PATHS.map(() => "translated"));

  // "Include translated texts" sends every text again.
  await page.getByRole("checkbox", { name: "Include translated texts" }).check();
  await expect(translateButton(page)).toBeEnabled();
});

test("Stop keeps what arrived; a failure mid-way says which texts are left", async ({ page, ai }) => {
  await englishHome(ai.site);
  const gate = ai.fake.gate();
  ai.fake.setDefault(
    translator(HOME, { "hero.cta": () => ({ kind: "text", text: HOME["hero.cta"][1], holdBefore: gate.hold }) }),
  );
  await openSinhalaHome(page, ai.site);
  const fields = homeFields(page);

  await translateButton(page).click();
  await expect(progress(page)).toHaveText("Translating… 2 of 7 texts");
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(toast(page, "Stopped after 2 of 7 texts. Review them, then save.")).toBeVisible();
  gate.release();
  await expect(fields["hero.title"]).toHaveValue(HOME["hero.title"][1]);
  await expect(fields["hero.subtitle"]).toHaveValue(HOME["hero.subtitle"][1]);
  await expect(fields["hero.cta"]).toHaveValue("");
  await expect(translateButton(page)).toBeEnabled();
  await expect(page.getByText(/^සිංහල: 2 of 7 texts translated/)).toBeVisible();

  // Again: only the five left are sent; the model fails on the second of them.
  ai.fake.setDefault(
    translator(HOME, { "features.0.title": () => ({ kind: "status", status: 400, message: "Bad request" }) }),
  );
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/ai/translate");
  await translateButton(page).click();
  expect(((await sent).postDataJSON() as TranslateRequest).texts.map((text) => text.path)).toEqual(HOME_PATHS.slice(2));
  await expect(
    toast(
      page,
      "Translated 1 of 5 texts. Not translated: Feature 1 title, Feature 1 description, Feature 2 title and Feature 2 description.",
      "error",
    ),
  ).toBeVisible();
  await expect(fields["hero.cta"]).toHaveValue(HOME["hero.cta"][1]);
  await expect(fields["features.0.title"]).toHaveValue("");
  await expect(page.getByText(/^සිංහල: 3 of 7 texts translated/)).toBeVisible();
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();

  // Switching to English mid-way stops the request too; back in Sinhala, what arrived is there, unsaved.
  const held = ai.fake.gate();
  ai.fake.setDefault(
    translator(HOME, {
      "features.0.description": () => ({
        kind: "text",
        text: HOME["features.0.description"][1],
        holdBefore: held.hold,
      }),
    }),
  );
  await translateButton(page).click();
  await expect(progress(page)).toHaveText("Translating… 1 of 4 texts");
  const stopped = page.waitForEvent(
    "requestfailed",
    (request) => new URL(request.url()).pathname === "/api/ai/translate",
  );
  await page.getByRole("radio", { name: "English" }).click();
  await stopped;
  held.release();
  await page.getByRole("radio", { name: "සිංහල" }).click();
  await expect(fields["features.0.title"]).toHaveValue(HOME["features.0.title"][1]);
  await expect(fields["features.0.description"]).toHaveValue("");
  await expect(progress(page)).toHaveCount(0);
  await expect(translateButton(page)).toBeEnabled();
  expect(Object.values((await readSinhalaHome(ai.site)).states)).toEqual(HOME_PATHS.map(() => "missing"));
});

test("the AI tab in Sinhala: the greeting and suggested questions, translated ones included on request", async ({
  page,
  ai,
}) => {
  ai.fake.setDefault((request) => ({ kind: "text", text: `සිංහලෙන්: ${englishOf(request)}` }));
  const english = (await ai.site.read<{ greeting: string; suggestedQuestions: string[] }>("ai-settings")).data;
  await openAdminTab(page, ai.site, "ai");
  await page.getByRole("radio", { name: "සිංහල" }).click();
  // The AI tab's sub-tabs each have their editor (the Answers' hidden): the AI settings' is shown.
  await expect(aiSettings(page).getByText(/^සිංහල: \d+ of \d+ texts translated/)).toBeVisible();
  // A new site has built-in Sinhala for these: nothing is left to translate unless asked.
  await expect(page.getByRole("button", { name: "Everything is translated" })).toBeDisabled();
  await page.getByRole("checkbox", { name: "Include translated texts" }).check();

  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/ai/translate");
  await translateButton(page).click();
  expect(((await sent).postDataJSON() as TranslateRequest).texts).toEqual([
    { path: "greeting", text: english.greeting, format: "plain" },
    ...english.suggestedQuestions.map((text, index) => ({
      path: `suggestedQuestions.${index}`,
      text,
      format: "plain",
    })),
  ]);
  const count = 1 + english.suggestedQuestions.length;
  await expect(toast(page, `Translated ${count} texts. Review them, then save.`, "success")).toBeVisible();
  await expect(page.getByLabel("Greeting Message", { exact: true })).toHaveValue(`සිංහලෙන්: ${english.greeting}`);
  await expect(page.getByLabel("Question 1", { exact: true })).toHaveValue(`සිංහලෙන්: ${english.suggestedQuestions[0]}`);
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
});

/** A post in English whose body is Markdown with a link, and the Tamil the fake model answers. */
const POST = {
  title: ["Five ways to grow your shop online", "உங்கள் கடையை இணையத்தில் வளர்க்க ஐந்து வழிகள்"],
  excerpt: ["Simple steps for small shops in Colombo.", "கொழும்பிலுள்ள சிறிய கடைகளுக்கான எளிய படிகள்."],
  content: [
    "## Start with your customers\n\nAsk them **what they need**. Read [our guide](https://example.com/guide).\n\n- List your shop on Google\n- Reply to every message",
    "## உங்கள் வாடிக்கையாளர்களிடமிருந்து தொடங்குங்கள்\n\nஅவர்களுக்கு **என்ன தேவை** என்று கேளுங்கள். [எங்கள் வழிகாட்டியைப்](https://example.com/guide) படியுங்கள்.\n\n- உங்கள் கடையை Google-இல் பதிவு செய்யுங்கள்\n- ஒவ்வொரு செய்திக்கும் பதிலளியுங்கள்",
  ],
} as const;

test("Edit Post in Tamil: title, excerpt and body translated, the body's Markdown and link kept", async ({
  page,
  ai,
}) => {
  const post = await createPost(
    ai.site,
    postData({ title: POST.title[0], excerpt: POST.excerpt[0], content: POST.content[0], status: "published" }),
  );
  // The model sees the link as a placeholder (server/ai/translation-links.ts) and keeps it.
  const asSent = {
    ...POST,
    content: [
      POST.content[0].replace("https://example.com/guide", "⟦1⟧"),
      POST.content[1].replace("https://example.com/guide", "⟦1⟧"),
    ] as const,
  };
  ai.fake.setDefault(translator(asSent));

  await openAdminTab(page, ai.site, "blog");
  await page.getByRole("button", { name: `Edit ${POST.title[0]}`, exact: true }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await editor.getByRole("radio", { name: "தமிழ்", exact: true }).click();
  await expect(editor.getByRole("radio", { name: "தமிழ்", exact: true })).toBeChecked();
  await expect(editor.getByLabel("Title", { exact: true })).toHaveValue("");

  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/ai/translate");
  await editor.getByRole("button", { name: "Translate from English" }).click();
  expect(((await sent).postDataJSON() as TranslateRequest).texts).toEqual([
    { path: "title", text: POST.title[0], format: "plain" },
    { path: "excerpt", text: POST.excerpt[0], format: "plain" },
    { path: "content", text: POST.content[0], format: "markdown" },
  ]);
  await expect(toast(page, "Translated 3 texts. Review them, then save.", "success")).toBeVisible();
  await expect(editor.getByLabel("Title", { exact: true })).toHaveValue(POST.title[1]);
  await expect(editor.getByLabel("Excerpt", { exact: true })).toHaveValue(POST.excerpt[1]);
  await expect(editor.getByLabel("Content", { exact: true })).toHaveValue(POST.content[1]);
  await expect(editor.getByText("Unsaved changes", { exact: true })).toBeVisible();

  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post (தமிழ்) saved", "success")).toBeVisible();
  const response = await fetch(`${ai.site.url}/api/posts/${post.id}?locale=ta`, {
    headers: { Cookie: await ai.site.adminCookie() },
  });
  const saved = (await response.json()) as PostTranslationRecord;
  expect(saved.data.content).toBe(POST.content[1]);
  expect(saved.data.title).toBe(POST.title[1]);
});

test("with no model on the server the button is disabled and says why", async ({ page }) => {
  const site = await startSite();
  try {
    await openAdminTab(page, site, "ai");
    await page.getByRole("radio", { name: "தமிழ்" }).click();
    await expect(aiSettings(page).getByText(/^தமிழ்: \d+ of \d+ texts? translated/)).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Include translated texts" })).toBeDisabled();
    const button = page.getByRole("button", { name: "Translate from English" });
    await expect(button).toBeDisabled();
    await expect(
      aiSettings(page).getByText("AI is not configured. Set GEMINI_API_KEY or OPENAI_BASE_URL on the server."),
    ).toBeVisible();
    await expect(button).toHaveAccessibleDescription(
      "AI is not configured. Set GEMINI_API_KEY or OPENAI_BASE_URL on the server.",
    );
  } finally {
    await site.close();
  }
});
