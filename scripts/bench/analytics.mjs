// Insights at scale (issue 15): a year of daily rollups and 30 days of raw page views for a
// site with 10,000 page views a day, on SQLite and on PostgreSQL; the dashboard's
// GET /api/analytics?days=7|30|90 and the Insights page timed on each. Then what counting
// costs a cached page: Home under wrk, each request from another address (so none merge),
// on a server that counts and on one started with ANALYTICS=off, per second of server CPU.
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { ensureCommand } from "../debian-package.mjs";
import { dropSchema, freshSchema, postgres, postgresUnavailable } from "./posts.mjs";
import { BENCH_ADMIN, cpuMs, pinning, quantile, random, round, spawnTuned, startServer } from "./util.mjs";

// The SQLite driver the site uses on this Node.js line (server/db/sqlite-driver.ts).
const SQLite = createRequire(import.meta.url)(
  Number.parseInt(process.versions.node, 10) >= 22 ? "better-sqlite3" : "better-sqlite3-node20",
);

/** The dashboard's API under 200 ms; counting on a cached page within the noise of the measure (a few %). */
export const ANALYTICS_BUDGETS = { apiP95Ms: 200, countingCostPercent: 5 };

const DAYS = 365;
const VIEWS_PER_DAY = 10_000;
const RAW_DAYS = 31;
const REQUESTS = 20;
const WARM_UP = 5;
const TIME_ZONE = "Asia/Colombo";
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const LOAD_SECONDS = 5;
const CONNECTIONS = 32;
const ADDRESSES = 10_000;

// ---------------------------------------------------------------------------
// A year of a site with 10,000 page views a day, from a fixed seed.

const PATHS = [
  "/",
  "/services",
  "/blog",
  "/about",
  "/contact",
  "/partners",
  "/done",
  "/privacy-policy",
  "/terms-conditions",
  ...Array.from({ length: 600 }, (_, i) => `/blog/post-number-${i + 1}-about-marketing-in-colombo`),
];
const SOURCES = [
  "(direct)",
  "google.com",
  "facebook.com",
  "linkedin.com",
  "instagram.com",
  "bing.com",
  "duckduckgo.com",
  "newsletter",
  "t.co",
  "youtube.com",
  ...Array.from({ length: 30 }, (_, i) => `partner-site-${i + 1}.lk`),
];
const CAMPAIGNS = ["spring-sale", "launch", "webinar", "new-year", "avurudu", "seo-guide", "case-study", "hiring"];
const DEVICES = ["mobile", "mobile", "mobile", "desktop", "desktop", "tablet"];

/** Zipf-like pick: the first entries far more often than the last. */
const pick = (rand, list) => list[Math.floor(list.length * rand() ** 2.2)];

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE });
const today = () => dayFormat.format(new Date());
const addDays = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One day's raw page views: about 3,400 visitors reading 10,000 pages, as the recorder stores them. */
function rawDay(date, seed) {
  const rand = random(seed);
  const rows = [];
  let views = 0;
  for (let v = 0; views < VIEWS_PER_DAY; v++) {
    const visitor = `${date}-${v}`.padEnd(22, "x");
    const device = pick(rand, DEVICES);
    const pages = 1 + Math.floor(rand() * 5);
    for (let p = 0; p < pages && views < VIEWS_PER_DAY; p++, views++) {
      const landing = p === 0;
      const source = landing ? pick(rand, SOURCES) : null;
      const campaign = landing && rand() < 0.1 ? pick(rand, CAMPAIGNS) : null;
      rows.push([date, visitor, pick(rand, PATHS), source, campaign, device, 1]);
    }
  }
  return rows;
}

/** The rollup rows of a day, made from its raw views exactly as the server's rollup makes them. */
function rollupOf(date, raw) {
  const groups = {
    total: () => "",
    page: (r) => r[2],
    source: (r) => r[3],
    campaign: (r) => r[4],
    device: (r) => r[5],
  };
  const rows = [];
  for (const [kind, keyOf] of Object.entries(groups)) {
    const counts = new Map();
    for (const row of raw) {
      const key = keyOf(row);
      if (key === null) continue;
      const count = counts.get(key) ?? { visitors: new Set(), pageviews: 0 };
      count.visitors.add(row[1]);
      count.pageviews += row[6];
      counts.set(key, count);
    }
    for (const [key, count] of counts) rows.push([kind, date, key, count.visitors.size, count.pageviews]);
  }
  return rows;
}

/** Every day of the year before today rolled up; raw views for the last 30 days and all of today (its worst case). */
function* seedDays() {
  const last = today();
  for (let i = DAYS; i >= 0; i--) {
    const date = addDays(last, -i);
    const raw = rawDay(date, i + 1);
    yield { date, raw: i < RAW_DAYS ? raw : [], rollup: i > 0 ? rollupOf(date, raw) : [] };
  }
}

const EVENT_COLUMNS = ["day", "visitor", "path", "source", "campaign", "device", "views"];
const DAILY_COLUMNS = ["kind", "day", "key", "visitors", "pageviews"];

export function seedSqlite(dataDir) {
  const db = new SQLite(path.join(dataDir, "site.db"));
  db.pragma("busy_timeout = 10000");
  const event = db.prepare(`insert into analytics_events (${EVENT_COLUMNS}) values (${EVENT_COLUMNS.map(() => "?")})`);
  const daily = db.prepare(`insert into analytics_daily (${DAILY_COLUMNS}) values (${DAILY_COLUMNS.map(() => "?")})`);
  const counts = { events: 0, rollups: 0 };
  const day = db.transaction(({ raw, rollup }) => {
    for (const row of raw) event.run(row);
    for (const row of rollup) daily.run(row);
  });
  for (const seeded of seedDays()) {
    day(seeded);
    counts.events += seeded.raw.length;
    counts.rollups += seeded.rollup.length;
  }
  db.close();
  return counts;
}

async function seedPostgres(url) {
  const counts = { events: 0, rollups: 0 };
  await postgres(async (client) => {
    await client.query(`set search_path to ${new URL(url).searchParams.get("options").split("=")[1]}`);
    const columns = (rows, n) => Array.from({ length: n }, (_, i) => rows.map((row) => row[i]));
    for (const { raw, rollup } of seedDays()) {
      if (raw.length > 0)
        await client.query(
          `insert into analytics_events (${EVENT_COLUMNS}) select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])`,
          columns(raw, 7),
        );
      if (rollup.length > 0)
        await client.query(
          `insert into analytics_daily (${DAILY_COLUMNS}) select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[])`,
          columns(rollup, 5),
        );
      counts.events += raw.length;
      counts.rollups += rollup.length;
    }
    await client.query("analyze analytics_events; analyze analytics_daily");
  });
  return counts;
}

// ---------------------------------------------------------------------------
// HTTP

function get(url, pathname, headers = {}) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get({ host: target.hostname, port: target.port, path: pathname, headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
      })
      .on("error", reject);
  });
}

async function signIn(url) {
  const target = new URL(url);
  const body = JSON.stringify(BENCH_ADMIN);
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: target.origin },
    body,
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie()[0].split(";")[0];
}

async function timed(url, pathname, cookie) {
  for (let i = 0; i < WARM_UP; i++) await get(url, pathname, { Cookie: cookie });
  const times = [];
  let last;
  for (let i = 0; i < REQUESTS; i++) {
    last = await get(url, pathname, { Cookie: cookie });
    if (last.status !== 200) throw new Error(`GET ${pathname}: ${last.status} ${String(last.body).slice(0, 200)}`);
    times.push(last.ms);
  }
  return {
    median: round(quantile(times, 0.5)),
    p95: round(quantile(times, 0.95)),
    max: round(Math.max(...times)),
    body: last.body,
  };
}

async function measureOn(label, env, seed) {
  const server = await startServer({ env });
  try {
    const started = performance.now();
    const seeded = await seed(server);
    const result = { database: label, seed: { ...seeded, seconds: round((performance.now() - started) / 1000, 1) } };
    const cookie = await signIn(server.url);
    result.api = {};
    for (const days of [7, 30, 90]) {
      const { body, ...times } = await timed(server.url, `/api/analytics?days=${days}`, cookie);
      const report = JSON.parse(String(body));
      result.api[days] = {
        ...times,
        pageviews: report.days.reduce((sum, day) => sum + day.pageviews, 0),
        today: report.days.at(-1).pageviews,
      };
    }
    const { body: _page, ...page } = await timed(server.url, "/admin/insights?days=90", cookie);
    result.page = page;
    return result;
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------
// What counting costs a cached page

const LUA = `-- Each request from another address (X-Forwarded-For, TRUST_PROXY=1), as a browser.
local n = 0
request = function()
  n = n + 1
  local a = n % ${ADDRESSES}
  wrk.headers["X-Forwarded-For"] = "10." .. math.floor(a / 250) .. "." .. (a % 250) .. ".1"
  return wrk.format("GET", "/")
end
`;

async function runWrk(wrk, script, port, seconds) {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, ...(script ? ["-s", script] : [])];
  args.push("-H", "Accept-Encoding: gzip", "-H", `User-Agent: ${BROWSER}`, `http://127.0.0.1:${port}/`);
  const child = spawnTuned(wrk, args, { cpus: pinning?.load, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  await once(child, "exit");
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  if (!Number.isFinite(requests)) throw new Error(`could not read wrk's output:\n${out}`);
  return requests;
}

/** The Node stand-in when wrk is missing: keep-alive clients, each request from another address when `spread`. */
async function runNodeLoad(port, seconds, spread) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const until = performance.now() + seconds * 1000;
  let n = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      const a = n++ % ADDRESSES;
      const headers = { "Accept-Encoding": "gzip", "User-Agent": BROWSER };
      if (spread) headers["X-Forwarded-For"] = `10.${Math.floor(a / 250)}.${a % 250}.1`;
      http
        .get({ host: "127.0.0.1", port, path: "/", agent, headers }, (res) => res.resume().on("end", resolve))
        .on("error", reject);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  agent.destroy();
  return n;
}

/**
 * Cached Home with counting on and with ANALYTICS=off, alternating three times
 * each (other work on the machine then weighs on both alike), the best run of
 * each compared per second of server CPU; with all requests from one address
 * (a visitor's views merge in memory) and from 10,000 (every request a row).
 */
async function countingCost() {
  const wrk = ensureCommand("wrk", ["wrk"]);
  const work = mkdtempSync(path.join(tmpdir(), "agency-bench-analytics-"));
  const script = path.join(work, "addresses.lua");
  writeFileSync(script, LUA);
  const load = (port, seconds, spread) =>
    wrk.path ? runWrk(wrk.path, spread ? script : undefined, port, seconds) : runNodeLoad(port, seconds, spread);
  const servers = {
    on: await startServer({ env: { TRUST_PROXY: "1" } }),
    off: await startServer({ env: { TRUST_PROXY: "1", ANALYTICS: "off" } }),
  };
  const port = (mode) => Number(new URL(servers[mode].url).port);
  const scenarios = [];
  try {
    const cookie = await signIn(servers.on.url);
    for (const mode of ["on", "off"]) await load(port(mode), 1, false); // warm up
    let sent = 0;
    for (const spread of [false, true]) {
      const runs = { on: [], off: [] };
      for (const turn of [0, 1, 2]) {
        for (const mode of turn % 2 === 0 ? ["on", "off"] : ["off", "on"]) {
          const before = cpuMs(servers[mode].pid);
          const requests = await load(port(mode), LOAD_SECONDS, spread);
          const cpu = cpuMs(servers[mode].pid) - before;
          if (mode === "on") sent += requests;
          runs[mode].push({ perSecond: requests / LOAD_SECONDS, perCpuSecond: cpu > 0 ? requests / (cpu / 1000) : 0 });
        }
      }
      const best = (mode) => ({
        requestsPerSecond: Math.round(Math.max(...runs[mode].map((run) => run.perSecond))),
        requestsPerCpuSecond: Math.round(Math.max(...runs[mode].map((run) => run.perCpuSecond))),
      });
      const on = best("on");
      const off = best("off");
      scenarios.push({
        addresses: spread ? ADDRESSES : 1,
        on,
        off,
        costPercent: off.requestsPerCpuSecond
          ? round((1 - on.requestsPerCpuSecond / off.requestsPerCpuSecond) * 100, 1)
          : undefined,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const report = JSON.parse(String((await get(servers.on.url, "/api/analytics?days=7", { Cookie: cookie })).body));
    return {
      loadGenerator: wrk.path
        ? `wrk -t1 -c${CONNECTIONS} -d${LOAD_SECONDS}s`
        : `node, ${CONNECTIONS} keep-alive clients`,
      scenarios,
      // The warm-up's requests are counted too.
      counted: report.days.at(-1).pageviews,
      sentMeasured: sent,
      ...(wrk.reason && { note: `${wrk.reason}: a Node load generator stands in for wrk` }),
    };
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Both measures: the dashboard on SQLite and PostgreSQL, then the cost of counting. */
export async function analyticsAtScale() {
  const results = {
    days: DAYS,
    viewsPerDay: VIEWS_PER_DAY,
    loadAverage: round(loadavg()[0]),
    budgets: ANALYTICS_BUDGETS,
    runs: [],
  };
  const attempt = async (label, env, seed) => {
    try {
      results.runs.push(await measureOn(label, env, seed));
    } catch (error) {
      results.runs.push({ database: label, error: error instanceof Error ? error.message : String(error) });
    }
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-bench-analytics-site-"));
  try {
    await attempt("SQLite", { SERVE_DATA_DIR: dataDir }, async () => seedSqlite(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const unavailable = await postgresUnavailable();
  if (unavailable) results.runs.push({ database: "PostgreSQL", skipped: unavailable });
  else {
    const site = await freshSchema("analytics");
    try {
      await attempt("PostgreSQL", { SERVE_DATABASE_URL: site.url }, async () => seedPostgres(site.url));
    } finally {
      await dropSchema(site.schema).catch(() => undefined);
    }
  }
  results.counting = await countingCost();
  return results;
}

export function printAnalytics(results) {
  const b = results.budgets;
  const n = (value) => value.toLocaleString("en");
  const verdict = (ok) => (ok ? "within budget" : "OVER BUDGET");
  console.log(
    `Insights at scale: ${n(results.days)} days of rollups for ${n(results.viewsPerDay)} page views a day, raw views for the last 30 days and a whole day today; load average at its start ${results.loadAverage}`,
  );
  for (const run of results.runs) {
    const on = `  ${run.database}:`;
    if (run.skipped || run.error) {
      console.log(`${on} not measured, ${run.skipped ?? run.error}`);
      continue;
    }
    console.log(
      `${on} seeded ${n(run.seed.rollups)} rollup rows and ${n(run.seed.events)} raw views in ${run.seed.seconds} s`,
    );
    for (const [days, api] of Object.entries(run.api)) {
      console.log(
        `${on} GET /api/analytics?days=${days}, ${REQUESTS} requests: median ${api.median} ms, p95 ${api.p95} ms, slowest ${api.max} ms; ${n(api.pageviews)} page views (today ${n(api.today)}) ` +
          `(budget: p95 < ${b.apiP95Ms} ms: ${verdict(api.p95 < b.apiP95Ms && api.today === VIEWS_PER_DAY)})`,
      );
    }
    console.log(
      `${on} the Insights page (/admin/insights?days=90, server-rendered): median ${run.page.median} ms, p95 ${run.page.p95} ms (no budget)`,
    );
  }
  const c = results.counting;
  if (c) {
    for (const s of c.scenarios) {
      console.log(
        `  Counting on a cached Home, ${c.loadGenerator}, from ${n(s.addresses)} address${s.addresses > 1 ? "es" : ""}: ` +
          `counting ${n(s.on.requestsPerSecond)} req/s, ${n(s.on.requestsPerCpuSecond)} per server CPU-second; ` +
          `ANALYTICS=off ${n(s.off.requestsPerSecond)} req/s, ${n(s.off.requestsPerCpuSecond)} per CPU-second; cost ${s.costPercent}% of CPU (best of 3 each) ` +
          (s.addresses === 1
            ? `(budget: < ${b.countingCostPercent}%, no measurable cost: ${verdict(s.costPercent < b.countingCostPercent)})`
            : "(no budget: every request a new visitor's row, far beyond any real site's rate)"),
      );
    }
    console.log(`    ${n(c.counted)} page views counted for ${n(c.sentMeasured)} measured requests and the warm-up`);
    if (c.note) console.log(`    note: ${c.note}`);
  }
}
