import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InsightsReport } from "#content/insights.ts";
import { signIn, tempDir } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { tableRows } from "../helpers/table-rows.ts";

// Insights (issue 15) on real pages: the production build counts what its page cache serves
// (hits, misses, revalidations) and what it renders with the cache off, and nothing else; no
// public answer sets a cookie; no address reaches a table. On SQLite and
// (./postgres/insights-pages.pg.test.ts) PostgreSQL.

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 Galle/1";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const CRAWLER = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";

const servers: { server: BuiltServer; dataDir: string }[] = [];

async function start(env: Record<string, string> = {}) {
  const dataDir = tempDir();
  const server = await startBuiltServer(dataDir, env);
  servers.push({ server, dataDir });
  return { server, dataDir, cookie: await signIn(server.url) };
}

beforeAll(async () => {
  await ensureBuiltOnce();
}, 600_000);
afterAll(async () => {
  for (const { server } of servers) await server.stop();
});

/** A GET as a browser sends it; every public answer is checked for a cookie. */
async function visit(url: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(url, { method, headers: { "User-Agent": DESKTOP, ...headers }, redirect: "manual" });
  await response.arrayBuffer();
  expect(response.headers.get("set-cookie"), url).toBeNull();
  return response;
}

/** A GET of exactly `path` (fetch would resolve dot segments first); the status and Location. */
function visitRaw(url: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    request({ hostname, port, path, headers: { "User-Agent": DESKTOP, ...headers } }, (res) => {
      res.resume().on("end", () => resolve({ status: res.statusCode!, location: res.headers.location }));
    })
      .on("error", reject)
      .end();
  });
}

async function report(url: string, cookie: string): Promise<InsightsReport> {
  const response = await fetch(`${url}/api/analytics?days=7`, { headers: { Cookie: cookie } });
  return (await response.json()) as InsightsReport;
}

/** The report once `pageviews` are in (views are written about once a second), and a moment later still. */
async function settled(url: string, cookie: string, pageviews: number): Promise<InsightsReport> {
  const until = Date.now() + 10_000;
  let latest = await report(url, cookie);
  while (latest.days.at(-1)!.pageviews < pageviews && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    latest = await report(url, cookie);
  }
  // Long enough for another write: nothing more may come.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return report(url, cookie);
}

describe("pages served by the page cache", () => {
  it("counts visitors' pages (hits, misses, revalidations) with their sources and devices, and nothing else", async () => {
    const { server, dataDir, cookie } = await start();
    const { url } = server;

    const first = await visit(`${url}/`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await visit(`${url}/`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const revalidated = await visit(`${url}/`, { "If-None-Match": second.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    await visit(`${url}/services`, { "User-Agent": PHONE, Referer: "https://www.google.com/search?q=agency+colombo" });
    await visit(`${url}/about?utm_source=Newsletter&utm_campaign=spring`, { "User-Agent": PHONE });
    await visit(`${url}/services`, { Referer: `${url}/` });

    // Not page views, or not counted.
    for (const path of ["/services.data", "/blog/feed.xml", "/sitemap.xml", "/robots.txt", "/favicon.svg", "/admin"])
      expect((await visit(`${url}${path}`)).status, path).toBe(200);
    expect((await visit(`${url}/no-such-page`)).status).toBe(404);
    expect((await visit(`${url}/`, {}, "HEAD")).status).toBe(200);
    await visit(`${url}/`, { "User-Agent": CRAWLER });
    await visit(`${url}/`, { "User-Agent": "" });
    await visit(`${url}/`, { DNT: "1" });
    await visit(`${url}/`, { "Sec-GPC": "1" });
    await visit(`${url}/`, { "Sec-Purpose": "prefetch" });
    const admin = await fetch(`${url}/`, { headers: { "User-Agent": DESKTOP, Cookie: cookie } });
    expect(admin.headers.get("x-page-cache")).toBeNull();

    const r = await settled(url, cookie, 6);
    expect(r.days.at(-1)).toMatchObject({ visitors: 2, pageviews: 6 });
    expect(r.pages).toEqual([
      { path: "/", pageviews: 3 },
      { path: "/services", pageviews: 2 },
      { path: "/about", pageviews: 1 },
    ]);
    expect(r.sources).toEqual([
      { source: "(direct)", visitors: 1 },
      { source: "google.com", visitors: 1 },
      { source: "newsletter", visitors: 1 },
    ]);
    expect(r.devices).toEqual([
      { device: "mobile", visitors: 1 },
      { device: "tablet", visitors: 0 },
      { device: "desktop", visitors: 1 },
    ]);

    // Nothing that identifies a visitor is stored: no address, no user agent, no referrer URL.
    const stored = JSON.stringify(
      await Promise.all(["analytics_events", "analytics_daily", "analytics_salts"].map((t) => tableRows(dataDir, t))),
    );
    expect(stored).toContain("google.com");
    for (const trace of ["127.0.0.1", "::1", "Galle", "iPhone", "Firefox", "search?q", "agency+colombo"])
      expect(stored).not.toContain(trace);
  });

  it("counts a page at its one address, and sources and campaigns only when they are names", async () => {
    const { server, dataDir, cookie } = await start();
    const { url } = server;
    const dirty = `utm_source=${encodeURIComponent("<b>x</b>\u202E")}&utm_campaign=${encodeURIComponent("<i>sale</i>")}`;
    // Other spellings of /about are sent to it, and counted there once followed.
    const moved = await visitRaw(url, `/ABOUT?${dirty}`);
    expect(moved).toEqual({ status: 301, location: `/about?${dirty}` });
    expect((await visitRaw(url, moved.location!)).status).toBe(200);
    for (const path of ["/%61bout", "/about///", "/x/%2e%2e/about", "//about"])
      expect((await visitRaw(url, `${path}?utm_source=variant`)).status, path).toBe(301);
    expect((await visitRaw(url, "/nope?utm_source=nope")).status).toBe(404);
    // Names: a short utm_source token (letters, digits, -_.), a referrer's host.
    await visitRaw(url, "/services?utm_source=Mail-List_2.0&utm_campaign=spring_sale", { "User-Agent": PHONE });
    await visitRaw(url, `/services?utm_source=${"a".repeat(41)}`, { "User-Agent": `${PHONE} 2` });
    await visitRaw(url, "/partners", { Referer: "foo://a%3Cb%E2%80%AE/", "User-Agent": `${PHONE} 3` });
    await visitRaw(url, "/partners", { Referer: "android-app://com.google.android.gm/", "User-Agent": `${PHONE} 4` });

    const r = await settled(url, cookie, 5);
    expect(r.days.at(-1)).toMatchObject({ pageviews: 5 });
    expect(r.pages).toEqual([
      { path: "/partners", pageviews: 2 },
      { path: "/services", pageviews: 2 },
      { path: "/about", pageviews: 1 },
    ]);
    expect(r.sources).toEqual([
      { source: "(other)", visitors: 3 },
      { source: "com.google.android.gm", visitors: 1 },
      { source: "mail-list_2.0", visitors: 1 },
    ]);
    const events = await tableRows(dataDir, "analytics_events");
    expect(new Set(events.map((row) => row["campaign"]))).toEqual(new Set([null, "(other)", "spring_sale"]));
    // What the rows hold (their columns' names aside: a team page's variant has a column of its own).
    const stored = JSON.stringify(events.map((row) => Object.values(row)));
    for (const trace of ["<", "\u202e", "\u202E", "ABOUT", "variant", "nope"]) expect(stored).not.toContain(trace);
  });

  it("counts the beacon of a client-side navigation and answers it with no cookie", async () => {
    const { server, cookie } = await start();
    const sent = await fetch(`${server.url}/api/analytics/view`, {
      method: "POST",
      headers: { Origin: server.url, "User-Agent": PHONE, "Content-Type": "text/plain;charset=UTF-8" },
      body: "/blog",
    });
    expect(sent.status).toBe(204);
    expect(sent.headers.get("set-cookie")).toBeNull();
    const r = await settled(server.url, cookie, 1);
    expect(r.pages).toEqual([{ path: "/blog", pageviews: 1 }]);
    expect(r.sources).toEqual([]);
  });
});

describe("pages rendered with the page cache off", () => {
  it("counts a visitor's render, not an admin's, not route data", async () => {
    const { server, cookie } = await start({ PAGE_CACHE: "off" });
    const { url } = server;
    const page = await visit(`${url}/partners`);
    expect(page.headers.get("x-page-cache")).toBeNull();
    await visit(`${url}/partners.data`);
    await fetch(`${url}/partners`, { headers: { "User-Agent": DESKTOP, Cookie: cookie } });
    const r = await settled(url, cookie, 1);
    expect(r.days.at(-1)).toMatchObject({ visitors: 1, pageviews: 1 });
    expect(r.pages).toEqual([{ path: "/partners", pageviews: 1 }]);
  });

  it("counts nothing with ANALYTICS=off", async () => {
    const { server, cookie } = await start({ ANALYTICS: "off" });
    await visit(`${server.url}/`);
    await visit(`${server.url}/`);
    const r = await settled(server.url, cookie, 0);
    expect(r.days.every((d) => d.pageviews === 0)).toBe(true);
  });
});
