import type { Page } from "@playwright/test";
import { axeOf, expect, TEST_ADMIN, test as base, watchConsole, type Site } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

export { expect, TEST_ADMIN };

/**
 * The shared fixtures, but the browser's own "Failed to load resource" line
 * for an HTTP error the test provokes on purpose (401 wrong password, 409
 * conflict, 429 throttle, AI unavailable) is not a failure. Script errors are.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors = watchConsole(page, [
      /Failed to load resource: the server responded with a status of (401|404|409|429|50\d)/,
    ]);
    await use(errors);
    expect(errors, "browser console errors").toEqual([]);
  },
});

/** Signs in through the form and waits for the panel. */
export async function signIn(page: Page, site: Pick<Site, "url">, tab?: string) {
  await page.goto(`${site.url}/admin${tab ? `?tab=${tab}` : ""}`);
  await page.getByLabel("Email").fill(TEST_ADMIN.email);
  await page.getByLabel("Password").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Password hashing is deliberately slow, more so on a busy machine.
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible({ timeout: budget(30_000) });
  await expect(page.getByRole("tablist", { name: "Content sections" })).toBeVisible();
}

/** A sonner toast with this title and description; `type` "error" is the destructive style. */
export function toast(page: Page, description: string | RegExp, type?: "success" | "error") {
  const locator = page.locator(type ? `[data-sonner-toast][data-type="${type}"]` : "[data-sonner-toast]");
  return locator.filter({ hasText: description });
}

/**
 * axe on the page at rest: a toast sliding in is half transparent for a moment,
 * and its colours fail contrast until it lands (looping animations, spinners, are not waited for).
 */
export async function expectNoAxeViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await axeOf(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The save bar's button of the shown section. */
export function saveButton(page: Page, label: string) {
  return page.getByRole("button", { name: label });
}

/** Signs in with the test admin's session cookie and opens a tab of the panel, ready for input. */
export async function openAdminTab(page: Page, site: Site, tab: string) {
  const cookie = await site.adminCookie();
  const split = cookie.indexOf("=");
  await page.context().addCookies([{ name: cookie.slice(0, split), value: cookie.slice(split + 1), url: site.url }]);
  await page.goto(`${site.url}/admin?tab=${tab}`);
  // React has hydrated once the tab's save button (the Pages tab's "New page") carries its props.
  await page.waitForFunction(() =>
    [...document.querySelectorAll("button")].some(
      (b) =>
        /^(Save |New page$)/.test(b.textContent?.trim() ?? "") &&
        Object.keys(b).some((k) => k.startsWith("__reactProps")),
    ),
  );
}
