// `npm run bench`: measures the production build against design.md's budgets.
//  1. Server-side render latency of Home, one request at a time (median, p99).
//  2. Throughput of Home and of a static asset under 32 concurrent keep-alive clients.
//  3. Live updates: time from a save to its Server-Sent Event on 1,000 open streams (p50, p99).
// The server runs in its own process; this one is the load generator. Prints a
// summary and writes reports/bench.json.
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { ensureBuild } from "./ensure-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
ensureBuild();
const child = spawn(process.execPath, [path.join(root, "scripts/serve-temp.mjs")], { stdio: ["ignore", "pipe", "inherit"] });
const [line] = await once(child.stdout, "data");
const { url } = JSON.parse(String(line));
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 2_000 });

function get(pathname, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ host: target.hostname, port: target.port, path: pathname, agent, headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started, bytes }));
    });
    req.on("error", reject);
  });
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const round = (n, digits = 2) => Number(n.toFixed(digits));

async function latency(pathname, count) {
  for (let i = 0; i < 50; i++) await get(pathname); // warm up
  const times = [];
  for (let i = 0; i < count; i++) times.push((await get(pathname)).ms);
  return { median: round(quantile(times, 0.5)), p99: round(quantile(times, 0.99)) };
}

async function throughput(pathname, seconds, concurrency, headers) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let bytes = 0;
  const times = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const result = await get(pathname, headers);
        done++;
        bytes += result.bytes;
        times.push(result.ms);
      }
    }),
  );
  return { requestsPerSecond: Math.round(done / seconds), p99Ms: round(quantile(times, 0.99)), bytesPerResponse: Math.round(bytes / done) };
}

async function fanOut(clients) {
  const streams = [];
  const received = [];
  await Promise.all(
    Array.from({ length: clients }, () =>
      new Promise((resolve, reject) => {
        const req = http.get({ host: target.hostname, port: target.port, path: "/api/events", agent }, (res) => {
          let buffer = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            buffer += chunk;
            if (buffer.includes("event: ready")) resolve();
            if (buffer.includes("event: content")) {
              received.push(performance.now());
              buffer = "";
            }
          });
        });
        req.on("error", reject);
        streams.push(req);
      }),
    ),
  );
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "bench@example.lk", password: "bench password" }),
  });
  const cookie = login.headers.getSetCookie()[0].split(";")[0];
  const home = await (await fetch(`${url}/api/content/home`)).json();
  const savedAt = performance.now();
  await fetch(`${url}/api/content/home`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ version: home.version, data: home.data }),
  });
  const deadline = Date.now() + 10_000;
  while (received.length < clients && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  for (const req of streams) req.destroy();
  const delays = received.map((t) => t - savedAt);
  return {
    clients,
    delivered: received.length,
    p50Ms: round(quantile(delays, 0.5)),
    p99Ms: round(quantile(delays, 0.99)),
  };
}

const html = await (await fetch(url)).text();
const asset = /<link rel="modulepreload" href="([^"]+)"/.exec(html)?.[1] ?? "/favicon.svg";
const results = {
  ssrHomeMs: await latency("/", 300),
  homeThroughput: await throughput("/", 5, 32, { "Accept-Encoding": "gzip" }),
  staticThroughput: await throughput(asset, 5, 32, { "Accept-Encoding": "gzip" }),
  sse1000: await fanOut(1_000),
};
results.homeVsStatic = round(results.homeThroughput.requestsPerSecond / results.staticThroughput.requestsPerSecond);

child.kill("SIGTERM");
agent.destroy();
mkdirSync(path.join(root, "reports"), { recursive: true });
writeFileSync(path.join(root, "reports/bench.json"), JSON.stringify(results, null, 2));
console.log(`SSR Home, one at a time: median ${results.ssrHomeMs.median} ms, p99 ${results.ssrHomeMs.p99} ms (budget: median < 5 ms)`);
console.log(`Home under 32 clients: ${results.homeThroughput.requestsPerSecond} req/s, p99 ${results.homeThroughput.p99Ms} ms, ${results.homeThroughput.bytesPerResponse} B each`);
console.log(`Static asset under 32 clients: ${results.staticThroughput.requestsPerSecond} req/s, p99 ${results.staticThroughput.p99Ms} ms`);
console.log(`Home / static throughput: ${results.homeVsStatic}`);
console.log(`Save → SSE on ${results.sse1000.clients} streams: delivered ${results.sse1000.delivered}, p50 ${results.sse1000.p50Ms} ms, p99 ${results.sse1000.p99Ms} ms (budget: p99 < 100 ms)`);
process.exit(0);
