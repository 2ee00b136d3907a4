// Uncached server-side renders of Home, on a server started with PAGE_CACHE=off:
// one at a time (median, p99), and an overload burst of 1,000 at once.
import http from "node:http";
import { quantile, round } from "./util.mjs";

const BROWSER_HEADERS = { Accept: "text/html", "Accept-Encoding": "gzip, deflate, br" };

function get(target, pathname, agent) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(
      { host: target.hostname, port: target.port, path: pathname, agent, headers: BROWSER_HEADERS },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode, cache: res.headers["x-page-cache"], ms: performance.now() - started }),
        );
        res.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

/**
 * How to ask `url` for a render of Home: `/` when the server renders every
 * time (PAGE_CACHE=off), else a fresh query string each time (a server that
 * does not know PAGE_CACHE yet, whose cache is keyed by the whole URL).
 */
export async function renderPath(url, page = "/") {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await get(target, page, agent);
  const second = await get(target, page, agent);
  agent.destroy();
  return second.cache === "hit"
    ? {
        path: (i) => `${page}?bench-render=${i}`,
        note: "this server ignores PAGE_CACHE=off: renders forced with a fresh query string each",
      }
    : { path: () => page };
}

/** Renders before the measured ones: a running site is warm (V8 optimises a render's code after some hundreds). */
const WARM_UP_RENDERS = 500;

/** `count` renders of Home one after another, after {@link WARM_UP_RENDERS} to warm up. */
export async function renderLatency(url, count, render) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < WARM_UP_RENDERS; i++) await get(target, render.path(-i - 1), agent);
  const times = [];
  let failed = 0;
  for (let i = 0; i < count; i++) {
    const result = await get(target, render.path(i), agent);
    if (result.status === 200) times.push(result.ms);
    else failed++;
  }
  agent.destroy();
  return {
    renders: count,
    failed,
    median: round(quantile(times, 0.5)),
    p99: round(quantile(times, 0.99)),
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
    Array.from({ length: count }, (_, i) => get(target, render.path(`burst-${i}`), burst)),
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
