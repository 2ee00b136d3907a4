import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { importServer } from "../../scripts/ensure-build.mjs";
import type { RunningServer } from "#server/assembly/serve.ts";
import type { Env } from "#server/env.ts";
import { TEST_ADMIN } from "../helpers/api-server.ts";
import { documentApiPath, type DocumentKey } from "#content/sections.ts";

export { expect, TEST_ADMIN };

interface BuiltServerModule {
  start(env: Env): Promise<RunningServer>;
  loadEnv(source: Record<string, string | undefined>): Env;
}

export interface Site {
  url: string;
  server: RunningServer;
  /** A session cookie for API calls as the test administrator. */
  adminCookie(): Promise<string>;
  /** Saves a section through the API as the admin; returns the new version. */
  save(key: string, data: unknown): Promise<number>;
  read<T = unknown>(key: string): Promise<{ version: number; data: T }>;
}

/** Starts the production build on a random port with a fresh data folder. */
export async function startSite(env: Record<string, string> = {}): Promise<Site & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-e2e-"));
  const mod = (await importServer()) as BuiltServerModule;
  const server = await mod.start(
    mod.loadEnv({
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...env,
    }),
  );
  let cookie: string | undefined;
  const site = {
    url: server.url,
    server,
    async adminCookie() {
      if (cookie) return cookie;
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(TEST_ADMIN),
      });
      cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
      return cookie;
    },
    async read<T>(key: string) {
      const response = await fetch(`${server.url}${documentApiPath(key as DocumentKey)}`, {
        headers: { Cookie: await site.adminCookie() },
      });
      return (await response.json()) as { version: number; data: T };
    },
    async save(key: string, data: unknown) {
      const current = await site.read(key);
      const response = await fetch(`${server.url}${documentApiPath(key as DocumentKey)}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: await site.adminCookie() },
        body: JSON.stringify({ version: current.version, data }),
      });
      if (!response.ok) throw new Error(`save ${key} failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { version: number }).version;
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return site;
}

/** Opens `url` and waits until the page listens for saves (its /api/events stream is open). */
export async function gotoLive(page: Page, url: string) {
  const listening = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  const response = await page.goto(url);
  await listening;
  return response;
}

/**
 * Leaves the animated particle background out of the pages of `context`: its scripts are told the
 * visitor asked for reduced motion (docs/product.md §9: such visitors never load it), while the
 * page's CSS keeps full motion (the logo strip's and the popup's animations). Drawn in software on
 * the test machine's two cores, the canvas keeps most of a core busy for as long as a public page is
 * open, which slowed every test beside it; the tests about the particles themselves keep them
 * (option `particles`). The one other script that asks, the hero's call to action, then scrolls
 * without smoothing; home.spec.ts, which checks it, keeps the particles and so the smooth scroll.
 */
export async function withoutParticles(context: BrowserContext) {
  await context.addInitScript(() => {
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = matchMedia(query);
      return query.replace(/\s+/g, "") === "(prefers-reduced-motion:reduce)"
        ? Object.defineProperty(list, "matches", { value: true })
        : list;
    };
  });
}

/**
 * axe for `page`. A page without frames is checked by one axe.run in it: the default frame-by-frame
 * run also opens a blank page and injects axe there to merge the results, which doubled each check's
 * time (1.5 to 3 s more on a busy machine) for the same rules and findings. A page with frames (the
 * contact map) keeps the frame-by-frame run.
 */
export function axeOf(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}

/** Fails the test on any console error or uncaught exception in the page. */
export function watchConsole(page: Page, allowed: RegExp[] = []) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !allowed.some((pattern) => pattern.test(message.text())))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

/**
 * `site`: a fresh server per test file (worker); `page` fails the test on a
 * browser console error (404s the test asks for are allowed).
 */
type OwnedSite = Site & { close(): Promise<void> };

export const test = base.extend<
  { site: Site; consoleErrors: string[]; particles: boolean },
  { siteForFile: { file?: string; site?: OwnedSite } }
>({
  // A worker runs several spec files one after another; each file gets its own
  // fresh server and data folder, shared by the tests of that file.
  siteForFile: [
    async ({}, use) => {
      const holder: { file?: string; site?: OwnedSite } = {};
      await use(holder);
      await holder.site?.close();
    },
    { scope: "worker" },
  ],
  // The particle background only where a test asks for it (see withoutParticles).
  particles: [false, { option: true }],
  context: async ({ context, particles }, use) => {
    if (!particles) await withoutParticles(context);
    await use(context);
  },
  site: async ({ siteForFile }, use, testInfo) => {
    if (siteForFile.file !== testInfo.file || !siteForFile.site) {
      await siteForFile.site?.close();
      siteForFile.site = await startSite();
      siteForFile.file = testInfo.file;
    }
    await use(siteForFile.site);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsole(page, [/status of 404/]);
      await use(errors);
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});
