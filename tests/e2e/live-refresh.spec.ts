import http from "node:http";
import type { Page } from "@playwright/test";
import { expect, gotoLive, test } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

interface Services {
  title: string;
}

/** Marks the document: a reload (or an error screen replacing the page) would lose it. */
async function openServices(page: Page, url: string) {
  await gotoLive(page, `${url}/services`);
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
}

test("a live refresh that fails keeps the page, then retries until the new content is on it", async ({
  page,
  site,
  consoleErrors,
}) => {
  await openServices(page, site.url);
  let refused = 0;
  // The server is shedding load: the first two refreshes get 503 with Retry-After.
  await page.route(/\/services\.data/, async (route) => {
    if (refused++ < 2) await route.fulfill({ status: 503, headers: { "Retry-After": "1" }, body: '{"error":"busy"}' });
    else await route.continue();
  });
  const services = await site.read<Services>("services");
  await site.save("services", { ...services.data, title: "Services after a busy moment" });

  await expect.poll(() => refused, { timeout: budget(10_000) }).toBeGreaterThanOrEqual(1);
  // Meanwhile the visitor keeps reading: no error screen, the page as it was.
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: services.data.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Services after a busy moment" })).toBeVisible({
    timeout: budget(15_000),
  });
  expect(refused).toBe(3);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  // Chromium logs each refused request.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !/status of 503/.test(error)));
});

test("open pages survive a flood of requests during a save, and all end with the new content", async ({
  browser,
  site,
}) => {
  test.setTimeout(120_000);
  const pages = await Promise.all(
    Array.from({ length: 3 }, async () => {
      const page = await browser.newPage();
      await openServices(page, site.url);
      return page;
    }),
  );
  const cookie = await site.adminCookie();
  const services = await site.read<Services>("services");
  const { hostname, port } = new URL(site.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  let stop = false;
  const statuses = new Map<number, number>();
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<void>((resolve) => {
      http
        .get({ hostname, port, path, agent, headers }, (res) => {
          statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1);
          res.resume().on("end", resolve);
        })
        .on("error", () => resolve());
    });
  // Visitors' route-data refreshes, as React Router makes them, and renders no cache
  // can answer (made-up addresses) that keep the render line busy.
  let n = 0;
  const flood = Promise.all(
    Array.from({ length: 24 }, async (_, i) => {
      while (!stop) await (i % 2 === 0 ? get("/services.data") : get(`/no-such-page-${n++}`, { Accept: "text/html" }));
    }),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The admin's save, on a connection of its own.
    const saved = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({
        version: services.version,
        data: { ...services.data, title: "Services, saved under load" },
      });
      http
        .request(
          {
            hostname,
            port,
            path: "/api/content/services",
            method: "PUT",
            agent: false,
            headers: { Cookie: cookie, "Content-Type": "application/json" },
          },
          (res) => res.resume().on("end", () => resolve(res.statusCode!)),
        )
        .on("error", reject)
        .end(body);
    });
    expect(saved).toBe(200);
    for (const page of pages) {
      await expect(page.getByRole("heading", { level: 1, name: "Services, saved under load" })).toBeVisible({
        timeout: budget(30_000),
      });
    }
  } finally {
    stop = true;
    await flood;
    agent.destroy();
  }
  expect(statuses.get(200), "refreshes answered during the flood").toBeGreaterThan(20);
  for (const page of pages) {
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    await page.close();
  }
});

test("a live refresh fetches the page's content, not its interface strings again", async ({ page, site }) => {
  await gotoLive(page, `${site.url}/si/services`);
  const refresh = page.waitForRequest((request) => new URL(request.url()).pathname === "/si/services.data");
  const services = await site.read<Services>("services");
  await site.save("services", { ...services.data, title: "Services, refreshed without the strings" });
  // Single fetch names the routes whose loaders run: the page's, not the root's (its dictionary).
  const routes = new URL((await refresh).url()).searchParams.get("_routes")?.split(",") ?? [];
  expect(routes).toContain("si:routes/site/services");
  expect(routes).not.toContain("root");
  // The new English title replaces the built-in translation of the old one (shown in English, lang="en").
  await expect(page.getByRole("heading", { level: 1, name: "Services, refreshed without the strings" })).toBeVisible();
  // The Sinhala strings stay on the page: the navigation still reads in Sinhala.
  await expect(page.locator("html")).toHaveAttribute("lang", "si");
  await expect(page.getByRole("link", { name: "සේවා" }).first()).toBeVisible();
});
