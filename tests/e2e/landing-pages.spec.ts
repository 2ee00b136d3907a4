import { en } from "#content/i18n/en.ts";
import { si } from "#content/i18n/si.ts";
import { ta } from "#content/i18n/ta.ts";
import type { LandingPageInput } from "#content/landing-page-schema.ts";
import { budget } from "../helpers/machine.ts";
import { expect, gotoLive, test, type Site } from "./fixtures.ts";

// The team's pages on the public site (issue 42): blocks drawn by the production build, in English
// and Sinhala, a 404 where nothing is published, and one variant per visitor, from the cache too.

async function api(site: Site, method: string, path: string, body?: unknown) {
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Cookie: await site.adminCookie(), Origin: site.url },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; version: number; data: LandingPageInput };
}

const createPage = (site: Site, data: LandingPageInput) => api(site, "POST", "/api/pages", { data });

/** A page with every block. */
const everyBlock = (path: string): LandingPageInput => ({
  path,
  title: "Colombo SMEs",
  description: "Websites and campaigns for small firms in Colombo.",
  image: "",
  noindex: false,
  status: "published",
  blocks: [
    {
      type: "hero",
      heading: "Grow your Colombo business online",
      text: "Websites, search and social campaigns for small firms, ready in thirty days.",
      button: { label: "Book a free call", href: "#contact" },
    },
    {
      type: "text",
      content: "## Why small firms choose us\n\nWe build **fast** pages.\n\n- Clear prices\n- A local team",
    },
    {
      type: "features",
      items: [
        { title: "Strategy", text: "A plan that fits your budget." },
        { title: "Design", text: "Pages your customers like to read." },
        { title: "Growth", text: "Campaigns that bring in leads." },
      ],
    },
    { type: "services" },
    {
      type: "quote",
      text: "They doubled our enquiries in a season.",
      name: "Nadeesha Perera",
      role: "Owner, Perera Teas",
    },
    { type: "logos" },
    {
      type: "stats",
      items: [
        { value: "120+", label: "Projects delivered" },
        { value: "8", label: "Years in Colombo" },
      ],
    },
    {
      type: "faq",
      items: [
        { question: "How long does a site take?", answer: "About four weeks from our first call." },
        { question: "Do you write in Sinhala and Tamil?", answer: "Yes: our writers are native speakers." },
      ],
    },
    {
      type: "cta",
      heading: "Ready to start?",
      text: "Tell us about your plans.",
      button: { label: "Write to us", href: "#contact" },
    },
    { type: "contact" },
  ],
  variants: [],
});

/** The same page's Sinhala texts, as a native copywriter would write them (long words included). */
function inSinhala(page: LandingPageInput): LandingPageInput {
  const sinhala = structuredClone(page);
  sinhala.title = "කොළඹ කුඩා හා මධ්‍ය පරිමාණ ව්‍යාපාර";
  sinhala.description = "කොළඹ කුඩා ව්‍යාපාර සඳහා වෙබ් අඩවි සහ ප්‍රචාරණ ව්‍යාපාර.";
  const [hero, , features, , quote, , stats, faq, cta] = sinhala.blocks as never as [
    { heading: string; text: string; button: { label: string } },
    unknown,
    { items: { title: string; text: string }[] },
    unknown,
    { text: string; role: string },
    unknown,
    { items: { label: string }[] },
    { items: { question: string; answer: string }[] },
    { heading: string; text: string; button: { label: string } },
  ];
  hero.heading = "ඔබේ කොළඹ ව්‍යාපාරය අන්තර්ජාලයෙන් වර්ධනය කරගන්න";
  hero.text = "කුඩා ව්‍යාපාර සඳහා වෙබ් අඩවි, සෙවුම් සහ සමාජ මාධ්‍ය ප්‍රචාරණ, දින තිහකින් සූදානම්.";
  hero.button.label = "නොමිලේ ඇමතුමක් වෙන්කරගන්න";
  features.items[0]!.title = "උපායමාර්ගික සැලසුම්කරණය";
  features.items[0]!.text = "ඔබේ අයවැයට ගැළපෙන සැලැස්මක්.";
  quote.text = "එක් කන්නයක් තුළ අපගේ විමසීම් දෙගුණ වුණා.";
  quote.role = "හිමිකරු, පෙරේරා ටී";
  stats.items[0]!.label = "නිම කළ ව්‍යාපෘති";
  faq.items[0]!.question = "වෙබ් අඩවියක් සකස් කිරීමට කොපමණ කාලයක් ගතවේද?";
  faq.items[0]!.answer = "අපගේ පළමු ඇමතුමේ සිට සති හතරක් පමණ.";
  cta.heading = "ආරම්භ කිරීමට සූදානම්ද?";
  cta.text = "ඔබේ සැලසුම් ගැන අපට කියන්න.";
  cta.button.label = "අපට ලියන්න";
  return sinhala;
}

test("a published page shows its blocks in English and Sinhala, with its languages; the others are 404", async ({
  page,
  site,
}) => {
  const created = await createPage(site, everyBlock("/offers/colombo-smes"));
  await api(site, "PUT", `/api/pages/${created.id}?locale=si`, { version: 0, data: inSinhala(created.data) });

  const response = await page.goto(`${site.url}/offers/colombo-smes`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Colombo SMEs \| /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Grow your Colombo business online");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  for (const heading of [
    "Why small firms choose us",
    "Strategy",
    "Ready to start?",
    en.home.logosTitle,
    en.contactForm.title,
  ])
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  await expect(page.getByText("They doubled our enquiries in a season.")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "120+" })).toBeVisible();
  // The FAQ opens by keyboard.
  const answer = page.getByText("About four weeks from our first call.");
  await expect(answer).toBeHidden();
  await page.getByText("How long does a site take?").focus();
  await page.keyboard.press("Enter");
  await expect(answer).toBeVisible();
  // The page names its Sinhala version, and not a Tamil one it does not have.
  await expect(page.locator('link[rel="alternate"][hreflang="si"]')).toHaveAttribute(
    "href",
    `${site.url}/si/offers/colombo-smes`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="ta"]')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

  expect((await page.goto(`${site.url}/si/offers/colombo-smes`))?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "si");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ඔබේ කොළඹ ව්‍යාපාරය අන්තර්ජාලයෙන් වර්ධනය කරගන්න");
  await expect(page.getByRole("heading", { name: "උපායමාර්ගික සැලසුම්කරණය" })).toBeVisible();
  await expect(page.getByRole("heading", { name: si.contactForm.title })).toBeVisible();
  // A text not translated yet is shown in English, marked so.
  await expect(page.getByRole("heading", { name: "Design", exact: true })).toHaveAttribute("lang", "en");
  // The contact block's message is counted as this page's.
  await expect(page.locator('input[name="from_page"]')).toHaveValue("/si/offers/colombo-smes");

  await page.setViewportSize({ width: 1280, height: 900 });
  for (const [language, path] of [
    ["en", "/offers/colombo-smes"],
    ["si", "/si/offers/colombo-smes"],
  ]) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${site.url}${path}`);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `test-results/landing-${language}-${width}.png`, fullPage: true });
      // Nothing is wider than the screen (long Sinhala words wrap).
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${language} at ${width}`,
      ).toBeLessThanOrEqual(width);
    }
  }

  // No Tamil translation, a draft page, an address nobody has: the site's 404 page.
  for (const [path, title] of [
    ["/ta/offers/colombo-smes", ta.errors.notFoundTitle],
    ["/offers/nobody-made-this", en.errors.notFoundTitle],
  ] as const) {
    const missing = await page.goto(`${site.url}${path}`);
    expect(missing?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
  await createPage(site, { ...everyBlock("/offers/draft"), status: "draft" });
  expect((await page.goto(`${site.url}/offers/draft`))?.status()).toBe(404);
});

test("a page hidden from search engines says so and stays out of the sitemap", async ({ page, site }) => {
  await createPage(site, { ...everyBlock("/offers/hidden"), title: "Hidden offer", noindex: true });
  await createPage(site, { ...everyBlock("/offers/listed"), title: "Listed offer" });
  await page.goto(`${site.url}/offers/hidden`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>${site.url}/offers/listed</loc>`);
  expect(sitemap).not.toContain("/offers/hidden");
});

test("one visitor sees one variant of a page, on every visit and from the cache; visitors see both", async ({
  page,
  site,
}) => {
  const hero = (heading: string) => ({ type: "hero" as const, heading, text: "Same offer, other words." });
  await createPage(site, {
    ...everyBlock("/offers/split"),
    blocks: [
      hero("Variant A heading"),
      { type: "cta", heading: "Call us", button: { label: "Call", href: "tel:+94112345678" } },
    ],
    variants: [{ name: "B", blocks: [hero("Variant B heading")] }],
  });

  // This browser: one variant, the same on each visit (the first answer fills the cache, the others hit it).
  const first = await page.goto(`${site.url}/offers/split`);
  const variant = first?.headers()["x-page-variant"];
  expect(variant === "A" || variant === "B").toBe(true);
  for (let visit = 0; visit < 4; visit++) {
    const again = await page.reload();
    expect(again?.headers()["x-page-variant"]).toBe(variant);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Variant ${variant} heading`);
  }
  await expect(page.locator(`[data-page-variant="${variant}"]`)).toHaveCount(1);

  // Other visitors (another browser each) are split between both, each always getting theirs.
  const seen = new Map<string, string>();
  for (let visitor = 0; visitor < 16; visitor++) {
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0.${visitor}.0 Safari/537.36`;
    for (let visit = 0; visit < 2; visit++) {
      const answer = await fetch(`${site.url}/offers/split`, { headers: { "User-Agent": userAgent } });
      const shown = answer.headers.get("x-page-variant")!;
      expect(await answer.text()).toContain(`Variant ${shown} heading`);
      if (visit === 1) expect(shown).toBe(seen.get(userAgent));
      seen.set(userAgent, shown);
    }
  }
  expect(new Set(seen.values())).toEqual(new Set(["A", "B"]));
});

test("an open page follows its saves, and its contact block's message is counted as the page's and variant's", async ({
  page,
  site,
}) => {
  const hero = (heading: string) => ({ type: "hero" as const, heading, text: "" });
  const created = await createPage(site, {
    ...everyBlock("/offers/live"),
    blocks: [hero("Before the save"), { type: "contact" }],
    variants: [{ name: "B", blocks: [hero("Before the save"), { type: "contact" }] }],
  });
  await gotoLive(page, `${site.url}/offers/live`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Before the save");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const saved = structuredClone(created.data);
  for (const blocks of [saved.blocks, saved.variants![0]!.blocks])
    (blocks[0] as { heading: string }).heading = "After the save";
  await api(site, "PUT", `/api/pages/${created.id}`, { version: created.version, data: saved });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("After the save", { timeout: budget(10_000) });
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

  const variant = await page.locator("[data-page-variant]").getAttribute("data-page-variant");
  const before = new Date().toISOString();
  await page.getByLabel(en.contactForm.name).fill("Nadeesha Perera");
  await page.getByLabel(en.contactForm.email).fill("nadeesha@example.lk");
  await page.getByRole("textbox", { name: en.contactForm.message }).fill("We would like a new site for our tea shop.");
  await page.getByRole("button", { name: en.contactForm.send }).click();
  await expect(page).toHaveURL(`${site.url}/done`);
  const sent = await site.server.deps.store.messages.sentBetween(before, new Date(Date.now() + 60_000).toISOString());
  expect(sent.map(({ page: from, variant: shown }) => ({ from, shown }))).toEqual([
    { from: "/offers/live", shown: variant },
  ]);
});

test("a client-side navigation to a page draws its later blocks at once, with their code still on its way", async ({
  page,
  site,
}) => {
  const quote = "They answered every question in Tamil and English.";
  await createPage(site, {
    ...everyBlock("/offers/start"),
    // Only blocks that come with the page's own code: the later blocks' code is not loaded here.
    blocks: [
      { type: "hero", heading: "Start here", text: "", button: { label: "See the next offer", href: "/offers/next" } },
    ],
  });
  await createPage(site, {
    ...everyBlock("/offers/next"),
    blocks: [
      { type: "hero", heading: "The next offer", text: "" },
      { type: "quote", text: quote, name: "Kavitha Rajan" },
      { type: "contact" },
    ],
  });
  // The later blocks' code (and the form's) arrives a second and a half after it is asked for.
  const asked: string[] = [];
  await page.route(/\/assets\/(later-blocks|contact)-[\w-]+\.js$/, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await gotoLive(page, `${site.url}/offers/start`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Start here");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  expect(asked).toEqual([]);

  // What the page holds at the first frame that shows the next page's heading.
  const drawn = page.waitForFunction(
    () => {
      if (document.querySelector("h1")?.textContent !== "The next offer") return false;
      return {
        text: document.querySelector("main")?.textContent ?? "",
        form: document.querySelectorAll("main form textarea").length,
      };
    },
    undefined,
    { polling: "raf", timeout: budget(15_000) },
  );
  await page.getByRole("link", { name: "See the next offer" }).click();
  const { text, form } = (await (await drawn).jsonValue()) as { text: string; form: number };
  expect(text).toContain(quote);
  expect(form).toBe(1);
  // A client-side navigation: the same document.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  expect(asked.some((path) => path.includes("later-blocks"))).toBe(true);
});
