import type { Browser, Page } from "@playwright/test";
import { localePath, type Locale } from "#content/locales.ts";
import { expect, test, withoutParticles, type Site } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

/**
 * Sinhala and Tamil as a phone shows them (issue 43), on every public page:
 * - no word of a heading, a button, a menu item or a link drawn as a box is
 *   split across lines or runs off the screen (320 to 1280 px), in every
 *   language (the fonts' files cached first, so that pages are drawn in them);
 * - with the fonts' files held back 1.5 s, as on a slow phone network, the
 *   page does not move when they arrive (layout shift ≤ 0.01).
 */

test.describe.configure({ timeout: budget(90_000) });

const WIDTHS = [320, 360, 390, 640, 768, 1280];
const FONT_DELAY_MS = 1_500;
const SCRIPT: Partial<Record<Locale, string>> = { si: "Noto Sans Sinhala", ta: "Noto Sans Tamil" };

/** Every public page of a language: its fixed pages, a blog post (from the sitemap) and one that does not exist. */
async function publicPages(site: Site, locale: Locale): Promise<string[]> {
  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
  const blog = localePath(locale, "/blog");
  const post = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map(([, address]) => new URL(address!).pathname)
    .find((path) => path.startsWith(`${blog}/`) && !path.startsWith(`${blog}/page/`));
  expect(post, `a post of ${blog} in the sitemap`).toBeDefined();
  const fixed = ["/", "/services", "/blog", "/partners", "/about", "/contact", "/done", "/privacy-policy"];
  return [...[...fixed, "/terms-conditions", "/no-such-page"].map((path) => localePath(locale, path)), post!];
}

/**
 * The words, at the page's present width, of headings, buttons, the menu's links and links drawn as
 * boxes (calls to action, cards), that take more than one line or stand outside the screen. Links in
 * running text, addresses let break anywhere (word-break: break-all, the footer's e-mail) and text only
 * screen readers get (clipped away) are left out.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const boxes = [...document.querySelectorAll("h1, h2, h3, h4, button, a")].filter(
      (element) =>
        (element.matches("h1, h2, h3, h4, button, header a, nav a") ||
          getComputedStyle(element).display !== "inline") &&
        getComputedStyle(element).wordBreak !== "break-all",
    );
    const clipped = (node: Node) => {
      for (let element = node.parentElement; element; element = element.parentElement)
        if (getComputedStyle(element).clipPath !== "none") return true;
      return false;
    };
    const found = new Set<string>();
    for (const box of boxes) {
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (clipped(node)) continue;
        for (const match of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
          // One line box: every piece's middle within half a piece's height of the first's.
          const lines = rects.filter(
            (rect, index) =>
              index === 0 ||
              Math.abs(rect.top + rect.height / 2 - (rects[0]!.top + rects[0]!.height / 2)) > rect.height / 2,
          ).length;
          const outside = rects.some((rect) => rect.left < -0.5 || rect.right > screen + 0.5);
          if (lines > 1 || outside) {
            const where = lines > 1 ? `${lines} lines` : "off the screen";
            found.add(`${box.tagName.toLowerCase()} "${match[0]}": ${where} at ${getComputedStyle(box).fontSize}`);
          }
        }
      }
    }
    return [...found];
  });
}

/** The fonts Chromium draws the page's first heading with (DevTools' "Rendered Fonts"). */
async function headingFonts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1" });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}

for (const locale of ["en", "si", "ta"] as const) {
  test(`${locale}: no word of a heading, button or menu is split or cut off, from 320 px up`, async ({
    page,
    site,
  }) => {
    const pages = await publicPages(site, locale);
    const script = SCRIPT[locale];
    // The fonts' files in the browser's cache first, so that every page below is drawn in them.
    await page.goto(`${site.url}${localePath(locale, "/privacy-policy")}`);
    await page.evaluate(() => document.fonts.ready);
    const broken: string[] = [];
    for (const path of pages) {
      await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
      await page.goto(`${site.url}${path}`);
      // The home page's welcome popup has a heading and buttons of its own.
      if (path === localePath(locale, "/"))
        await expect(page.getByRole("dialog")).toBeVisible({ timeout: budget(15_000) });
      await page.evaluate(() => document.fonts.ready);
      if (script) expect(await headingFonts(page), `${path}: the heading's font`).toContain(script);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        for (const word of await brokenWords(page)) broken.push(`${path} at ${width} px: ${word}`);
      }
    }
    expect(broken).toEqual([]);
  });
}

/**
 * The layout shift of `url` at 390 px, from the first paint until the fonts' files, each held back
 * 1.5 s, are in and a frame or two has drawn them, and how many files it asked for. A context of its
 * own: its connections too (a page keeps one open for /api/events, and Chromium opens six at most to
 * a host per context, so pages sharing one wait for each other's). Without the particle background
 * (fixtures.ts, withoutParticles): fixed behind the content, it cannot move it.
 */
async function lateFontShift(browser: Browser, url: string): Promise<{ shift: number; fonts: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  await withoutParticles(context);
  try {
    let fonts = 0;
    let answered = 0;
    await context.route(/\/assets\/[^?]+\.woff2$/, async (route) => {
      fonts++;
      await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
      await route.continue();
      answered++;
    });
    // Every layout shift from the first paint on, none after a user's input.
    await context.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    const page = await context.newPage();
    const response = await page.goto(url);
    // Every file the answer preloads (its Link header) answered, late, before the shift is read: a page
    // that draws quickly is done with the first face before the second is even asked for.
    const preloads = (response?.headers().link ?? "").split(",").filter((link) => /as=font/.test(link)).length;
    await expect.poll(() => answered, { timeout: budget(15_000) }).toBeGreaterThanOrEqual(preloads);
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(
      () =>
        new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 250)),
    );
    const shift = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    return { shift: Math.round(shift * 10_000) / 10_000, fonts };
  } finally {
    await context.close();
  }
}

for (const locale of ["si", "ta"] as const) {
  test(`${locale}: with the fonts 1.5 s late, no page moves when they arrive (390 px)`, async ({ browser, site }) => {
    const pages = await publicPages(site, locale);
    // All pages at once: their waits for the fonts overlap.
    const measured = await Promise.all(
      pages.map(async (path) => ({ path, ...(await lateFontShift(browser, `${site.url}${path}`)) })),
    );
    // Each page asked for both of its script's files (its preloads), and got them late.
    expect(measured.filter(({ fonts }) => fonts < 2)).toEqual([]);
    expect(measured.filter(({ shift }) => shift > 0.01)).toEqual([]);
  });
}
