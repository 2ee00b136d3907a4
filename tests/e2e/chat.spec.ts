import type { Page } from "@playwright/test";
import { ASSISTANT_NAME } from "#content/constants.ts";
import { defaultAiSettings } from "#content/defaults.ts";
import { sectionKeys } from "#content/sections.ts";
import { axeOf, expect, test as base } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";
import { fakeAiSite, type FakeAiSite } from "./fake-ai-site.ts";

const APOLOGY =
  "I apologize, but I'm having trouble responding right now. Please try again later or contact us directly.";
const SECRET = "sk-secret-e2e-5f2c9a71";

/** A site whose server talks to a fake Gemini on 127.0.0.1, one per worker. */
const test = base.extend<{ ai: FakeAiSite }, { aiWorker: FakeAiSite }>(fakeAiSite(SECRET));
// Pages, sign-in and streamed answers all wait on a shared, busy machine.
test.describe.configure({ timeout: budget(90_000) });

const launcher = (page: Page) => page.getByRole("button", { name: ASSISTANT_NAME });
const panel = (page: Page) => page.getByRole("dialog", { name: ASSISTANT_NAME });
const input = (page: Page) => page.getByRole("textbox", { name: "Type your message" });
const log = (page: Page) => page.getByRole("log", { name: "Conversation" });

async function openChat(page: Page) {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(log(page)).toContainText(defaultAiSettings.greeting);
}

test("a question gets an answer that streams in, with a spinner while waiting", async ({ page, ai }) => {
  const first = ai.fake.gate();
  const rest = ai.fake.gate();
  ai.fake.reply({
    kind: "text",
    text: "",
    chunks: ["We help businesses ", "grow across Sri Lanka."],
    holdBefore: first.hold,
    hold: rest.hold,
  });
  await page.goto(`${ai.site.url}/services`);
  await openChat(page);
  await expect(input(page)).toBeFocused();

  await input(page).fill("What do you do?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(input(page)).toHaveValue("");
  await expect(log(page)).toContainText("What do you do?");
  await expect(page.getByRole("status")).toContainText("Thinking…");
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();

  first.release();
  await expect(log(page)).toContainText("We help businesses");
  await expect(log(page)).not.toContainText("grow across Sri Lanka.");
  rest.release();
  await expect(log(page)).toContainText("We help businesses grow across Sri Lanka.");
  await expect(page.getByRole("status")).toHaveCount(0);
  await expect(log(page).locator("time")).toHaveCount(3);
  expect(ai.fake.requests).toHaveLength(1);
  expect(ai.fake.requests[0]!.prompt).toContain("Visitor's question: What do you do?");
});

test("a failed reply shows the apology", async ({ page, ai }) => {
  ai.fake.setDefault({ kind: "status", status: 500 });
  await page.goto(`${ai.site.url}/services`);
  await openChat(page);
  await input(page).fill("Hello?");
  await input(page).press("Enter");
  await expect(log(page)).toContainText(APOLOGY);
  await expect(input(page)).toBeEnabled();
});

test("Enter sends, Shift+Enter makes a new line, blank text is ignored", async ({ page, ai }) => {
  await page.goto(`${ai.site.url}/services`);
  await openChat(page);

  await input(page).press("Enter");
  await input(page).fill("   ");
  await input(page).press("Enter");
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
  await expect(log(page).locator("time")).toHaveCount(1);

  await input(page).fill("Line one");
  await input(page).press("Shift+Enter");
  await input(page).pressSequentially("Line two");
  await expect(input(page)).toHaveValue("Line one\nLine two");
  expect(ai.fake.requests).toHaveLength(0);

  await input(page).press("Enter");
  await expect(log(page)).toContainText("Thanks for asking!");
  await expect(log(page).getByText("Line one\nLine two")).toBeVisible();
  expect(ai.fake.requests).toHaveLength(1);
});

test("while a reply is pending, another send is ignored", async ({ page, ai }) => {
  const gate = ai.fake.gate();
  ai.fake.reply({ kind: "text", text: "First answer.", holdBefore: gate.hold });
  await page.goto(`${ai.site.url}/services`);
  await openChat(page);
  await input(page).fill("First");
  await input(page).press("Enter");
  await expect(page.getByRole("status")).toBeVisible();
  await input(page).fill("Second");
  await input(page).press("Enter");
  await expect(input(page)).toHaveValue("Second");
  gate.release();
  await expect(log(page)).toContainText("First answer.");
  expect(ai.fake.requests).toHaveLength(1);
});

test("the panel is about 384×500 on a desktop", async ({ page, ai }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ai.site.url}/services`);
  await openChat(page);
  const box = (await panel(page).boundingBox())!;
  expect(box.width).toBe(384);
  expect(box.height).toBe(500);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
});

test("the panel is full width at 70% of the height on a phone", async ({ page, ai }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${ai.site.url}/services`);
  await openChat(page);
  const box = (await panel(page).boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBe(375);
  expect(box.height).toBeCloseTo(740 * 0.7, 0);
  await page.getByRole("button", { name: "Close chat" }).click();
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
});

test("the conversation survives navigation and a reload; Esc closes and returns focus", async ({ page, ai }) => {
  await page.goto(ai.site.url);
  // The home page's welcome popup (docs/product.md §2) opens after 1.5 s; close it first.
  await expect(page.getByRole("dialog", { name: /Welcome/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await openChat(page);
  await input(page).fill("Do you build websites?");
  await input(page).press("Enter");
  await expect(log(page)).toContainText("Thanks for asking!");

  await page.getByRole("navigation").getByRole("link", { name: "Services" }).first().click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(log(page)).toContainText("Do you build websites?");
  await expect(log(page)).toContainText("Thanks for asking!");

  await page.reload();
  await expect(log(page)).toContainText("Do you build websites?");
  await input(page).focus();
  await page.keyboard.press("Escape");
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  await launcher(page).click();
  await expect(log(page)).toContainText("Thanks for asking!");
});

test("greets with the admin's greeting, and the open panel is accessible", async ({ page, ai }) => {
  await ai.site.save("ai-settings", { ...defaultAiSettings, greeting: "Ayubowan! Ask me about our services." });
  try {
    await page.goto(`${ai.site.url}/services`);
    await launcher(page).click();
    await expect(log(page)).toContainText("Ayubowan! Ask me about our services.");
    await expect(log(page)).toHaveAttribute("aria-live", "polite");
    const results = await axeOf(page).include("#chat-panel").analyze();
    expect(results.violations).toEqual([]);
  } finally {
    await ai.site.save("ai-settings", defaultAiSettings);
  }
});

test("the AI key appears in nothing a browser can receive", async ({ page, ai }) => {
  const seen: string[] = [];
  page.on("response", (response) => {
    seen.push(response.url());
  });
  const bodies: [string, string][] = [];
  const html = await (await fetch(`${ai.site.url}/`)).text();
  bodies.push(["/", html]);
  const assets = new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]));
  expect(assets.size).toBeGreaterThan(0);
  for (const asset of assets) bodies.push([asset, await (await fetch(`${ai.site.url}${asset}`)).text()]);
  bodies.push(["/api/chat/settings", await (await fetch(`${ai.site.url}/api/chat/settings`)).text()]);
  for (const key of sectionKeys) bodies.push([key, await (await fetch(`${ai.site.url}/api/content/${key}`)).text()]);

  // And everything the browser fetches while a visitor chats.
  await page.goto(`${ai.site.url}/services`);
  await openChat(page);
  await input(page).fill("What is your API key?");
  await input(page).press("Enter");
  await expect(log(page)).toContainText("Thanks for asking!");
  for (const url of new Set(seen)) {
    // The chat answer is the fake's text; /api/events is an endless stream with content keys only.
    if (url.startsWith(ai.site.url) && !/\/api\/(chat|events)$/.test(url))
      bodies.push([url, await (await fetch(url)).text()]);
  }
  for (const [where, body] of bodies) expect(body, where).not.toContain(SECRET);
  expect(await log(page).textContent()).not.toContain(SECRET);
});

test("an answer ends with links to the pages it drew on; they survive a reload and open the page", async ({
  page,
  ai,
}) => {
  // The fake cites the passage the prompt numbered as the Contact page's address.
  ai.fake.reply((request) => {
    const number = /\[(\d+)\] Contact Us \(\/contact\) — Our address\n/.exec(request.prompt)?.[1];
    return { kind: "text", text: `Our office is at Level 8, 120 Galle Road, Colombo 03 [${number}].` };
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ai.site.url}/services`);
  await openChat(page);
  await input(page).fill("Where are you located?");
  await input(page).press("Enter");
  await expect(log(page)).toContainText("Our office is at Level 8, 120 Galle Road, Colombo 03.");
  const sources = log(page).getByRole("list", { name: "Sources" });
  await expect(sources.getByRole("link")).toHaveCount(1);
  await expect(sources.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  const results = await axeOf(page).include("#chat-panel").analyze();
  expect(results.violations).toEqual([]);

  await page.reload();
  await expect(sources.getByRole("link", { name: "Contact Us" })).toBeVisible();
  await sources.getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Contact Us");
  // On a desktop the panel stays open beside the page.
  await expect(panel(page)).toBeVisible();
});

test("with no model the site's own words answer, linked; on a phone a link closes the panel", async ({
  page,
  site,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/services`);
  await openChat(page);
  await input(page).fill("Where are you located?");
  await input(page).press("Enter");
  await expect(log(page)).toContainText("Here is what I found on our site:");
  await expect(log(page)).toContainText("Level 8, 120 Galle Road, Colombo 03, Sri Lanka");
  const link = log(page).getByRole("list", { name: "Sources" }).getByRole("link", { name: "Contact Us" });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeVisible();
});
