// The team's own pages (issue 42: "as fast as the built-in pages; same budgets"):
// the team page /offers/launch with a variant B (../team-page-seed.mjs, made
// through the API as the audit's), in English, Sinhala and Tamil.
//  - Uncached renders on a server started with PAGE_CACHE=off, one at a time as
//    ./render.mjs times Home (Home too, on the same server, for comparison):
//    English variant A and variant B, Sinhala and Tamil (variant A).
//  - Cache hits on a second, normal server, one at a time, and the cached page
//    beside nginx serving its gzip bytes as ./throughput.mjs measures Home: each
//    variant in English, and Sinhala and Tamil (variant A); Home too, for comparison.
// A team page's variant follows the visitor's key of the day (a salted hash of
// address and User-Agent, server/insights/recorder.ts; the salt is each server's
// own): the part asks each server with numbered browser User-Agents until one
// gets A and one gets B (the answer's X-Page-Variant names it), checks once per
// page and variant that the HTML shows that variant's hero, and counts the
// X-Page-Variant of every measured answer.
import { loadavg } from "node:os";
import { seedTeamPage, TEAM_PAGE, TEAM_PAGE_TEXTS } from "../team-page-seed.mjs";
import { renderLatency, renderPath } from "./render.mjs";
import { cachedThroughput } from "./throughput.mjs";
import { BENCH_ADMIN, round, startServer } from "./util.mjs";

const RENDERS = 300;
const HITS = 300;
/** User-Agents tried before giving up on finding a visitor of each variant (one in 2^64 fails by chance). */
const TRIES = 64;

/** A browser's User-Agent, numbered: Insights counts such a visitor (an empty or bot User-Agent it skips). */
export const visitorAgent = (i) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 (visitor ${i})`;

/**
 * A User-Agent for each variant: `variantOf(userAgent)` (the variant a request with it gets) asked
 * with {@link visitorAgent} 0, 1, 2 … until one got A and one got B.
 */
export async function findVisitors(variantOf, tries = TRIES) {
  const found = {};
  for (let i = 0; i < tries && !(found.A && found.B); i++) {
    const userAgent = visitorAgent(i);
    const variant = await variantOf(userAgent);
    if ((variant === "A" || variant === "B") && !found[variant]) found[variant] = userAgent;
  }
  if (!found.A || !found.B)
    throw new Error(`no visitor of variant ${found.A ? "B" : "A"} among ${tries} User-Agents: is variant B there?`);
  return found;
}

/** The language of a team page's address: `si`, `ta` or `en`. */
const localeOf = (page) => /^\/(si|ta)\//.exec(page)?.[1] ?? "en";

/**
 * One request of `page` as `userAgent`: the variant its X-Page-Variant names, and the variant whose
 * hero the HTML shows (the hero heading of A or of B in the page's language, undefined for neither).
 */
async function askOnce(url, page, userAgent) {
  const response = await fetch(`${url}${page}`, { headers: { Accept: "text/html", "User-Agent": userAgent } });
  const html = await response.text();
  const texts = TEAM_PAGE_TEXTS[localeOf(page)];
  const shows = html.includes(texts.b.heading) ? "B" : html.includes(texts.heading) ? "A" : undefined;
  return { status: response.status, header: response.headers.get("x-page-variant") ?? undefined, shows };
}

/** The pages measured and the variant of each: English A and B, then Sinhala and Tamil as A. */
const MEASURED = [
  { page: TEAM_PAGE, variant: "A" },
  { page: TEAM_PAGE, variant: "B" },
  { page: `/si${TEAM_PAGE}`, variant: "A" },
  { page: `/ta${TEAM_PAGE}`, variant: "A" },
];

/**
 * A server (PAGE_CACHE=off when `uncached`) with the team page made on it, its visitor of each
 * variant, and the check of each measured page and variant once.
 */
async function serverWithPage(uncached) {
  const server = await startServer(uncached ? { env: { PAGE_CACHE: "off" } } : {});
  try {
    await seedTeamPage(server.url, BENCH_ADMIN);
    const visitors = await findVisitors(async (userAgent) => (await askOnce(server.url, TEAM_PAGE, userAgent)).header);
    const checks = [];
    for (const { page, variant } of MEASURED) {
      const answer = await askOnce(server.url, page, visitors[variant]);
      checks.push({
        page,
        variant,
        ...answer,
        ok: answer.status === 200 && answer.header === variant && answer.shows === variant,
      });
    }
    return { server, visitors, checks };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Whether every measured answer named `variant` in X-Page-Variant. */
const allOf = (variant, measure) => (measure.variants?.[variant] ?? 0) === measure.renders;

/** The team pages' part: uncached renders, cache hits and throughput beside nginx, per variant and language. */
export async function teamPages() {
  const started = performance.now();
  const results = { page: TEAM_PAGE, loadAverage: round(loadavg()[0]) };

  const uncached = await serverWithPage(true);
  try {
    results.uncached = { visitors: uncached.visitors, checks: uncached.checks };
    const { url } = uncached.server;
    // Home on the same server, after the same warm-up: what a built-in page costs here.
    const { pid } = uncached.server;
    results.ssrHome = await renderLatency(url, RENDERS, await renderPath(url), { pid });
    results.ssr = [];
    for (const { page, variant } of MEASURED) {
      const render = await renderPath(url, page, { "User-Agent": uncached.visitors[variant] });
      const measure = await renderLatency(url, RENDERS, render, { pid });
      results.ssr.push({ page, variant, ...measure, allVariant: allOf(variant, measure) });
    }
  } finally {
    await uncached.server.stop();
  }

  const cached = await serverWithPage(false);
  try {
    results.cached = { visitors: cached.visitors, checks: cached.checks };
    const { url } = cached.server;
    // Home is asked as a visitor too, so that Insights counts both alike (a team page's hit also
    // picks its variant; the comparison is otherwise even).
    const homeVisitor = { "User-Agent": cached.visitors.A };
    results.hitsHome = await renderLatency(url, HITS, { path: () => "/", headers: homeVisitor });
    results.hits = [];
    for (const { page, variant } of MEASURED) {
      const measure = await renderLatency(url, HITS, {
        path: () => page,
        headers: { "User-Agent": cached.visitors[variant] },
      });
      results.hits.push({
        page,
        variant,
        ...measure,
        allVariant: allOf(variant, measure),
        allHits: (measure.cache?.hit ?? 0) === measure.renders,
      });
    }
    results.throughputHome = await cachedThroughput(cached.server, { headers: homeVisitor });
    results.throughput = [];
    for (const { page, variant } of MEASURED) {
      const run = await cachedThroughput(cached.server, {
        page,
        headers: { "User-Agent": cached.visitors[variant] },
        label: `${page} (${variant})`,
      });
      results.throughput.push({ ...run, page, expected: variant });
    }
  } finally {
    await cached.server.stop();
  }
  results.seconds = Math.round((performance.now() - started) / 1_000);
  return results;
}

/**
 * Prints the part's lines beside `budgets` (scripts/bench.mjs's: renderMedianMs,
 * oursVsNginxPerCpu, localeVsEnglish).
 */
export function printPages(results, budgets) {
  const n = (value) => value.toLocaleString("en");
  const verdict = (ok) => (ok ? "within budget" : "OVER BUDGET");
  const named = (m) => `${m.page} (variant ${m.variant})`;
  const answered = (m) =>
    `${n(m.variants?.[m.variant] ?? 0)} of ${n(m.renders)} answered variant ${m.variant}${m.failed ? `, ${m.failed} not 200` : ""}`;
  console.log(
    `Team page ${results.page} (issue 42) with a variant B, in English, Sinhala and Tamil, made through the API; load average at the part's start ${results.loadAverage}, ${results.seconds} s`,
  );
  for (const [server, what] of [
    ["uncached", "uncached server (PAGE_CACHE=off)"],
    ["cached", "cached server"],
  ]) {
    const { visitors, checks } = results[server];
    const agent = (variant) => `"…${/\(visitor \d+\)$/.exec(visitors[variant])?.[0] ?? visitors[variant]}"`;
    const failed = checks.filter((check) => !check.ok);
    console.log(
      `  ${what}: User-Agent ${agent("A")} gets variant A, ${agent("B")} variant B; checked once per page and variant, X-Page-Variant and the hero shown agree: ` +
        (failed.length === 0
          ? `yes (${checks.length} of ${checks.length})`
          : `NO for ${failed.map((c) => `${c.page} ${c.variant} (status ${c.status}, header ${c.header ?? "none"}, hero ${c.shows ?? "neither"})`).join(", ")}`),
    );
  }
  const cpu = (m) => (m.cpuMsPerRequest === undefined ? "" : `, server CPU ${m.cpuMsPerRequest} ms a render`);
  const against = (a, b) => `${Math.round((a / b - 1) * 100)} %`;
  const home = results.ssrHome;
  const english = results.ssr.find((m) => m.page === results.page && m.variant === "A");
  for (const m of results.ssr) {
    const ok = m.median < budgets.renderMedianMs && m.allVariant && !m.failed;
    const locale = m.page !== results.page;
    const ratio = m.median / english.median;
    console.log(
      `Uncached SSR of ${named(m)}, one at a time, ${m.renders} renders: median ${m.median} ms, p99 ${m.p99} ms${cpu(m)}; ${answered(m)}` +
        (locale ? `; ${Math.round((ratio - 1) * 100)} % against ${results.page} in English` : "") +
        ` (budget: median < ${budgets.renderMedianMs} ms${locale ? `, within ${Math.round((budgets.localeVsEnglish - 1) * 100)} %` : ""}: ${verdict(ok && (!locale || ratio <= budgets.localeVsEnglish))})`,
    );
    if (m.note) console.log(`  note: ${m.note}`);
  }
  console.log(
    `  Home on the same server, the same way: median ${home.median} ms, p99 ${home.p99} ms${cpu(home)}; ${results.page} (A) ${against(english.median, home.median)} against it` +
      (home.cpuMsPerRequest ? `, in server CPU ${against(english.cpuMsPerRequest, home.cpuMsPerRequest)}` : "") +
      " (no budget: issue 42 asks for as fast as the built-in pages)",
  );
  for (const m of results.hits) {
    console.log(
      `Cached ${named(m)}, one at a time, ${m.renders} requests: median ${m.median} ms, p99 ${m.p99} ms; ${n(m.cache?.hit ?? 0)} hits, ${answered(m)} (no budget${m.allHits && m.allVariant ? "" : ": NOT ALL HITS OF THE VARIANT"})`,
    );
  }
  const homeHits = results.hitsHome;
  console.log(
    `  Home on the same server, the same way: median ${homeHits.median} ms, p99 ${homeHits.p99} ms, ${n(homeHits.cache?.hit ?? 0)} hits`,
  );
  const perCpu = (r) =>
    r.requestsPerCpuSecond
      ? `${n(r.requestsPerCpuSecond)} per server CPU-second (at ${r.serverCpuPercent}% CPU)`
      : "server CPU not measurable here";
  const errors = (r) =>
    r.non2xx || r.socketErrors
      ? `, ${r.non2xx} non-2xx${r.socketErrors ? `, socket errors ${r.socketErrors}` : ""}`
      : "";
  const beside = (t) =>
    `${t.bytesPerResponse} B gzip, ${t.loadGenerator}: ours ${n(t.ours.requestsPerSecond)} req/s, ${perCpu(t.ours)}, p99 ${t.ours.p99Ms} ms${errors(t.ours)}; ` +
    `${t.reference.server} ${n(t.reference.requestsPerSecond)} req/s, ${perCpu(t.reference)}${errors(t.reference)}; ` +
    `ours/nginx per CPU-second ${t.oursVsNginxPerCpu ?? "unknown"}`;
  for (const t of results.throughput) {
    const right = t.variant === t.expected;
    console.log(
      `Cached ${t.page} (variant ${t.variant ?? "none"}), ${beside(t)} (budget ≥ ${budgets.oursVsNginxPerCpu}: ${verdict(right && t.oursVsNginxPerCpu >= budgets.oursVsNginxPerCpu)})`,
    );
    if (!right) console.log(`  note: the page's bytes came as variant ${t.variant ?? "none"}, not ${t.expected}`);
    for (const note of t.notes ?? []) console.log(`  note: ${note}`);
  }
  const homeRun = results.throughputHome;
  console.log(`  Home on the same server, the same way: ${beside(homeRun)}`);
  for (const note of homeRun.notes ?? [])
    if (!results.throughput[0]?.notes?.includes(note)) console.log(`  note: ${note}`);
}
