import { expect, expectNoAxeViolations, openAdminTab, test } from "./admin-helpers.ts";
import { gotoLive, watchConsole } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

// The heaviest page of the admin: two charts, then axe over the whole dashboard.
test.describe.configure({ timeout: budget(90_000) });

// Insights (issue 15): a visitor's pages in another browser (not signed in) reach the
// signed-in owner's open dashboard without a reload; axe finds nothing on it.

/** A phone's Chromium (headless Chromium names itself a bot, and bots are not counted). */
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** Waits until Chart.js has drawn every chart (it sizes each canvas when it draws). */
async function chartsDrawn(page: import("@playwright/test").Page) {
  await page.waitForFunction(() => {
    const canvases = [...document.querySelectorAll("canvas")];
    return canvases.length === 2 && canvases.every((canvas) => canvas.style.width !== "");
  });
}

test("a visitor's pages appear live on the Insights page, linked from the admin header", async ({
  page,
  site,
  browser,
}, testInfo) => {
  // The page's one event stream opens with the signed-in panel and stays open into Insights.
  const events = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await openAdminTab(page, site, "home");
  await page.getByRole("navigation", { name: "Admin pages" }).getByRole("link", { name: "Insights" }).click();
  await expect(page.getByRole("heading", { name: "Insights" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Insights" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  await events;
  await expect(page.getByRole("group", { name: "Page views" })).toContainText("0");
  await expect(page.getByRole("region", { name: "Top pages" })).toContainText("No page views in this range yet.");

  // Another browser, not signed in: it lands on Home from a newsletter link, then goes to
  // Services by the menu (a client-side navigation: the beacon counts it).
  const visitor = await browser.newContext({ userAgent: PHONE });
  const visit = await visitor.newPage();
  const visitorErrors = watchConsole(visit);
  await gotoLive(visit, `${site.url}/?utm_source=newsletter&utm_campaign=launch`);
  // Home's welcome popup opens after 1.5 s and covers the page: on a slow machine, before the
  // click below. The visitor closes it first, whenever it comes.
  await expect(visit.getByRole("dialog", { name: /Welcome/ })).toBeVisible();
  await visit.keyboard.press("Escape");
  await expect(visit.getByRole("dialog", { name: /Welcome/ })).toBeHidden();
  const beacon = visit.waitForRequest((request) => new URL(request.url()).pathname === "/api/analytics/view");
  await visit.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
  await expect(visit).toHaveURL(`${site.url}/services`);
  expect((await beacon).postData()).toBe("/services");
  await visitor.close();
  expect(visitorErrors).toEqual([]);

  // No reload: the dashboard hears the `analytics` event and loads its data again.
  const totals = page.getByRole("group", { name: "Page views" });
  await expect(totals).toContainText("2", { timeout: budget(15_000) });
  await expect(page.getByRole("group", { name: "Visitors" })).toContainText("1");
  const pages = page.getByRole("region", { name: "Top pages" });
  await expect(pages.getByRole("row", { name: /^\/ / })).toContainText("1");
  await expect(pages.getByRole("row", { name: /^\/services / })).toContainText("1");
  await expect(
    page.getByRole("region", { name: "Top sources" }).getByRole("row", { name: /newsletter/ }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Campaigns" }).getByRole("row", { name: /launch/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Devices" }).getByRole("row", { name: /Mobile/ })).toContainText("1");

  // The chart's numbers as a table.
  const chart = page.getByRole("region", { name: "Visitors and page views per day" });
  await chart.getByText("Show as table").click();
  const today = chart.getByRole("row").last();
  await expect(today.getByRole("cell")).toHaveText(["1", "2"]);

  await chartsDrawn(page);
  await expectNoAxeViolations(page);

  // Readable on a phone: nothing wider than the screen, also after the screen narrows.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await chartsDrawn(page);
    // The charts follow the new width on their next resize (later on a busy machine).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`insights-${width}.png`), fullPage: true });
  }
});

test("the range is 7, 30 or 90 days, chosen by link", async ({ page, site }) => {
  await openAdminTab(page, site, "home");
  await page.goto(`${site.url}/admin/insights?days=7`);
  await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  const chart = page.getByRole("region", { name: "Visitors and page views per day" });
  await chart.getByText("Show as table").click();
  await expect(chart.getByRole("row")).toHaveCount(8);
  await page.getByRole("link", { name: "90 days" }).click();
  await expect(page).toHaveURL(/days=90$/);
  await expect(chart.getByRole("row")).toHaveCount(91);
  await expectNoAxeViolations(page);
});

test("signed out, the Insights page asks to sign in and shows nothing", async ({ page, site }) => {
  await page.goto(`${site.url}/admin/insights`);
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Insights" })).toHaveCount(0);
});
