import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations, openAdminTab } from "./admin-helpers.ts";
import { expect, startSite, TEST_ADMIN, test as base, watchConsole, type Site } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

// Axe once the page has stopped moving (a toast fading in reads as low contrast).
export { expect, expectNoAxeViolations, startSite, TEST_ADMIN, type Site };

/**
 * The shared fixtures (a fresh server per spec file). Statuses a test provokes
 * on purpose (401 signed out, 400/409/415 refused) make the browser log
 * "Failed to load resource"; those are allowed, script errors are not.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors = watchConsole(page, [
      /Failed to load resource: the server responded with a status of (400|401|404|409|413|415)/,
    ]);
    await use(errors);
    expect(errors, "browser console errors").toEqual([]);
  },
});

/** Signs in through the login form with these credentials and waits for the panel. */
export async function signInAs(
  page: Page,
  site: Pick<Site, "url">,
  credentials: { email: string; password: string },
  tab?: string,
) {
  await page.goto(`${site.url}/admin${tab ? `?tab=${tab}` : ""}`);
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Password hashing is deliberately slow, more so on a busy machine.
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible({ timeout: budget(30_000) });
  await expect(page.getByRole("tablist", { name: "Content sections" })).toBeVisible();
}

/** Opens the panel with the test admin's session cookie (no password typing), ready for input. */
export function openAdmin(page: Page, site: Site, tab = "home") {
  return openAdminTab(page, site, tab);
}

/** Adds an administrator through the API as the test admin. */
export async function addAdmin(site: Site, email: string, password: string) {
  const response = await fetch(`${site.url}/api/accounts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url, Cookie: await site.adminCookie() },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 201) throw new Error(`adding ${email} failed: ${response.status} ${await response.text()}`);
}

/** A second browser (its own cookies) with its own console watch. */
export async function secondBrowser(browser: Browser, allowed: RegExp[] = []) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchConsole(page, allowed);
  return { context, page, errors };
}

/** A sonner toast containing this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Map providers are outside this machine: answer for them with a tiny page. */
export async function fakeMapHosts(page: Page) {
  await page.route(/^https:\/\/(www\.openstreetmap\.org|www\.google\.com)\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>Map</p>" }),
  );
}

/** Sends a message through the public Contact Us form like a visitor, and waits for /done. */
export async function sendContactMessage(
  page: Page,
  site: Pick<Site, "url">,
  fields: { name: string; email: string; company?: string; message: string },
) {
  await fakeMapHosts(page);
  await page.goto(`${site.url}/contact`);
  const form = page.getByRole("region", { name: "Send us a message" });
  await form.getByLabel("Name", { exact: true }).fill(fields.name);
  await form.getByLabel("Email", { exact: true }).fill(fields.email);
  if (fields.company) await form.getByLabel(/^Company/).fill(fields.company);
  await form.getByLabel("Message", { exact: true }).fill(fields.message);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(`${site.url}/done`, { timeout: budget(15_000) });
}
