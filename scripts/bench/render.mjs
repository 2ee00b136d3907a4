// Uncached server-side renders of Home, on a server started with PAGE_CACHE=off:
// one at a time (median, p99), and an overload burst of 1,000 at once. The team
// pages' part (./pages.mjs) times its pages with the same functions.
import http from "node:http";
import { cpuMs, quantile, round } from "./util.mjs";

const BROWSER_HEADERS = { Accept: "text/html", "Accept-Encoding": "gzip, deflate, br" };

/** One GET of `pathname`: its status, X-Page-Cache, X-Page-Variant (a team page's) and time. */
function get(target, pathname, agent, headers = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(
      { host: target.hostname, port: target.port, path: pathname, agent, headers: { ...BROWSER_HEADERS, ...headers } },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            cache: res.headers["x-page-cache"],
            variant: res.headers["x-page-variant"],
            ms: performance.now() - started,
          }),
        );
        res.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

/**
 * How to ask `url` for a render of `page` (Home unless named): the page itself
 * when the server renders every time (PAGE_CACHE=off), else a fresh query string
 * each time (a server that does not know PAGE_CACHE yet, whose cache is keyed by
 * the whole URL). `headers` go with every request (a team page's variant follows
 * the visitor's User-Agent).
 */
export async function renderPath(url, page = "/", headers = {}) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await get(target, page, agent, headers);
  const second = await get(target, page, agent, headers);
  agent.destroy();
  return second.cache === "hit"
    ? {
        path: (i) => `${page}?bench-render=${i}`,
        headers,
        note: "this server ignores PAGE_CACHE=off: renders forced with a fresh query string each",
      }
    : { path: () => page, headers };
}

/** How many of `answers` came with each value of `key` ("cache", "variant"), or undefined when none had one. */
function tally(answers, key) {
  const counts = {};
  for (const answer of answers) if (answer[key] !== undefined) counts[answer[key]] = (counts[answer[key]] ?? 0) + 1;
  return Object.keys(counts).length > 0 ? counts : undefined;
}

/** Renders before the measured ones: a running site is warm (V8 optimises a render's code after some hundreds). */
const WARM_UP_RENDERS = 500;

/**
 * `count` requests of `render` (from {@link renderPath}) one after another, after
 * {@link WARM_UP_RENDERS} to warm up: renders on a PAGE_CACHE=off server, cache
 * hits on another. With the time, how many of the measured answers came with each
 * X-Page-Cache (`cache`) and X-Page-Variant (`variants`) when any had one. Given the
 * server's `pid`, also its CPU time per measured request (`cpuMsPerRequest`): what other
 * work on the machine changes less than the time a client waits.
 */
export async function renderLatency(url, count, render, { pid } = {}) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < WARM_UP_RENDERS; i++) await get(target, render.path(-i - 1), agent, render.headers);
  const answers = [];
  const cpuBefore = pid === undefined ? undefined : cpuMs(pid);
  for (let i = 0; i < count; i++) answers.push(await get(target, render.path(i), agent, render.headers));
  const cpu = cpuBefore === undefined ? undefined : cpuMs(pid) - cpuBefore;
  agent.destroy();
  const times = answers.filter((answer) => answer.status === 200).map((answer) => answer.ms);
  const cache = tally(answers, "cache");
  const variants = tally(answers, "variant");
  return {
    renders: count,
    failed: count - times.length,
    median: round(quantile(times, 0.5)),
    p99: round(quantile(times, 0.99)),
    ...(Number.isFinite(cpu) && { cpuMsPerRequest: round(cpu / count, 3) }),
    ...(cache && { cache }),
    ...(variants && { variants }),
    ...(render.note && { note: render.note }),
  };
}

/**
 * Overload: `count` renders of Home sent at once, each on its own connection.
 * The server should queue or shed (503 with Retry-After) rather than keep
 * anyone waiting seconds: served, shed and failed, p99 and slowest answer.
 */
export async function overload(url, count, render) {
  const target = new URL(url);
  const burst = new http.Agent({ keepAlive: false, maxSockets: count });
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => get(target, render.path(`burst-${i}`), burst, render.headers)),
  );
  burst.destroy();
  const times = answers.map((a) => a.ms);
  return {
    requests: count,
    served: answers.filter((a) => a.status === 200).length,
    shed: answers.filter((a) => a.status === 503).length,
    failed: answers.filter((a) => a.status !== 200 && a.status !== 503).length,
    p99Ms: round(quantile(times, 0.99)),
    maxMs: round(Math.max(...times)),
    // Apart, to tell a long line (served late) from a slow refusal (shed late).
    servedP99Ms: round(
      quantile(
        answers.filter((a) => a.status === 200).map((a) => a.ms),
        0.99,
      ),
    ),
    shedP99Ms: round(
      quantile(
        answers.filter((a) => a.status === 503).map((a) => a.ms),
        0.99,
      ),
    ),
  };
}
