// `npm run bench`: measures the production build against design.md's budgets.
//  1. Server-side render latency of Home, uncached, one request at a time (median, p99);
//     and an overload burst of uncached renders (served, shed, slowest answer).
//  2. Throughput of Home and of a static asset under 32 concurrent keep-alive clients,
//     and per second of server CPU, beside plain node:http serving Home's exact bytes.
//  3. Live updates: time from a save to its Server-Sent Event on 1,000 and on 10,000
//     open streams (p50, p99).
// The server runs in its own process; this one is the load generator (the SSE
// streams are held by child processes, see fanOut). Prints a summary and writes
// reports/bench.json.
import { spawn } from "node:child_process";
import http from "node:http";
import { availableParallelism, loadavg } from "node:os";
import net from "node:net";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { ensureBuild } from "./ensure-build.mjs";

if (process.argv[2] === "--sse-agent") {
  await sseAgent();
  process.exit(0);
}

const root = path.resolve(import.meta.dirname, "..");
ensureBuild();
// The server holds 10,000 streams too: it needs more open files than some systems' default 1,024.
const child = spawnWithOpenFiles([path.join(root, "scripts/serve-temp.mjs")], 12_000, { stdio: ["ignore", "pipe", "inherit"] });
const [line] = await once(child.stdout, "data");
const { url } = JSON.parse(String(line));
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 2_000 });

function get(pathname, headers = {}, port = target.port) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ host: target.hostname, port, path: pathname, agent, headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started, bytes }));
    });
    req.on("error", reject);
  });
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
function round(n, digits = 2) {
  return Number(n.toFixed(digits));
}

/**
 * One request at a time to `pathname` with a new query string each time: each
 * one misses the page cache (keyed by URL) and is rendered, as a visitor's
 * first view of a page after a save is.
 */
async function renderLatency(pathname, count) {
  const url = (i) => `${pathname}?bench-render=${i}`;
  for (let i = 0; i < 50; i++) await get(url(-i - 1)); // warm up
  const times = [];
  for (let i = 0; i < count; i++) times.push((await get(url(i))).ms);
  return { median: round(quantile(times, 0.5)), p99: round(quantile(times, 0.99)) };
}

/** CPU time a process has used so far in ms (Linux /proc, USER_HZ 100), or undefined elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function throughput(pathname, seconds, concurrency, headers, server = { port: target.port, pid: child.pid }) {
  const cpuBefore = cpuMs(server.pid);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let bytes = 0;
  const times = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const result = await get(pathname, headers, server.port);
        done++;
        bytes += result.bytes;
        times.push(result.ms);
      }
    }),
  );
  // Requests per second of server CPU: what one fully busy core would serve, whether the
  // load generator (one Node process, on the same machine) kept it busy or not.
  const cpu = cpuMs(server.pid) - cpuBefore;
  return {
    requestsPerSecond: Math.round(done / seconds),
    p99Ms: round(quantile(times, 0.99)),
    bytesPerResponse: Math.round(bytes / done),
    ...(cpu > 0 && { serverCpuPercent: Math.round((cpu / (seconds * 1000)) * 100), requestsPerCpuSecond: Math.round(done / (cpu / 1000)) }),
  };
}

/** Plain node:http serving, from memory, the exact bytes of one gzip response of `pathname`: the stand-in for nginx. */
async function sameBytesServer(pathname) {
  const body = await new Promise((resolve, reject) => {
    http.get({ host: target.hostname, port: target.port, path: pathname, headers: { "Accept-Encoding": "gzip" } }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve(Buffer.concat(chunks)));
    }).on("error", reject);
  });
  const code = `const body = Buffer.from(${JSON.stringify(body.toString("base64"))}, "base64");
require("node:http").createServer((req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=UTF-8", "Content-Encoding": "gzip", "Content-Length": body.length });
  res.end(body);
}).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;
  const server = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const [out] = await once(server.stdout, "data");
  return { port: Number(String(out)), pid: server.pid, close: () => server.kill() };
}

/**
 * Save → SSE fan-out. The streams are held by load-generator child processes
 * (this script with --sse-agent, one per 5,000 streams up to one per core) on
 * plain TCP sockets: lean clients, so that what is measured is mostly the
 * server's delivery, not thousands of HTTP response parsers. Each agent stamps
 * arrivals on the shared clock (performance.timeOrigin + now); this process
 * makes the save. What remains on the client side is counted in the figures.
 */
async function fanOut(clients) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "bench@example.lk", password: "bench password" }),
  });
  const cookie = login.headers.getSetCookie()[0].split(";")[0];
  const save = async () => {
    const home = await (await fetch(`${url}/api/content/home`)).json();
    const body = JSON.stringify({ version: home.version, data: home.data });
    const startedAt = performance.timeOrigin + performance.now();
    const saved = await fetch(`${url}/api/content/home`, { method: "PUT", headers: { "Content-Type": "application/json", Cookie: cookie }, body });
    if (!saved.ok) throw new Error(`save failed: ${saved.status}`);
    await saved.arrayBuffer();
    return startedAt;
  };
  await save(); // warm up the save path, as the other measurements warm up theirs

  const count = Math.min(availableParallelism(), Math.ceil(clients / 5_000));
  const agents = Array.from({ length: count }, (_, i) => {
    const share = Math.floor(clients / count) + (i < clients % count ? 1 : 0);
    const agent = spawnWithOpenFiles([import.meta.filename, "--sse-agent"], share + 1_000, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    agent.send({ host: target.hostname, port: Number(target.port), clients: share });
    return agent;
  });
  const opened = await Promise.all(agents.map(async (agent) => (await once(agent, "message"))[0]));
  const error = opened.find((o) => o.error)?.error;
  let delays = [];
  if (!error) {
    await new Promise((r) => setTimeout(r, 200)); // settle
    const savedAt = await save();
    const results = await Promise.all(
      agents.map(async (agent) => {
        agent.send("collect");
        return (await once(agent, "message"))[0];
      }),
    );
    delays = results.flatMap((r) => r.arrivals.map((t) => t - savedAt));
  }
  for (const agent of agents) agent.kill();
  await Promise.all(agents.map((agent) => agent.exitCode === null && once(agent, "exit")));
  await new Promise((r) => setTimeout(r, 500)); // let the server notice the closed streams
  if (error) return { clients, error };
  return {
    clients,
    agents: count,
    delivered: delays.length,
    p50Ms: round(quantile(delays, 0.5)),
    p99Ms: round(quantile(delays, 0.99)),
    maxMs: round(Math.max(...delays)),
  };
}

/** The --sse-agent child: opens its streams, then reports when each one got the next content event. */
async function sseAgent() {
  const [{ host, port, clients }] = await once(process, "message");
  const limit = openFileLimit();
  if (limit !== undefined && limit < clients + 100) {
    process.send({ error: `the open-file limit ${limit} is too low for ${clients} streams per process (raise the hard limit, ulimit -Hn)` });
    return void (await once(process, "disconnect"));
  }
  const request = Buffer.from(`GET /api/events HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  const arrivals = [];
  let ready = 0;
  let failed = 0;
  const open = () =>
    new Promise((resolve) => {
      const socket = net.connect({ host, port });
      let head = "";
      let tail = "";
      let streaming = false;
      socket.setNoDelay(true);
      socket.setTimeout(10_000, () => socket.destroy(new Error("timed out")));
      socket.on("error", () => {
        if (!streaming) failed++;
        resolve();
      });
      socket.on("connect", () => socket.write(request));
      socket.on("data", (chunk) => {
        if (streaming) {
          const text = tail + chunk.toString("latin1");
          if (text.includes("event: content\n")) {
            arrivals.push(performance.timeOrigin + performance.now());
            tail = "";
          } else tail = text.slice(-16);
          return;
        }
        head += chunk.toString("latin1");
        if (!head.startsWith("HTTP/1.1 200")) {
          failed++;
          socket.destroy();
          return resolve();
        }
        if (!head.includes("event: ready\n")) return;
        streaming = true;
        socket.setTimeout(0);
        ready++;
        resolve();
      });
    });
  // A few hundred connects at a time stay within the server's listen backlog.
  const pending = new Set();
  for (let i = 0; i < clients; i++) {
    const p = open().then(() => pending.delete(p));
    pending.add(p);
    if (pending.size >= 250) await Promise.race(pending);
  }
  await Promise.all(pending);
  if (failed > 0) {
    process.send({ error: `${failed} of ${clients} streams could not be opened (the server's open-file limit?)` });
    return void (await once(process, "disconnect"));
  }
  process.send({ ready });
  await once(process, "message"); // "collect": the save has been made
  const deadline = Date.now() + 10_000;
  while (arrivals.length < ready && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  process.send({ arrivals });
  await once(process, "disconnect");
}

/** The soft limit on open files of this process (Linux), or undefined when unknown. */
function openFileLimit() {
  try {
    const soft = /^Max open files\s+(\S+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
    return soft === undefined || soft === "unlimited" ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

/** Starts `node args…` with its open-file limit raised to `files` (or as far as the hard limit allows). */
function spawnWithOpenFiles(args, files, options) {
  if (process.platform === "win32") return spawn(process.execPath, args, options);
  const raise = `ulimit -n ${files} 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"`;
  return spawn("/bin/sh", ["-c", raise, process.execPath, ...args], options);
}

const html = await (await fetch(url)).text();
const asset = /<link rel="modulepreload" href="([^"]+)"/.exec(html)?.[1] ?? "/favicon.svg";
/**
 * Overload: `count` uncached renders of Home sent at once. The server should
 * queue or shed (503 with Retry-After) rather than keep anyone waiting
 * seconds: reports how many were served and shed, and the slowest answer.
 */
async function overload(count) {
  const burst = new http.Agent({ keepAlive: false, maxSockets: count });
  const send = (i) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get({ host: target.hostname, port: target.port, path: `/?bench-overload=${i}`, agent: burst }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      });
      req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    });
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  burst.destroy();
  const times = answers.map((a) => a.ms);
  return {
    requests: count,
    served: answers.filter((a) => a.status === 200).length,
    shed: answers.filter((a) => a.status === 503).length,
    failed: answers.filter((a) => a.status !== 200 && a.status !== 503).length,
    p99Ms: round(quantile(times, 0.99)),
    maxMs: round(Math.max(...times)),
  };
}

const results = {
  loadAverage: round(loadavg()[0]),
  ssrHomeMs: await renderLatency("/", 300),
  homeThroughput: await throughput("/", 5, 32, { "Accept-Encoding": "gzip" }),
  staticThroughput: await throughput(asset, 5, 32, { "Accept-Encoding": "gzip" }),
  sameBytesThroughput: await (async () => {
    const server = await sameBytesServer("/");
    try {
      return await throughput("/", 5, 32, { "Accept-Encoding": "gzip" }, server);
    } finally {
      server.close();
    }
  })(),
  overload: await overload(1_000),
  sse1000: await fanOut(1_000),
  sse10000: await fanOut(10_000),
};
results.homeVsStatic = round(results.homeThroughput.requestsPerSecond / results.staticThroughput.requestsPerSecond);
if (results.homeThroughput.requestsPerCpuSecond && results.sameBytesThroughput.requestsPerCpuSecond) {
  results.homeVsNodeHttpPerCpu = round(results.homeThroughput.requestsPerCpuSecond / results.sameBytesThroughput.requestsPerCpuSecond, 3);
  // design.md measured plain node:http at 0.45× nginx serving the same page, one core each.
  results.homeVsNginxEstimate = round(results.homeVsNodeHttpPerCpu * 0.45, 3);
}

child.kill("SIGTERM");
agent.destroy();
mkdirSync(path.join(root, "reports"), { recursive: true });
writeFileSync(path.join(root, "reports/bench.json"), JSON.stringify(results, null, 2));
console.log(`Load average at the start: ${results.loadAverage} (${availableParallelism()} cores; other work on the machine skews every figure)`);
console.log(`SSR Home (uncached), one at a time: median ${results.ssrHomeMs.median} ms, p99 ${results.ssrHomeMs.p99} ms (budget: median < 5 ms)`);
console.log(`Home under 32 clients: ${results.homeThroughput.requestsPerSecond} req/s, p99 ${results.homeThroughput.p99Ms} ms, ${results.homeThroughput.bytesPerResponse} B each`);
console.log(`Static asset under 32 clients: ${results.staticThroughput.requestsPerSecond} req/s, p99 ${results.staticThroughput.p99Ms} ms`);
console.log(`Home / static throughput: ${results.homeVsStatic}`);
console.log(`Overload, ${results.overload.requests} uncached renders at once: ${results.overload.served} served, ${results.overload.shed} shed with 503, ${results.overload.failed} failed; p99 ${results.overload.p99Ms} ms, slowest ${results.overload.maxMs} ms (budget: nobody waits seconds)`);
const perCpu = (t) => (t.requestsPerCpuSecond ? `${t.requestsPerCpuSecond} req per server CPU-second (server at ${t.serverCpuPercent}% CPU)` : "server CPU not measurable here");
console.log(`Per server CPU-second: Home ${perCpu(results.homeThroughput)}; plain node:http with Home's gzip bytes ${results.sameBytesThroughput.requestsPerSecond} req/s, ${perCpu(results.sameBytesThroughput)}`);
if (results.homeVsNginxEstimate !== undefined)
  console.log(`Home / node:http per CPU: ${results.homeVsNodeHttpPerCpu}, so about ${results.homeVsNginxEstimate}× nginx taking design.md's node:http = 0.45× nginx (an estimate; budget ≥ 0.40)`);
for (const [run, budget] of [
  [results.sse1000, 100],
  [results.sse10000, 600],
]) {
  const streams = run.clients.toLocaleString("en");
  if (run.error) console.log(`Save → SSE on ${streams} streams: not measured, ${run.error}`);
  else
    console.log(
      `Save → SSE on ${streams} streams: delivered ${run.delivered}, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, max ${run.maxMs} ms (budget: p99 < ${budget} ms)`,
    );
}
process.exit(0);
