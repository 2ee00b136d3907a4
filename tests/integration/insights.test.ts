import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InsightsReport } from "#content/insights.ts";
import { addDays } from "#content/time-zone.ts";
import { insightsHousekeeping } from "#server/insights/housekeeping.ts";
import { readInsights } from "#server/insights/report.ts";
import { signIn, startTestServer, type TestServer } from "../helpers/api-server.ts";
import { tableRows } from "../helpers/table-rows.ts";

// Insights (issue 15) through the API server, on SQLite and (./postgres/insights.pg.test.ts)
// PostgreSQL: page views reported by the beacon with a clock the test moves, who is not
// counted, visitors across midnight, rollups, retention, what is stored, and the report's API.
// Pages served by the page cache and by renders: ./insights-pages.test.ts.

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 Kandy/1";
const LAPTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15 Kandy/2";
const TABLET =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1 Kandy/3";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const ADDRESS = "203.0.113.77";

/** 2026-03-01 23:50 in Colombo (UTC+5:30). */
const BEFORE_MIDNIGHT = Date.parse("2026-03-01T18:20:00Z");
const MINUTE = 60_000;

let server: TestServer;
let cookie: string;
let now = BEFORE_MIDNIGHT;

beforeAll(async () => {
  server = await startTestServer({
    // The address comes from X-Forwarded-For, as behind nginx: each test visitor has their own.
    env: { TRUST_PROXY: "1" },
    insights: { now: () => now, flushMs: 60_000 },
  });
  cookie = await signIn(server.url);
});
afterAll(() => server.close());

/** What the page-view beacon of a browser sends after a client-side navigation to `path`. */
function beacon(path: string, { agent = PHONE, address = ADDRESS, headers = {} as Record<string, string> } = {}) {
  return fetch(`${server.url}/api/analytics/view`, {
    method: "POST",
    headers: {
      Origin: server.url,
      "Content-Type": "text/plain;charset=UTF-8",
      "User-Agent": agent,
      "X-Forwarded-For": address,
      ...headers,
    },
    body: path,
  });
}

async function report(days: number | string = 7): Promise<InsightsReport> {
  const response = await fetch(`${server.url}/api/analytics?days=${days}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as InsightsReport;
}

const day = (r: InsightsReport, date: string) => r.days.find((d) => d.date === date);
const pageviews = (r: InsightsReport) => r.days.reduce((sum, d) => sum + d.pageviews, 0);
const insightsRows = async () => ({
  events: await tableRows(server.dataDir, "analytics_events"),
  daily: await tableRows(server.dataDir, "analytics_daily"),
  salts: await tableRows(server.dataDir, "analytics_salts"),
});

describe("page views from the beacon", () => {
  it("counts visitors and their pages, and not bots, Do Not Track, Global Privacy Control, prefetches or admins", async () => {
    for (const response of [
      await beacon("/services"),
      await beacon("/about"),
      await beacon("/services", { agent: LAPTOP, address: "198.51.100.4" }),
      await beacon("/blog", { agent: TABLET, address: "198.51.100.5" }),
      await beacon("/services", { agent: CRAWLER, address: "66.249.66.1" }),
      await beacon("/services", { agent: "", address: "198.51.100.9" }),
      await beacon("/services", { agent: LAPTOP, address: "198.51.100.6", headers: { DNT: "1" } }),
      await beacon("/services", { agent: LAPTOP, address: "198.51.100.7", headers: { "Sec-GPC": "1" } }),
      await beacon("/services", { agent: LAPTOP, address: "198.51.100.8", headers: { "Sec-Purpose": "prefetch" } }),
      await beacon("/services", { agent: LAPTOP, address: "198.51.100.8", headers: { Purpose: "prefetch" } }),
      await beacon("/services", { agent: LAPTOP, address: "198.51.100.10", headers: { Cookie: cookie } }),
    ]) {
      expect(response.status).toBe(204);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    await server.deps.insights.flush();

    const r = await report();
    expect(r.days).toHaveLength(7);
    expect(r.days.at(-1)).toEqual({ date: "2026-03-01", visitors: 3, pageviews: 4 });
    expect(r.pages).toEqual([
      { path: "/services", pageviews: 2 },
      { path: "/about", pageviews: 1 },
      { path: "/blog", pageviews: 1 },
    ]);
    expect(r.devices).toEqual([
      { device: "mobile", visitors: 1 },
      { device: "tablet", visitors: 1 },
      { device: "desktop", visitors: 1 },
    ]);
    // Navigations inside the site are not landings: no source.
    expect(r.sources).toEqual([]);
  });

  it("refuses made-up pages, other sites and floods, storing nothing", async () => {
    await server.deps.insights.flush();
    const before = await insightsRows();
    for (const path of [
      "/made-up",
      "/blog/no-such-post",
      "/blog/a\u0000b",
      "/blog/%00",
      "/blog/Default-Post",
      "/blog/page/99",
      "/admin",
      "/api/content/home",
      "services",
      "",
    ]) {
      const response = await beacon(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ error: "That is not a page of this site." });
    }
    // A published post at its address is a page (Do Not Track: validated, not counted).
    const { posts } = await server.deps.store.posts.list({ audience: "public", pageSize: 1 });
    expect((await beacon(`/blog/${posts[0]!.slug}`, { headers: { DNT: "1" } })).status).toBe(204);
    const foreign = await beacon("/services", { headers: { Origin: "https://elsewhere.example" } });
    expect(foreign.status).toBe(403);
    const bare = await fetch(`${server.url}/api/analytics/view`, { method: "POST", body: "/services" });
    expect(bare.status).toBe(403);
    await server.deps.insights.flush();
    expect(await insightsRows()).toEqual(before);

    // (With Do Not Track, so that what the throttle lets through is not counted either.)
    const flood = { address: "192.0.2.99", agent: LAPTOP, headers: { DNT: "1" } };
    const answers: number[] = [];
    for (let i = 0; i < 62; i++) answers.push((await beacon("/about", flood)).status);
    expect(answers.filter((status) => status === 204)).toHaveLength(60);
    expect(answers.slice(60)).toEqual([429, 429]);
  });

  it("counts a visitor once a day: the same person after midnight is a new visitor, not a linkable one", async () => {
    const address = "198.51.100.50";
    const agent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0 Kandy/4";
    now = BEFORE_MIDNIGHT + 5 * MINUTE; // 23:55
    await beacon("/partners", { address, agent });
    await beacon("/contact", { address, agent });
    await server.deps.insights.flush();
    now = BEFORE_MIDNIGHT + 12 * MINUTE; // 00:02 on 2 March
    await beacon("/partners", { address, agent });
    await beacon("/partners", { address, agent });
    await server.deps.insights.flush();

    const r = await report();
    expect(r.days.at(-1)).toEqual({ date: "2026-03-02", visitors: 1, pageviews: 2 });
    expect(day(r, "2026-03-01")).toMatchObject({ visitors: 4 });
    const partners = (await insightsRows()).events.filter((row) => row["path"] === "/partners");
    expect(partners.map((row) => row["day"])).toEqual(["2026-03-01", "2026-03-02"]);
    // One hash per day, unrelated from one day to the next.
    expect(partners[0]!["visitor"]).not.toBe(partners[1]!["visitor"]);
  });

  it("rolls up a day once it is over, deletes its salt, and reports the same", async () => {
    const before = await report(30);
    const { salts } = await insightsRows();
    expect(salts.map((row) => row["day"]).sort()).toEqual(["2026-03-01", "2026-03-02"]);

    now = BEFORE_MIDNIGHT + 20 * MINUTE; // 00:10 on 2 March: 1 March is over
    await insightsHousekeeping(server.deps);
    const after = await insightsRows();
    expect(after.salts.map((row) => row["day"])).toEqual(["2026-03-02"]);
    const rolled = after.daily.filter((row) => row["day"] === "2026-03-01");
    expect(rolled.find((row) => row["kind"] === "total")).toMatchObject({ visitors: 4, pageviews: 6 });
    expect(rolled.filter((row) => row["kind"] === "page").map((row) => [row["key"], Number(row["pageviews"])])).toEqual(
      expect.arrayContaining([
        ["/services", 2],
        ["/partners", 1],
      ]),
    );
    expect(after.daily.some((row) => row["day"] === "2026-03-02")).toBe(false);
    expect(await report(30)).toEqual(before);

    // Running again (as another instance would) changes nothing.
    await insightsHousekeeping(server.deps);
    expect((await insightsRows()).daily).toEqual(after.daily);
  });

  it("keeps raw page views 30 days and their rollups after that", async () => {
    now = Date.parse("2026-03-31T12:00:00Z"); // 31 March, 17:30 in Colombo
    await insightsHousekeeping(server.deps);
    expect(new Set((await insightsRows()).events.map((row) => row["day"]))).toEqual(
      new Set(["2026-03-01", "2026-03-02"]),
    );
    now = Date.parse("2026-04-01T12:00:00Z");
    await insightsHousekeeping(server.deps);
    const rows = await insightsRows();
    expect(new Set(rows.events.map((row) => row["day"]))).toEqual(new Set(["2026-03-02"]));
    expect(rows.salts).toEqual([]);
    const r = await report(90);
    expect(day(r, "2026-03-01")).toEqual({ date: "2026-03-01", visitors: 4, pageviews: 6 });
    expect(day(r, "2026-03-02")).toEqual({ date: "2026-03-02", visitors: 1, pageviews: 2 });
  });

  it("stores no address, user agent or referrer URL in any Insights table", async () => {
    const stored = JSON.stringify(await insightsRows());
    expect(stored).not.toContain(ADDRESS);
    expect(stored).not.toContain("198.51.100");
    expect(stored).not.toContain("Kandy");
    expect(stored).not.toContain("Mozilla");
  });
});

describe("the Insights API", () => {
  it("answers the issue's shape for 7, 30 and 90 days, dates in the site's time zone, oldest first", async () => {
    now = Date.parse("2026-04-01T20:00:00Z"); // 2 April, 01:30 in Colombo
    for (const days of [7, 30, 90]) {
      const r = await report(days);
      expect(Object.keys(r)).toEqual(["days", "pages", "sources", "devices", "conversions"]);
      expect(r.days).toHaveLength(days);
      expect(r.conversions).toHaveLength(days);
      expect(r.days.at(-1)!.date).toBe("2026-04-02");
      expect(r.days[0]!.date).toBe(addDays("2026-04-02", -(days - 1)));
      expect(r.conversions.map((c) => c.date)).toEqual(r.days.map((d) => d.date));
      expect(r.conversions[0]).toEqual({ date: r.days[0]!.date, messages: 0, chats: 0, leads: 0 });
      expect(r.devices.map((d) => d.device)).toEqual(["mobile", "tablet", "desktop"]);
    }
    expect(pageviews(await report(7))).toBe(0);
    expect(pageviews(await report(90))).toBe(8);
  });

  it("refuses other ranges (400) and visitors (401)", async () => {
    for (const days of ["14", "0", "-7", "7.0", "abc", "", "700"]) {
      const response = await fetch(`${server.url}/api/analytics?days=${days}`, { headers: { Cookie: cookie } });
      expect(response.status, days).toBe(400);
      expect(await response.json()).toEqual({ error: "days must be 7, 30 or 90." });
    }
    const none = await fetch(`${server.url}/api/analytics`, { headers: { Cookie: cookie } });
    expect(none.status).toBe(400);
    const visitor = await fetch(`${server.url}/api/analytics?days=7`);
    expect(visitor.status).toBe(401);
    expect(
      (await fetch(`${server.url}/api/analytics?days=7`, { headers: { Cookie: cookie } })).headers.get("cache-control"),
    ).toBe("no-store");
  });
});

describe("conversions", () => {
  it("counts contact messages, chats started and chat leads per day, with the page each came from", async () => {
    const live = await startTestServer();
    try {
      const { store } = live.deps;
      await store.messages.add({
        name: "Nimal",
        email: "nimal@example.lk",
        company: "",
        message: "Please call me about a campaign.",
        ip: null,
        userAgent: null,
      });
      const at = new Date().toISOString();
      const chat = await store.conversations.start("/services", at);
      await store.conversations.add(chat, [
        { sender: "user", text: "Do you run Facebook ads?", at, answered: false },
        { sender: "ai", text: "I could not find that on the site.", at, answered: null },
      ]);
      // Opened, never asked: not a chat started.
      await store.conversations.start("/about", at);
      // A lead left in the chat on /services; its note tries to name another page.
      const lead = await fetch(`${live.url}/api/chat/lead`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: "Kamala",
          email: "kamala@example.lk",
          note: "Call me.\nConversation in the chat on /made-up:",
          transcript: [{ sender: "user", text: "Do you run Facebook ads?" }],
          page: "/services",
        }),
      });
      expect(lead.status).toBe(201);

      const liveCookie = await signIn(live.url);
      const response = await fetch(`${live.url}/api/analytics?days=7`, { headers: { Cookie: liveCookie } });
      const r = (await response.json()) as InsightsReport;
      expect(r.conversions.at(-1)).toEqual({ date: live.deps.insights.today(), messages: 1, chats: 1, leads: 1 });
      expect(r.conversions.slice(0, -1).every((c) => c.messages + c.chats + c.leads === 0)).toBe(true);
      const { extras } = await readInsights(live.deps, 7);
      expect(extras.conversionPages).toEqual([
        { path: "/services", messages: 0, chats: 1, leads: 1 },
        { path: "/contact", messages: 1, chats: 0, leads: 0 },
      ]);
      expect(extras).toMatchObject({ unansweredQuestions: 1, unansweredConversations: 1 });
    } finally {
      await live.close();
    }
  });
});

describe("what a page view stores", () => {
  it("stores a source or campaign that is not a name as (other), and no other spelling of a page", async () => {
    now = Date.parse("2026-06-01T06:00:00Z");
    const date = "2026-06-01";
    const hit = (url: string, referer?: string) => ({
      url,
      address: "198.51.100.80",
      header: (name: string) => ({ "user-agent": LAPTOP, referer })[name],
    });
    const { insights } = server.deps;
    // What the server counts for pages it sends (server/app.ts) and the beacon.
    insights.page(hit("/about?utm_source=%3Cb%3Ex%3C%2Fb%3E%E2%80%AE&utm_campaign=spring%E2%80%AEsale"));
    insights.page(hit("/about?utm_source=Mail-List_2.0&utm_campaign=spring_sale"));
    insights.page(hit(`/about?utm_source=${"a".repeat(41)}`));
    insights.page(hit("/services", "https://www.Example.com/path?q=1"));
    insights.page(hit("/services", "https://<b>/"));
    insights.page(hit("/contact", "foo://a%3Cb/"));
    for (const path of ["/ABOUT", "/about/", "/%61bout", "/x/%2e%2e/about", "/about///", "/blog/page/1"]) {
      const response = await beacon(path, { agent: LAPTOP, address: "198.51.100.81" });
      expect(response.status, path).toBe(400);
    }
    await insights.flush();

    const rows = (await insightsRows()).events
      .filter((row) => row["day"] === date)
      .map((row) => [row["path"], row["source"], row["campaign"], Number(row["views"])]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ["/about", "(other)", "(other)", 1],
        ["/about", "mail-list_2.0", "spring_sale", 1],
        ["/about", "(other)", null, 1],
        ["/services", "example.com", null, 1],
        ["/services", "(direct)", null, 1],
        ["/contact", "(other)", null, 1],
      ]),
    );
    expect(rows).toHaveLength(6);
  });

  it("counts a chat on a page under the page's one address, and one on a made-up page as (chat)", async () => {
    const at = new Date(now).toISOString();
    const { conversations } = server.deps.store;
    for (const page of ["/ABOUT/", "/<b>x</b>\u202E", "/services"]) {
      const chat = await conversations.start(page, at);
      await conversations.add(chat, [{ sender: "user", text: "Do you run Facebook ads?", at, answered: false }]);
    }
    const { extras } = await readInsights(server.deps, 7);
    expect(extras.conversionPages.map(({ path, chats }) => [path, chats]).sort()).toEqual([
      ["(chat)", 1],
      ["/about", 1],
      ["/services", 1],
    ]);
  });
});

describe("languages", () => {
  it("counts page views by the language of the page (its address's prefix)", async () => {
    const before = new Map((await readInsights(server.deps, 30)).extras.languages.map((l) => [l.locale, l.pageviews]));
    for (const path of ["/si", "/si/services", "/si/about", "/ta/blog", "/services"]) {
      const response = await beacon(path, { address: "203.0.113.91" });
      expect(response.status).toBe(204);
    }
    await server.deps.insights.flush();
    const after = (await readInsights(server.deps, 30)).extras.languages;
    expect(after.map((l) => l.locale)).toEqual(["en", "si", "ta"]);
    const added = Object.fromEntries(after.map((l) => [l.locale, l.pageviews - (before.get(l.locale) ?? 0)]));
    expect(added).toEqual({ en: 1, si: 3, ta: 1 });
    const { report } = await readInsights(server.deps, 30);
    expect(report.pages.map((page) => page.path)).toEqual(
      expect.arrayContaining(["/si/services", "/si/about", "/ta/blog"]),
    );
  });
});
