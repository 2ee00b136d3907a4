import type { Page } from "@playwright/test";
import type { ServicesContent } from "#content/schemas.ts";
import { axeOf, expect, gotoLive, test as base, watchConsole, type Site } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

/**
 * The site in Sinhala and Tamil (issue 25): the interface strings of each
 * page's language, links that stay in it, the language switch, texts not yet
 * translated marked `lang="en"`, and the line offering a visitor's language.
 */

/** A refused contact message answers 400, which the browser reports: the form's test allows it. */
const test = base.extend<{ allowedStatuses: number[] }>({
  allowedStatuses: [[], { option: true }],
  consoleErrors: async ({ page, allowedStatuses }, provide) => {
    const allowed = [/status of 404/, ...allowedStatuses.map((status) => new RegExp(`status of ${status} \\(`))];
    const errors = watchConsole(page, allowed);
    await provide(errors);
    expect(errors, "browser console errors").toEqual([]);
  },
});

// Several full page loads per test: room for a busy machine.
test.describe.configure({ timeout: budget(60_000) });

/** The popup opens 1.5 s after hydration; on a busy machine hydration itself can take seconds. */
const POPUP_WAIT = budget(15_000);

const SINHALA_NAV = ["මුල් පිටුව", "සේවා", "බ්ලොග්", "හවුල්කරුවන්", "අප ගැන", "අප අමතන්න"];
const TAMIL_NAV = ["முகப்பு", "சேவைகள்", "வலைப்பதிவு", "பங்காளர்கள்", "எம்மைப் பற்றி", "தொடர்புகொள்ள"];

/** Map providers are outside this machine: answer for them with a tiny page. */
async function fakeMapHosts(page: Page) {
  await page.route(/^https:\/\/(www\.openstreetmap\.org|www\.google\.com)\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>Map</p>" }),
  );
}

/** Every link of the page to one of its own pages, but the language switch's. */
async function ownLinks(page: Page): Promise<string[]> {
  return page
    .locator("header a[href^='/'], main a[href^='/'], footer a[href^='/']")
    .evaluateAll((links) =>
      links.filter((link) => !link.hasAttribute("hreflang")).map((link) => link.getAttribute("href")!),
    );
}

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("/si/ reads in Sinhala: the page's language, its navigation, its buttons and links under /si/", async ({
    page,
    site,
  }) => {
    await page.goto(`${site.url}/si`);
    await expect(page.locator("html")).toHaveAttribute("lang", "si");

    const popup = page.getByRole("dialog", { name: "Lanka Growth Partners වෙත සාදරයෙන් පිළිගනිමු" });
    await expect(popup).toBeVisible({ timeout: POPUP_WAIT });
    await popup.getByRole("button", { name: "ස්තූතියි, මම ටිකක් බලන්නම්" }).click();
    await expect(popup).toBeHidden();

    const nav = page.getByRole("navigation", { name: "ප්‍රධාන මෙනුව" });
    await expect(nav.getByRole("listitem")).toHaveText(SINHALA_NAV);
    await expect(nav.getByRole("link", { name: "මුල් පිටුව" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("img", { name: "Lanka Growth Partners ලාංඡනය" })).toBeVisible();
    await expect(page.getByRole("link", { name: "අපගේ සේවා බලන්න" })).toHaveAttribute("href", "/si/services");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("ඝෝෂාවෙන් තොරව ගොඩනැගූ. අරමුණින් බලගැන්වූ.")).toBeVisible();
    await expect(footer.getByRole("link", { name: "රහස්‍යතා ප්‍රතිපත්තිය" })).toHaveAttribute("href", "/si/privacy-policy");

    const links = await ownLinks(page);
    expect(links.length).toBeGreaterThan(10);
    for (const href of links) expect(href, href).toMatch(/^\/si(\/|$)/);

    await nav.getByRole("link", { name: "සේවා" }).click();
    await expect(page).toHaveURL(`${site.url}/si/services`);
    await expect(nav.getByRole("link", { name: "සේවා" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("html")).toHaveAttribute("lang", "si");
  });

  test("/ta/ reads in Tamil", async ({ page, site }) => {
    await page.goto(`${site.url}/ta`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    const popup = page.getByRole("dialog", { name: "Lanka Growth Partners உங்களை அன்புடன் வரவேற்கிறது" });
    await expect(popup).toBeVisible({ timeout: POPUP_WAIT });
    await popup.getByRole("button", { name: "மூடு" }).click();

    const nav = page.getByRole("navigation", { name: "முதன்மை மெனு" });
    await expect(nav.getByRole("listitem")).toHaveText(TAMIL_NAV);
    await expect(page.getByRole("link", { name: "எமது சேவைகளைப் பாருங்கள்" })).toHaveAttribute("href", "/ta/services");
    await expect(page.getByRole("link", { name: "எம்முடன் தொடர்புகொள்ளுங்கள்" })).toHaveAttribute("href", "/ta/contact");
    for (const href of await ownLinks(page)) expect(href, href).toMatch(/^\/ta(\/|$)/);

    // With the language menu open too.
    await page.getByRole("banner").getByRole("button", { name: "மொழி: தமிழ்" }).click();
    const axe = await axeOf(page).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test("the language switch keeps the page, and names each language in its own script", async ({ page, site }) => {
    await page.goto(`${site.url}/services`);
    const header = page.getByRole("banner");
    const menu = header.getByRole("button", { name: "Language: English" });
    const languages = header.getByRole("list", { name: "Language" });
    await expect(languages).toBeHidden();
    await menu.click();
    await expect(languages.getByRole("link")).toHaveText(["English", "සිංහල", "தமிழ்"]);
    await expect(languages.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
    const sinhala = languages.getByRole("link", { name: "සිංහල" });
    await expect(sinhala).toHaveAttribute("lang", "si");
    await expect(sinhala).toHaveAttribute("hreflang", "si");
    await page.keyboard.press("Escape");
    await expect(languages).toBeHidden();

    await menu.click();
    await sinhala.click();
    await expect(page).toHaveURL(`${site.url}/si/services`);
    await expect(page.locator("html")).toHaveAttribute("lang", "si");
    await expect(page.getByRole("banner").getByRole("button", { name: "භාෂාව: සිංහල" })).toBeVisible();

    // The footer's switch, on the same page.
    const footer = page.getByRole("contentinfo").getByRole("list", { name: "භාෂාව" });
    await expect(footer.getByRole("link", { name: "සිංහල" })).toHaveAttribute("aria-current", "true");
    await footer.getByRole("link", { name: "தமிழ்" }).click();
    await expect(page).toHaveURL(`${site.url}/ta/services`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(`${site.url}/services`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test('a text not yet translated shows in English, marked lang="en"', async ({ page, site }) => {
    const services = await site.read<ServicesContent>("services");
    const subtitle = "Straight answers about growth, in plain English for now.";
    await site.save("services", { ...services.data, subtitle });
    try {
      await page.goto(`${site.url}/si/services`);
      await expect(page.locator("html")).toHaveAttribute("lang", "si");
      const shown = page.getByText(subtitle);
      await expect(shown).toBeVisible();
      await expect(shown).toHaveAttribute("lang", "en");
      // The title is still the built-in translation: in the page's language, with no mark.
      const title = page.getByRole("heading", { level: 1 });
      await expect(title).not.toHaveText(services.data.title);
      await expect(title).not.toHaveAttribute("lang");
      // In English nothing is marked.
      await page.goto(`${site.url}/services`);
      await expect(page.getByText(subtitle)).not.toHaveAttribute("lang");
    } finally {
      await site.save("services", services.data);
    }
  });

  test("a missing page in Tamil is Tamil's not-found page, with a real 404", async ({ page, site }) => {
    const response = await page.goto(`${site.url}/ta/nope`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    await expect(page.getByRole("heading", { level: 1, name: "அடடா! பக்கம் கிடைக்கவில்லை" })).toBeVisible();
    await expect(page.getByRole("link", { name: "முகப்புக்குத் திரும்ப" })).toHaveAttribute("href", "/ta");
    await expect(page).toHaveTitle("பக்கம் கிடைக்கவில்லை");
  });
});

test.describe("the contact form in Sinhala", () => {
  test.use({ viewport: { width: 1280, height: 800 }, allowedStatuses: [400] });

  test.beforeEach(async ({ page, site }) => {
    await site.server.deps.limits.publicForms.reset("contact:127.0.0.1");
    await fakeMapHosts(page);
  });

  test("labels, the server's errors and the thank-you page are in Sinhala, under /si/", async ({ page, site }) => {
    await page.goto(`${site.url}/si/contact`);
    const form = page.getByRole("region", { name: "අපට පණිවිඩයක් එවන්න" });
    const name = form.getByLabel("නම", { exact: true });
    const email = form.getByLabel("ඊමේල්", { exact: true });
    const message = form.getByLabel("පණිවිඩය", { exact: true });
    await expect(form.getByLabel(/^ආයතනය/)).toBeVisible();
    await expect(form.getByText("අනිවාර්ය නොවේ", { exact: true })).toBeVisible();

    // Skip the browser's own checks to reach the server's.
    await form.locator("form").evaluate((element: HTMLFormElement) => (element.noValidate = true));
    await name.fill("   ");
    await email.fill("not-an-email");
    await message.fill("ආයුබෝවන්! ශ්‍රී ලංකාවේ ව්‍යාපාරයක් ගැන ප්‍රශ්නයක්.");
    await form.getByRole("button", { name: "පණිවිඩය යවන්න" }).click();

    await expect(form.getByRole("alert")).toHaveText("කරුණාකර සලකුණු කළ කොටු නැවත පරීක්ෂා කරන්න.");
    await expect(name).toHaveAccessibleDescription("කරුණාකර ඔබේ නම ඇතුළත් කරන්න.");
    await expect(email).toHaveAccessibleDescription("කරුණාකර name@example.com වැනි නිවැරදි ඊමේල් ලිපිනයක් ඇතුළත් කරන්න.");
    await expect(page).toHaveURL(`${site.url}/si/contact`);
    await expect(message).toHaveValue("ආයුබෝවන්! ශ්‍රී ලංකාවේ ව්‍යාපාරයක් ගැන ප්‍රශ්නයක්.");

    await name.fill("නිමල් පෙරේරා");
    await email.fill("nimal@example.lk");
    await form.getByRole("button", { name: "පණිවිඩය යවන්න" }).click();
    await expect(page).toHaveURL(`${site.url}/si/done`);
    await expect(page.getByRole("heading", { level: 1, name: "ඔබේ පණිවිඩය යැවුණා!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "මුල් පිටුවට ආපසු" })).toHaveAttribute("href", "/si");
  });
});

test.describe("phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the menu holds the links and the languages, in the page's language", async ({ page, site }) => {
    await page.goto(`${site.url}/si/contact`);
    const toggle = page.getByRole("button", { name: "මෙනුව" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#site-menu");
    for (const name of SINHALA_NAV) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "අප අමතන්න" })).toHaveAttribute("aria-current", "page");
    await menu.getByRole("list", { name: "භාෂාව" }).getByRole("link", { name: "தமிழ்" }).click();
    await expect(page).toHaveURL(`${site.url}/ta/contact`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    await expect(page.getByRole("button", { name: "மெனு" })).toBeVisible();
  });
});

test.describe("the browser prefers Sinhala", () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: "si-LK" });

  test("an English page offers itself in Sinhala, in Sinhala, until turned down; it never redirects", async ({
    page,
    site,
  }) => {
    const html = await (await fetch(`${site.url}/services`, { headers: { "Accept-Language": "si-LK" } })).text();
    expect(html).not.toContain("<aside");

    const response = await gotoLive(page, `${site.url}/services`);
    expect(response?.url()).toBe(`${site.url}/services`);
    const offer = page.getByRole("complementary", { name: "භාෂාව" });
    await expect(offer).toBeVisible();
    await expect(offer).toHaveAttribute("lang", "si");
    await expect(offer).toContainText("මෙම පිටුව සිංහලෙනුත් කියවිය හැකියි.");
    await expect(offer.getByRole("link", { name: "සිංහලෙන් කියවන්න" })).toHaveAttribute("href", "/si/services");
    // Over the page, not in its flow: nothing moves when it appears.
    expect(await offer.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
    const axe = await axeOf(page).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await offer.getByRole("button", { name: "එපා, ස්තූතියි" }).click();
    await expect(offer).toBeHidden();
    expect(await page.evaluate(() => document.cookie)).toBe("");
    await gotoLive(page, `${site.url}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(offer).toHaveCount(0);
  });

  test("a Sinhala page offers nothing", async ({ page, site }) => {
    await gotoLive(page, `${site.url}/si/services`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("complementary")).toHaveCount(0);
  });
});

test.describe("posts and live updates in a language", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** The admin's posts API, in a language. */
  async function posts<T>(site: Site, path: string, method = "GET", body?: unknown): Promise<T> {
    const response = await fetch(`${site.url}/api/posts${path}`, {
      method,
      headers: { "Content-Type": "application/json", Cookie: await site.adminCookie() },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  test("a post published in Sinhala only: listed, read and fed in Sinhala, nowhere in English", async ({
    page,
    site,
  }) => {
    const title = "ශ්\u200Dරී ලංකාවේ කුඩා ව්\u200Dයාපාර සඳහා ඩිජිටල් අලෙවිකරණය";
    const created = await posts<{ id: string; slug: string }>(site, "", "POST", {
      data: {
        title: "Digital marketing for small businesses",
        excerpt: "Where to start.",
        content: "## Start\n\nWith the customer.",
        date: "2026-11-20",
        readTime: "1 min read",
        image: "",
        featured: false,
        placementId: 0,
        status: "draft",
      },
    });
    const sinhala = await posts<{ version: number; data: Record<string, unknown> }>(site, `/${created.id}?locale=si`);
    await posts(site, `/${created.id}?locale=si`, "PUT", {
      version: sinhala.version,
      data: {
        ...sinhala.data,
        title,
        excerpt: "ආරම්භ කළ යුත්තේ කොතැනින්ද?",
        content: "## ආරම්භය\n\nපාරිභෝගිකයාගෙන්.",
        status: "published",
      },
    });

    await page.goto(`${site.url}/si/blog`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await page.goto(`${site.url}/blog`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Digital marketing for small businesses")).toHaveCount(0);

    const post = await page.goto(`${site.url}/si/blog/${created.slug}`);
    expect(post?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "si");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // Only in Sinhala: no alternates to offer, and the switch leads to the other languages' blogs.
    await expect(page.locator("link[rel=alternate][hreflang]")).toHaveCount(0);
    expect((await fetch(`${site.url}/blog/${created.slug}`)).status).toBe(404);

    const feed = await (await fetch(`${site.url}/si/blog/feed.xml`)).text();
    expect(feed).toContain("<language>si</language>");
    expect(feed).toContain(`<title>${title}</title>`);
    expect(feed).toContain(`${site.url}/si/blog/${created.slug}</link>`);
    expect(await (await fetch(`${site.url}/blog/feed.xml`)).text()).not.toContain(title);
  });

  test("a built-in post names its Sinhala and Tamil versions, and the switch goes to them", async ({ page, site }) => {
    await page.goto(`${site.url}/blog/why-sri-lankan-smes-need-a-brand-strategy-before-a-logo`);
    const alternates = await page
      .locator("link[rel=alternate][hreflang]")
      .evaluateAll((links) => links.map((link) => `${link.getAttribute("hreflang")} ${link.getAttribute("href")}`));
    const path = "/blog/why-sri-lankan-smes-need-a-brand-strategy-before-a-logo";
    expect(alternates.sort()).toEqual(
      [
        `en ${site.url}${path}`,
        `si ${site.url}/si${path}`,
        `ta ${site.url}/ta${path}`,
        `x-default ${site.url}${path}`,
      ].sort(),
    );
    await expect(page.locator("footer").getByRole("link", { name: "தமிழ்" })).toHaveAttribute("href", `/ta${path}`);
  });

  test("a Sinhala save reaches an open Sinhala page; the English page stays as it is", async ({ browser, site }) => {
    const sinhalaPage = await browser.newPage();
    const englishPage = await browser.newPage();
    await gotoLive(sinhalaPage, `${site.url}/si/services`);
    await gotoLive(englishPage, `${site.url}/services`);
    const englishTitle = await englishPage.getByRole("heading", { level: 1 }).textContent();
    const current = (await (await fetch(`${site.url}/api/content/services?locale=si`)).json()) as {
      version: number;
      data: ServicesContent;
    };
    const title = "අපගේ සේවා — ශ්\u200Dරී ලංකාව පුරා";
    const saved = await fetch(`${site.url}/api/content/services?locale=si`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Cookie: await site.adminCookie() },
      body: JSON.stringify({ version: current.version, data: { ...current.data, title } }),
    });
    expect(saved.status).toBe(200);
    await expect(sinhalaPage.getByRole("heading", { level: 1 })).toHaveText(title, { timeout: budget(15_000) });
    await expect(englishPage.getByRole("heading", { level: 1 })).toHaveText(englishTitle!);
    await sinhalaPage.close();
    await englishPage.close();
  });
});

test("a Sinhala or Tamil page preloads its script's fonts (both weights it uses), an English page none", async ({
  site,
}) => {
  const link = async (path: string) => (await fetch(`${site.url}${path}`)).headers.get("link") ?? "";
  const preloads = (header: string) =>
    header
      .split(", ")
      .map(
        (entry) =>
          /^<\/assets\/(noto-sans-[a-z]+-[a-z]+-\d00)-normal-[\w-]+\.woff2>; rel=preload; as=font; type="font\/woff2"; crossorigin$/.exec(
            entry,
          )?.[1],
      );
  expect(preloads(await link("/si/about"))).toEqual(["noto-sans-sinhala-sinhala-400", "noto-sans-sinhala-sinhala-700"]);
  expect(preloads(await link("/ta"))).toEqual(["noto-sans-tamil-tamil-400", "noto-sans-tamil-tamil-700"]);
  expect(await link("/about")).toBe("");
});
