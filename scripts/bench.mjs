// `npm run bench`: measures the production build against design.md's budgets,
// as a visitor sees it. Prints one line per measure with its budget and
// writes reports/bench.json.
//  1. Live updates end to end: 1,000 and 10,000 open /services pages; a save of
//     Services, until each page holds the new content (./bench/live.mjs).
//  2. Cached Home throughput beside nginx serving the same gzip bytes, per
//     request and per second of server CPU, with wrk (./bench/throughput.mjs).
//  3. Uncached renders of Home one at a time, and 4. 1,000 at once, on a
//     second server started with PAGE_CACHE=off (./bench/render.mjs).
//  5. Posts at scale: 10,000 posts written through the API, on SQLite and on
//     PostgreSQL; /blog, a save, the sitemap, the Blog tab, backup and
//     restore (./bench/posts.mjs).
//  6. Insights at scale: a year of rollups for 10,000 page views a day on SQLite and
//     PostgreSQL, the dashboard's API timed; what counting costs a cached page (./bench/analytics.mjs).
//  7. Team pages (issue 42, the same budgets): /offers/launch with a variant B, made through
//     the API; uncached renders of each variant and of its Sinhala and Tamil, cache hits, and
//     the cached page beside nginx as Home's, each request landing on a known variant
//     (./bench/pages.mjs).
// Servers run in their own processes, pinned to core 0 where taskset and a
// second core allow; load generators run on the other cores.
// `npm run bench -- posts` (or live, throughput, render, analytics, pages, several allowed) runs
// only those parts; reports/bench.json keeps the other parts' last figures.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";
import { analyticsAtScale, printAnalytics } from "./bench/analytics.mjs";
import { liveUpdates } from "./bench/live.mjs";
import { printPages, teamPages } from "./bench/pages.mjs";
import { postsAtScale, printPosts } from "./bench/posts.mjs";
import { overload, renderLatency, renderPath } from "./bench/render.mjs";
import { cachedThroughput } from "./bench/throughput.mjs";
import { cores, pinning, pinSelfToLoadCores, root, round, startServer } from "./bench/util.mjs";

const BUDGETS = {
  live: { 1_000: 500, 10_000: 3_000 },
  sseFrame: { 1_000: 100, 10_000: 600 },
  oursVsNginxPerCpu: 0.4,
  renderMedianMs: 5,
  /** A page in Sinhala or Tamil against English: median render at most 10 % slower. */
  localeVsEnglish: 1.1,
  overloadP99Ms: 1_000,
};

const PARTS = ["live", "throughput", "render", "posts", "analytics", "pages"];
const asked = process.argv.slice(2);
const unknown = asked.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(", ")}. Usage: npm run bench [-- ${PARTS.join(" | ")} …]`);
  process.exit(2);
}
const runs = (part) => asked.length === 0 || asked.includes(part);

ensureBuild();
pinSelfToLoadCores();
const report = path.join(root, "reports/bench.json");
// A run of some parts keeps the others' last figures.
const earlier = asked.length > 0 && existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : {};
const results = {
  ...earlier,
  loadAverage: round(loadavg()[0]),
  cores,
  pinned: pinning ?? null,
  budgets: BUDGETS,
};
const measured = {};

if (runs("live") || runs("throughput")) {
  const cached = await startServer();
  try {
    if (runs("throughput")) measured.throughput = await cachedThroughput(cached);
    if (runs("live")) {
      measured.live = [];
      for (const pages of [1_000, 10_000]) measured.live.push(await liveUpdates(cached.url, pages));
    }
  } finally {
    await cached.stop();
  }
}

if (runs("render")) {
  const uncached = await startServer({ env: { PAGE_CACHE: "off" } });
  try {
    const render = await renderPath(uncached.url);
    measured.ssrHome = await renderLatency(uncached.url, 300, render);
    // Home in Sinhala and Tamil (issue 25: within 10 % of English), rendered the same way, after English.
    measured.ssrLocales = {};
    for (const page of ["/si", "/ta"])
      measured.ssrLocales[page] = await renderLatency(uncached.url, 300, await renderPath(uncached.url, page));
    measured.overload = await overload(uncached.url, 1_000, render);
  } finally {
    await uncached.stop();
  }
}

if (runs("posts")) measured.posts = await postsAtScale();
if (runs("analytics")) measured.analytics = await analyticsAtScale();
if (runs("pages")) measured.pages = await teamPages();

Object.assign(results, measured);
mkdirSync(path.join(root, "reports"), { recursive: true });
writeFileSync(report, JSON.stringify(results, null, 2));

const verdict = (ok) => (ok ? "within budget" : "OVER BUDGET");
const n = (value) => value.toLocaleString("en");
console.log(
  `Load average at the start ${results.loadAverage} on ${results.cores} cores${pinning ? `; servers pinned to core ${pinning.server}, load generators to ${pinning.load}` : ""} (other work on the machine skews every figure)`,
);
for (const run of measured.live ?? []) {
  const pages = n(run.pages);
  if (run.error) {
    console.log(`Live update on ${pages} pages: not measured, ${run.error}`);
    continue;
  }
  const { content, sse } = run;
  const failures = Object.entries(run.failures)
    .map(([kind, count]) => `${count}× ${kind}`)
    .join(", ");
  const ok = content.pages === run.pages && run.failedRefreshes === 0 && content.p99Ms < BUDGETS.live[run.pages];
  console.log(
    `Live update, save → new content on ${pages} /services pages: ${n(content.pages)} got it, p50 ${content.p50Ms} ms, p99 ${content.p99Ms} ms, max ${content.maxMs} ms; ` +
      `${run.failedRefreshes} failed refreshes${failures ? ` (${failures})` : ""} of ${n(run.refreshAttempts)}, ${run.staleRefreshes} stale, ${run.withoutAfter30s} without it after 30 s ` +
      `(budget: p99 < ${n(BUDGETS.live[run.pages])} ms, 0 failed: ${verdict(ok)})`,
  );
  console.log(
    `  save → SSE frame only, ${pages} streams: ${n(sse.delivered)} delivered, p50 ${sse.p50Ms} ms, p99 ${sse.p99Ms} ms, max ${sse.maxMs} ms (budget: p99 < ${BUDGETS.sseFrame[run.pages]} ms: ${verdict(sse.delivered === run.pages && sse.p99Ms < BUDGETS.sseFrame[run.pages])})`,
  );
  const { cpuMs, windowMs } = run.generatorCpu;
  console.log(
    `  the page agent's own CPU from the save to its last page: ${n(cpuMs)} ms in ${n(windowMs)} ms (${Math.round((100 * cpuMs) / windowMs)}%; near 100% the load generator, not the server, sets the pace)`,
  );
}
const perCpu = (r) =>
  r.requestsPerCpuSecond
    ? `${n(r.requestsPerCpuSecond)} per server CPU-second (at ${r.serverCpuPercent}% CPU)`
    : "server CPU not measurable here";
const errors = (r) =>
  r.non2xx || r.socketErrors ? `, ${r.non2xx} non-2xx${r.socketErrors ? `, socket errors ${r.socketErrors}` : ""}` : "";
const t = measured.throughput;
if (t) {
  console.log(
    `Cached Home, ${t.bytesPerResponse} B gzip, ${t.loadGenerator}: ours ${n(t.ours.requestsPerSecond)} req/s, ${perCpu(t.ours)}, p99 ${t.ours.p99Ms} ms${errors(t.ours)}; ` +
      `${t.reference.server} ${n(t.reference.requestsPerSecond)} req/s, ${perCpu(t.reference)}, p99 ${t.reference.p99Ms} ms${errors(t.reference)}; ` +
      `ours/nginx per CPU-second ${t.oursVsNginxPerCpu ?? "unknown"} (budget ≥ ${BUDGETS.oursVsNginxPerCpu}: ${verdict(t.oursVsNginxPerCpu >= BUDGETS.oursVsNginxPerCpu)})`,
  );
  for (const note of t.notes ?? []) console.log(`  note: ${note}`);
}
const { ssrHome: s, overload: o } = measured;
if (s) {
  console.log(
    `Uncached SSR of Home (PAGE_CACHE=off), one at a time, ${s.renders} renders: median ${s.median} ms, p99 ${s.p99} ms${s.failed ? `, ${s.failed} not 200` : ""} (budget: median < ${BUDGETS.renderMedianMs} ms: ${verdict(s.median < BUDGETS.renderMedianMs)})`,
  );
  if (s.note) console.log(`  note: ${s.note}`);
  for (const [page, l] of Object.entries(measured.ssrLocales ?? {})) {
    const ratio = l.median / s.median;
    console.log(
      `Uncached SSR of ${page} the same way: median ${l.median} ms, p99 ${l.p99} ms${l.failed ? `, ${l.failed} not 200` : ""}; ${Math.round((ratio - 1) * 100)} % against Home in English (budget: within ${Math.round((BUDGETS.localeVsEnglish - 1) * 100)} %: ${verdict(ratio <= BUDGETS.localeVsEnglish && !l.failed)})`,
    );
  }
  console.log(
    `Overload, ${n(o.requests)} uncached renders of Home at once: ${o.served} served, ${o.shed} shed with 503, ${o.failed} failed; p99 ${o.p99Ms} ms (served ${o.servedP99Ms} ms, shed ${o.shedP99Ms} ms), slowest ${o.maxMs} ms ` +
      `(budget: p99 < ${n(BUDGETS.overloadP99Ms)} ms, 0 failed: ${verdict(o.p99Ms < BUDGETS.overloadP99Ms && o.failed === 0)})`,
  );
}
if (measured.posts) printPosts(measured.posts);
if (measured.analytics) printAnalytics(measured.analytics);
if (measured.pages) printPages(measured.pages, BUDGETS);
process.exit(0);
