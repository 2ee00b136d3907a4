import type { Page } from "@playwright/test";
import { axeOf, expect, test as base, watchConsole, type Site } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

/**
 * Refused submissions answer 400/429, which the browser reports in its
 * console; tests that expect a refusal allow exactly those statuses.
 */
const test = base.extend<{ allowedStatuses: number[] }>({
  allowedStatuses: [[], { option: true }],
  // Replaces the shared console watch (still automatic) with one that knows the expected refusals.
  consoleErrors: async ({ page, allowedStatuses }, provide) => {
    const allowed = [/status of 404/, ...allowedStatuses.map((status) => new RegExp(`status of ${status} \\(`))];
    const errors = watchConsole(page, allowed);
    await provide(errors);
    expect(errors, "browser console errors").toEqual([]);
  },
});

const RATE_LIMITED =
  "You have sent several messages in a short time. Please wait a few minutes and try again, or email us directly.";
const AUTOMATED = "Your message looked automated, so it was not sent. Please try again, or email us directly.";
const SINHALA_NAME = "නිමාලි පෙරේරා";

/** Map providers are outside this machine: answer for them with a tiny page. */
async function fakeMapHosts(page: Page) {
  await page.route(/^https:\/\/(www\.openstreetmap\.org|www\.google\.com)\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>Map</p>" }),
  );
}

/** The "Send us a message" form. */
const form = (page: Page) => page.getByRole("region", { name: "Send us a message" });
const field = (page: Page, label: "Name" | "Email" | "Company" | "Message") =>
  form(page).getByLabel(label === "Company" ? /^Company/ : label, { exact: true });

async function fillForm(page: Page, fields: { name: string; email: string; company?: string; message: string }) {
  await field(page, "Name").fill(fields.name);
  await field(page, "Email").fill(fields.email);
  if (fields.company !== undefined) await field(page, "Company").fill(fields.company);
  await field(page, "Message").fill(fields.message);
}

const messages = (site: Site) => site.server.deps.store.messages.list();

/** Posts the form the way a browser without JavaScript does. */
function postForm(site: Site, fields: Record<string, string>) {
  return fetch(`${site.url}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

// Several page loads per test: room for a busy machine.
test.describe.configure({ timeout: budget(60_000) });

test.beforeEach(async ({ page, site }) => {
  await site.server.deps.limits.publicForms.reset("contact:127.0.0.1");
  await fakeMapHosts(page);
});

test("a message is stored and the visitor lands on /done; the button reads Sending... while it is sent", async ({
  page,
  site,
}) => {
  // Includes an axe scan, which is slow on a busy machine.
  test.slow();
  const before = (await messages(site)).length;
  await page.goto(`${site.url}/contact`);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
  await fillForm(page, {
    name: "Amaya Silva",
    email: "amaya@example.lk",
    company: "Silva Teas",
    message: "Please call me about a rebrand.",
  });

  // Hold the submission until the sending state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/contact.data*", async (route) => {
    await held;
    await route.continue();
  });
  await form(page).getByRole("button", { name: "Send Message" }).click();
  const sending = form(page).getByRole("button", { name: "Sending..." });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();

  // Sending, then loading the thank-you page's code and data: allow for a busy machine.
  await expect(page).toHaveURL(`${site.url}/done`, { timeout: budget(15_000) });
  await expect(page.getByRole("heading", { level: 1, name: "Message Sent Successfully!" })).toBeVisible();
  await expect(page.getByText("Thank you for reaching out to us.")).toBeVisible();
  await expect(page.getByText("We have received your message and will get back to you within 24 hours.")).toBeVisible();
  await expect(page.getByText("Need immediate help? Call us at +94 11 234 5678.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "+94 11 234 5678" })).toHaveAttribute(
    "href",
    "tel:+94112345678",
  );
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");

  const stored = await messages(site);
  expect(stored).toHaveLength(before + 1);
  expect(stored[0]).toMatchObject({
    name: "Amaya Silva",
    email: "amaya@example.lk",
    company: "Silva Teas",
    message: "Please call me about a rebrand.",
    ip: "127.0.0.1",
  });

  const axe = await axeOf(page).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(`${site.url}/`);
});

test("the form works without JavaScript", async ({ browser, site }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await fakeMapHosts(page);
  try {
    const before = (await messages(site)).length;
    await page.goto(`${site.url}/contact`);
    await fillForm(page, {
      name: "Ruwan Fernando",
      email: "ruwan@example.lk",
      message: "No scripts here, just a question.",
    });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(`${site.url}/done`);
    await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
    const stored = await messages(site);
    expect(stored).toHaveLength(before + 1);
    expect(stored[0]).toMatchObject({
      name: "Ruwan Fernando",
      email: "ruwan@example.lk",
      company: "",
      message: "No scripts here, just a question.",
    });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test.describe("refused messages", () => {
  test.use({ allowedStatuses: [400, 429] });

  test("wrong fields are explained beside them, what was typed stays, and nothing is stored", async ({
    page,
    site,
  }) => {
    // Includes an axe scan, which is slow on a busy machine.
    test.slow();
    const before = await messages(site);
    await page.goto(`${site.url}/contact`);
    // Skip the browser's own checks to reach the server's.
    await form(page)
      .locator("form")
      .evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await fillForm(page, { name: "   ", email: "not-an-email", company: "Lotus Travels", message: "Keep this text." });
    await form(page).getByRole("button", { name: "Send Message" }).click();

    await expect(form(page).getByRole("alert")).toHaveText("Please check the highlighted fields.");
    await expect(field(page, "Name")).toHaveAccessibleDescription("Please enter your name.");
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Email")).toHaveAccessibleDescription(
      "Please enter a valid email address, like name@example.com.",
    );
    await expect(field(page, "Email")).toHaveValue("not-an-email");
    await expect(field(page, "Company")).toHaveValue("Lotus Travels");
    await expect(field(page, "Message")).toHaveValue("Keep this text.");
    await expect(form(page).getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(await messages(site)).toEqual(before);

    const axe = await axeOf(page).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test("absurd input from a script gets a clear error and stores nothing", async ({ site }) => {
    const before = await messages(site);
    const tooLong = await postForm(site, { name: "Bot", email: "bot@example.lk", message: "m".repeat(5_001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Message is too long: keep it under 5,000 characters.");

    const missing = await postForm(site, { email: "bot@example.lk" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Please enter your name.");
    expect(html).toContain("Please enter your message.");

    const huge = await postForm(site, { name: "Bot", email: "bot@example.lk", message: "x".repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("Your message is too long to send.");
    expect(await messages(site)).toEqual(before);
  });

  test("a filled honeypot is turned away with a message and nothing is stored", async ({ page, site }) => {
    const before = await messages(site);
    await page.goto(`${site.url}/contact`);
    const trap = page.locator('input[name="website_url"]');
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).toHaveAttribute("autocomplete", "off");
    await expect(form(page).getByRole("textbox")).toHaveCount(4);
    await fillForm(page, { name: "Spam Bot", email: "bot@example.lk", message: "Buy now" });
    await trap.evaluate((input: HTMLInputElement) => (input.value = "https://spam.example"));
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("alert")).toHaveText(AUTOMATED);
    await expect(page).toHaveURL(`${site.url}/contact`);
    await expect(field(page, "Message")).toHaveValue("Buy now");
    expect(await messages(site)).toEqual(before);
  });

  test("a flood from one address is turned away after five messages, with a message for the person", async ({
    page,
    site,
  }) => {
    for (let i = 1; i <= 5; i++) {
      const response = await postForm(site, {
        name: "Kasun",
        email: "kasun@example.lk",
        message: `Message ${i}`,
        website_url: "",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/done");
    }
    const afterFive = await messages(site);

    await page.goto(`${site.url}/contact`);
    await fillForm(page, { name: "Kasun", email: "kasun@example.lk", message: "Message 6" });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("alert")).toHaveText(RATE_LIMITED);
    await expect(page).toHaveURL(`${site.url}/contact`);
    await expect(field(page, "Message")).toHaveValue("Message 6");
    expect(await messages(site)).toEqual(afterFive);
  });
});

test("Contact Information and the default OpenStreetMap come from the Contact section", async ({ page, site }) => {
  await page.goto(`${site.url}/contact`);
  const info = page.getByRole("region", { name: "Contact Information" });
  await expect(info.getByText("Level 8, 120 Galle Road, Colombo 03, Sri Lanka")).toBeVisible();
  await expect(info.getByRole("link", { name: "hello@lankagrowthpartners.lk" })).toHaveAttribute(
    "href",
    "mailto:hello@lankagrowthpartners.lk",
  );
  await expect(info.getByRole("link", { name: "+94 11 234 5678" })).toHaveAttribute("href", "tel:+94112345678");
  const website = info.getByRole("link", { name: "www.lankagrowthpartners.lk" });
  await expect(website).toHaveAttribute("href", "https://www.lankagrowthpartners.lk");
  await expect(website).toHaveAttribute("rel", "noopener noreferrer");

  await expect(page.getByRole("heading", { name: "Find Us" })).toBeVisible();
  const map = page.locator("iframe");
  await expect(map).toHaveCount(1);
  await expect(map).toHaveAttribute("title", "Map showing our office location");
  const src = new URL((await map.getAttribute("src"))!);
  expect(src.origin + src.pathname).toBe("https://www.openstreetmap.org/export/embed.html");
  expect(src.searchParams.get("marker")).toBe("6.9271,79.8612");
  expect(src.searchParams.get("layer")).toBe("mapnik");
  const [west, south, east, north] = src.searchParams.get("bbox")!.split(",").map(Number);
  expect(west! < 79.8612 && 79.8612 < east! && south! < 6.9271 && 6.9271 < north!).toBe(true);
  // Zoom 10 shows about a degree of longitude across an 800 px frame.
  expect(east! - west!).toBeCloseTo(1.1, 1);
  const box = (await map.boundingBox())!;
  expect(box.height).toBe(450);
  expect(box.width).toBeGreaterThan(1000);
});

test("the map, another site's page, is added once the page is hydrated; without JavaScript it comes from <noscript>", async ({
  browser,
  site,
}) => {
  // The server's HTML holds the map only inside <noscript>: a browser that runs scripts
  // requests it after hydration, never alongside the page's own first paint.
  const html = await (await fetch(`${site.url}/contact`)).text();
  expect(html.match(/<iframe\b/g)).toHaveLength(1);
  expect(html).toMatch(/<noscript><iframe src="https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);

  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await fakeMapHosts(page);
    await page.goto(`${site.url}/contact`);
    const map = page.getByTitle("Map showing our office location");
    await expect(map).toBeVisible();
    expect((await map.boundingBox())!.height).toBe(450);
  } finally {
    await context.close();
  }
});

test("a saved map embed is shown sanitised, full width and 450 px high; stored coordinates move the map", async ({
  page,
  site,
}) => {
  const { data: contact } = await site.read<Record<string, unknown> & { map: object; info: object }>("contact");
  try {
    await site.save("contact", {
      ...contact,
      map: { lat: "7.2906", lng: "80.6337", zoom: "12" },
    });
    await page.goto(`${site.url}/contact`);
    expect(new URL((await page.locator("iframe").getAttribute("src"))!).searchParams.get("marker")).toBe(
      "7.2906,80.6337",
    );

    await site.save("contact", {
      ...contact,
      mapEmbed:
        '<iframe src="https://www.google.com/maps/embed?pb=colombo" width="600" height="300" onload="window.pwned=1"></iframe><script>window.pwned=2</script><img src=x onerror="window.pwned=3">',
    });
    await page.reload();
    const map = page.locator("iframe");
    await expect(map).toHaveCount(1);
    await expect(map).toHaveAttribute("src", "https://www.google.com/maps/embed?pb=colombo");
    await expect(map).toHaveAttribute("width", "100%");
    await expect(map).toHaveAttribute("height", "450");
    expect(await map.getAttribute("onload")).toBeNull();
    const frame = map.locator("..");
    expect(await frame.locator("script, img").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    const box = (await map.boundingBox())!;
    expect(box.height).toBe(450);
    expect(box.width).toBeGreaterThan(1000);

    await page.setViewportSize({ width: 375, height: 812 });
    const narrow = (await map.boundingBox())!;
    expect(narrow.width).toBeLessThan(375);
    expect(narrow.width).toBeGreaterThan(300);
  } finally {
    await site.save("contact", contact);
  }
});

test("/done offers the phone number saved in the Contact section", async ({ page, site }) => {
  const { data: contact } = await site.read<{ info: Record<string, string> } & Record<string, unknown>>("contact");
  try {
    await site.save("contact", { ...contact, info: { ...contact.info, phone: "+94 77 000 1111" } });
    await page.goto(`${site.url}/done`);
    await expect(page.getByText("Need immediate help? Call us at +94 77 000 1111.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "+94 77 000 1111" })).toHaveAttribute(
      "href",
      "tel:+94770001111",
    );
  } finally {
    await site.save("contact", contact);
  }
});

/** The fonts Chromium draws `selector`'s text with, and how many glyphs each (DevTools' "Rendered Fonts"). */
async function renderedFonts(page: Page, selector: string): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1, pierce: true });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return Object.fromEntries(fonts.map((font) => [font.familyName, font.glyphCount]));
  } finally {
    await cdp.detach();
  }
}

test("Sinhala typed into a field of the English page is drawn in the Sinhala face", async ({ page, site }) => {
  await page.goto(`${site.url}/contact`);
  // The first Sinhala letter on the page: its face is fetched only now (English pages fetch none),
  // and the letters typed once it is in redraw the whole field. On this machine, with no Sinhala
  // font of its own, anything else would be empty boxes: every letter in Noto Sans Sinhala, only the
  // space not. (Chromium does not redraw a field when the face arrives after its last letter.)
  await field(page, "Name").pressSequentially(SINHALA_NAME.slice(0, 2));
  await page.evaluate(() => document.fonts.load('1em "Noto Sans Sinhala"', "අ"));
  await field(page, "Name").pressSequentially(SINHALA_NAME.slice(2), { delay: 20 });
  await expect(field(page, "Name")).toHaveValue(SINHALA_NAME);
  await expect
    .poll(async () => {
      const { "Noto Sans Sinhala": sinhala = 0, ...others } = await renderedFonts(page, 'input[name="name"]');
      return { sinhala, others: Object.values(others).reduce((sum, glyphs) => sum + glyphs, 0) };
    })
    .toEqual({ sinhala: 10, others: 1 });
});
