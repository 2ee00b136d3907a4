import type { Page } from "@playwright/test";
import type { AiSettings, BlogPostInput, HomeContent, PartnersContent } from "#content/schemas.ts";
import { expect, test, type Site } from "./fixtures.ts";
import { listPosts, readPost, replacePosts, updatePost } from "./posts-helpers.ts";
import { budget } from "../helpers/machine.ts";

test.use({ viewport: { width: 1280, height: 800 } });

/** The popup opens 1.5 s after hydration; on a busy machine hydration itself can take seconds. */
const POPUP_WAIT = budget(15_000);

/** The home page with its welcome popup dismissed, so the page is usable. */
async function openHome(page: Page, site: Site) {
  await page.goto(site.url);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible({ timeout: POPUP_WAIT });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
}

async function saveHero(site: Site, hero: Partial<HomeContent["hero"]>) {
  const home = await site.read<HomeContent>("home");
  await site.save("home", { ...home.data, hero: { ...home.data.hero, ...hero } });
}

function post(title: string, date: string, featured: boolean, placementId: number): BlogPostInput {
  return {
    title,
    excerpt: `${title} excerpt`,
    content: `## ${title}`,
    date,
    readTime: "3 min read",
    image: "",
    featured,
    placementId,
  };
}

test.describe("welcome popup", () => {
  test("appears 1.5 s after load with the greeting and closes by its button", async ({ page, site }) => {
    const settings = await site.read<AiSettings>("ai-settings");
    await site.save("ai-settings", {
      ...settings.data,
      greeting: "Ayubowan! Ask us anything about growing your brand.",
    });

    // Note when (ms after navigation start) the dialog opens.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const w = window as unknown as { openedAt?: number };
        if (w.openedAt === undefined && document.querySelector("dialog[open]")) w.openedAt = performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["open"] });
    });
    await page.goto(site.url);
    const dialog = page.getByRole("dialog", { name: "Welcome to Lanka Growth Partners" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const early = await page.evaluate(() => performance.now());
    if (early < 1_400) await expect(dialog).toBeHidden();

    await expect(dialog).toBeVisible({ timeout: POPUP_WAIT });
    const openedAt = await page.evaluate(() => (window as unknown as { openedAt?: number }).openedAt);
    expect(openedAt).toBeGreaterThanOrEqual(1_500);
    await expect(dialog.getByText("Ayubowan! Ask us anything about growing your brand.")).toBeVisible();
    // Focus moves into the dialog.
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    const home = await site.read<HomeContent>("home");
    await expect(page.getByRole("button", { name: home.data.hero.cta })).toBeVisible();
  });

  test("closes by a click on the backdrop", async ({ page, site }) => {
    await page.goto(site.url);
    const dialog = page.getByRole("dialog", { name: "Welcome to Lanka Growth Partners" });
    await expect(dialog).toBeVisible({ timeout: POPUP_WAIT });
    // A click inside the panel keeps it open.
    await dialog.getByText("Welcome to Lanka Growth Partners").click();
    await expect(dialog).toBeVisible({ timeout: POPUP_WAIT });
    await page.mouse.click(10, 400);
    await expect(dialog).toBeHidden();
  });

  test("closes by Esc", async ({ page, site }) => {
    await page.goto(site.url);
    const dialog = page.getByRole("dialog", { name: "Welcome to Lanka Growth Partners" });
    await expect(dialog).toBeVisible({ timeout: POPUP_WAIT });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the page carries the greeting but never the knowledge base", async ({ page, site }) => {
    const settings = await site.read<AiSettings>("ai-settings");
    await site.save("ai-settings", {
      ...settings.data,
      greeting: "Hello from Colombo!",
      knowledgeBase: "SECRET-KB-7f3a internal pricing notes",
      blogKnowledgeBase: "SECRET-BLOG-KB-91c2 tone guide",
    });
    const html = await (await fetch(site.url)).text();
    expect(html).toContain("Hello from Colombo!");
    expect(html).not.toContain("SECRET-KB-7f3a");
    expect(html).not.toContain("SECRET-BLOG-KB-91c2");
    const data = await (await fetch(`${site.url}/_root.data`)).text();
    expect(data).not.toContain("SECRET-KB-7f3a");
    await page.goto(site.url);
    await expect(page.getByRole("dialog").getByText("Hello from Colombo!")).toBeVisible({ timeout: POPUP_WAIT });
    await site.save("ai-settings", settings.data);
  });
});

test.describe("hero call to action", () => {
  // The scroll as a visitor without the reduced-motion preference gets it: smooth (fixtures.ts, withoutParticles).
  test.use({ particles: true });

  test("shows the saved text and colour, and a #target scrolls to that section", async ({ page, site }) => {
    await saveHero(site, { cta: "Start growing", ctaUrl: "#contact", ctaColor: "bg-emerald-700 hover:bg-emerald-800" });
    await openHome(page, site);
    const button = page.getByRole("button", { name: "Start growing" });
    await expect(button).toHaveClass(/bg-emerald-700/);
    const band = page.locator("#contact");
    await expect(band).not.toBeInViewport();
    await button.click();
    await expect(band).toBeInViewport();
    await expect(page).toHaveURL(`${site.url}/`);
  });

  test("a /path target opens in a new window", async ({ page, site, context }) => {
    await saveHero(site, { cta: "See services", ctaUrl: "/services" });
    await openHome(page, site);
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "See services" }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${site.url}/services`);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(page).toHaveURL(`${site.url}/`);
    await popup.close();
  });

  for (const target of ["mailto:x", "ftp://x"]) {
    test(`a ${target} target does nothing`, async ({ page, site, context }) => {
      await saveHero(site, { cta: "Do nothing", ctaUrl: target });
      await openHome(page, site);
      let opened = 0;
      context.on("page", () => (opened += 1));
      await page.getByRole("button", { name: "Do nothing" }).click();
      // Two frames later anything the click started would have begun.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(opened).toBe(0);
      expect(context.pages()).toHaveLength(1);
      await expect(page).toHaveURL(`${site.url}/`);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  }
});

test.describe("logo strip", () => {
  test("shows partners with a logo that are not hidden from the homepage, four times over", async ({ page, site }) => {
    const partners = await site.read<PartnersContent>("partners");
    await site.save("partners", {
      ...partners.data,
      partners: [
        {
          name: "Visible Co",
          description: "",
          logo: "/images/partners/serendib-cloud.svg",
          website: "",
          placementId: 1,
          showInHomepage: true,
        },
        {
          name: "Hidden Co",
          description: "",
          logo: "/images/partners/palmyra-media.svg",
          website: "",
          placementId: 0,
          showInHomepage: false,
        },
        { name: "Logoless Co", description: "", logo: "", website: "", placementId: 2, showInHomepage: true },
        {
          name: "Second Co",
          description: "",
          logo: "/images/partners/kelani-print-house.svg",
          website: "",
          placementId: 3,
          showInHomepage: true,
        },
      ],
    });
    await openHome(page, site);
    const strip = page.getByRole("region", { name: "Trusted by Industry Leaders" });
    await expect(strip.getByRole("img")).toHaveCount(2);
    expect(
      await strip.getByRole("img").evaluateAll((images) => images.map((image) => image.getAttribute("alt"))),
    ).toEqual(["Visible Co", "Second Co"]);
    await expect(strip.getByRole("img", { name: "Hidden Co" })).toHaveCount(0);
    await expect(strip.getByRole("img", { name: "Logoless Co" })).toHaveCount(0);
    // Four copies (three hidden from assistive technology), 2 s per logo.
    await expect(strip.locator("ul")).toHaveCount(4);
    await expect(strip.locator('ul[aria-hidden="true"]')).toHaveCount(3);
    await expect(strip.locator("img")).toHaveCount(8);
    expect(
      await strip.locator(".logo-marquee-track").evaluate((track) => getComputedStyle(track).animationDuration),
    ).toBe("4s");
  });

  test("falls back to the home client logos when there are no partners", async ({ page, site }) => {
    const partners = await site.read<PartnersContent>("partners");
    const home = await site.read<HomeContent>("home");
    await site.save("partners", { ...partners.data, partners: [] });
    await site.save("home", {
      ...home.data,
      clientLogos: [
        { name: "Client One", logo: "/images/partners/ceylon-leaf-exports.svg", website: "" },
        { name: "Client Two", logo: "", website: "" },
      ],
    });
    await openHome(page, site);
    const strip = page.getByRole("region", { name: "Trusted by Industry Leaders" });
    await expect(strip.getByRole("img", { name: "Client One" })).toBeVisible();
    await expect(strip.getByRole("img", { name: "Client Two" })).toHaveCount(0);
    await site.save("partners", partners.data);
  });

  test("stands still for people who prefer reduced motion", async ({ page, site }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openHome(page, site);
    const track = page.getByRole("region", { name: "Trusted by Industry Leaders" }).locator(".logo-marquee-track");
    expect(await track.evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
  });
});

test.describe("What We Offer and Featured Insights", () => {
  test("feature cards show the saved image, title and description", async ({ page, site }) => {
    const home = await site.read<HomeContent>("home");
    await site.save("home", {
      ...home.data,
      features: [
        {
          title: "Export readiness",
          description: "Get your brand ready for buyers abroad.",
          image: "/images/features/growth.svg",
        },
      ],
    });
    await openHome(page, site);
    const offer = page.getByRole("region", { name: "What We Offer" });
    await expect(offer.getByRole("heading", { name: "Export readiness" })).toBeVisible();
    await expect(offer.getByText("Get your brand ready for buyers abroad.")).toBeVisible();
    await expect(offer.getByRole("img", { name: "Export readiness" })).toHaveAttribute(
      "src",
      "/images/features/growth.svg",
    );
  });

  test("shows at most three featured posts, newest first, each linking to its post", async ({ page, site }) => {
    const before = await Promise.all((await listPosts(site)).map(({ id }) => readPost(site, id)));
    const saved = await replacePosts(site, [
      post("Oldest featured", "2024-01-10", true, 0),
      post("Newest featured", "2025-06-01", true, 1),
      post("Not featured", "2025-07-01", false, 2),
      post("Middle featured", "2025-02-15", true, 3),
      post("Second newest", "2025-05-20", true, 4),
    ]);
    await openHome(page, site);
    const insights = page.getByRole("region", { name: "Featured Insights" });
    const titles = insights.getByRole("heading", { level: 3 });
    await expect(titles).toHaveText(["Newest featured", "Second newest", "Middle featured"]);
    await expect(insights.getByRole("link", { name: "Newest featured" })).toHaveAttribute(
      "href",
      "/blog/newest-featured",
    );
    await expect(insights.getByRole("link", { name: "Middle featured" })).toHaveAttribute(
      "href",
      "/blog/middle-featured",
    );
    await expect(insights.getByRole("link", { name: "View All Articles" })).toHaveAttribute("href", "/blog");
    await expect(insights.getByText("1 June 2025")).toBeVisible();

    // Unfeaturing every post while the page is open hides the section.
    for (const { id, data } of saved) if (data.featured) await updatePost(site, id, { featured: false });
    await expect(page.getByRole("heading", { name: "Featured Insights" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "View All Articles" })).toHaveCount(0);
    await replacePosts(
      site,
      before.map(({ data }) => data),
    );
  });
});
