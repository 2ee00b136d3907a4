// Cached page throughput beside nginx serving the same gzip bytes, one run:
// requests per second and per second of server CPU, with wrk as the load
// generator. Home by default; the team pages' part (./pages.mjs) names its page
// and a User-Agent (a team page's variant follows the visitor). nginx and wrk come from Debian's packages (installed when missing
// and running as root); without them, a node:http stand-in and a Node load
// generator take their places, and the result says so.
import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureCommand } from "../debian-package.mjs";
import { cpuMs, pinning, quantile, round, sleep, spawnTuned } from "./util.mjs";

const SECONDS = 5;
const CONNECTIONS = 32;
const HEADERS = { "Accept-Encoding": "gzip" };
// design.md measured plain node:http at 0.45× nginx serving the same page, one core each.
const NODE_HTTP_VS_NGINX = 0.45;

/**
 * The body of one response of `pathname` exactly as sent with Accept-Encoding: gzip (and `headers`),
 * its X-Page-Cache and X-Page-Variant.
 */
function gzipBytes(url, pathname, headers) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: target.hostname, port: target.port, path: pathname, headers: { ...HEADERS, ...headers } }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          res.headers["content-encoding"] === "gzip"
            ? resolve({
                body: Buffer.concat(chunks),
                cache: res.headers["x-page-cache"],
                variant: res.headers["x-page-variant"],
              })
            : reject(new Error(`${pathname} was not sent gzip-compressed`)),
        );
      })
      .on("error", reject);
  });
}

async function waitForPort(port, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const up = await new Promise((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => (socket.destroy(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (up) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
}

async function freePort() {
  const server = net.createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nginx, one process (no master), on the server core, serving `body` as a gzip-encoded HTML page at `/`. */
async function startNginx(nginx, body) {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-bench-nginx-"));
  const port = await freePort();
  writeFileSync(path.join(dir, "home.html.gz"), body);
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `# Written by scripts/bench/throughput.mjs for one run.
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log error;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  open_file_cache max=16;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location = / {
      default_type "text/html; charset=utf-8";
      add_header Content-Encoding gzip;
      add_header Vary Accept-Encoding;
      try_files /home.html.gz =404;
    }
  }
}
`,
  );
  const child = spawnTuned(nginx, ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
    cpus: pinning?.server,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForPort(port);
  return {
    name: "nginx",
    port,
    path: "/",
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await once(child, "exit");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Plain node:http serving `body` from memory: the stand-in for nginx when it cannot be installed. */
async function startNodeHttp(body) {
  const code = `const body = Buffer.from(${JSON.stringify(body.toString("base64"))}, "base64");
require("node:http").createServer((req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=UTF-8", "Content-Encoding": "gzip", "Content-Length": body.length });
  res.end(body);
}).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;
  const child = spawnTuned(process.execPath, ["-e", code], {
    cpus: pinning?.server,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [out] = await once(child.stdout, "data");
  return {
    name: "node:http",
    port: Number(String(out)),
    path: "/",
    pid: child.pid,
    async stop() {
      child.kill();
      if (child.exitCode === null) await once(child, "exit");
    },
  };
}

const durationMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];

/** wrk -t1 -c32 -d5s on the load core, `headers` added; returns requests, p99 and errors as wrk reports them. */
async function runWrk(wrk, port, seconds, pathname, headers) {
  const args = [
    "-t1",
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--latency",
    ...Object.entries({ ...HEADERS, ...headers }).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    `http://127.0.0.1:${port}${pathname}`,
  ];
  const child = spawnTuned(wrk, args, { cpus: pinning?.load, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  await once(child, "exit");
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socketErrors = /Socket errors: (.*)/.exec(out)?.[1];
  if (!Number.isFinite(requests)) throw new Error(`could not read wrk's output:\n${out}`);
  return {
    requests,
    p99Ms: p99 ? round(durationMs(p99[1], p99[2])) : undefined,
    non2xx,
    ...(socketErrors && { socketErrors }),
  };
}

/** The Node load generator wrk replaces when it is missing: 32 keep-alive clients in this process. */
async function runNodeLoad(port, seconds, pathname, headers) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const until = performance.now() + seconds * 1000;
  const times = [];
  let non2xx = 0;
  const get = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get({ host: "127.0.0.1", port, path: pathname, agent, headers: { ...HEADERS, ...headers } }, (res) => {
          if (res.statusCode >= 400) non2xx++;
          res.resume();
          res.on("end", () => resolve(times.push(performance.now() - started)));
        })
        .on("error", reject);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await get();
    }),
  );
  agent.destroy();
  return { requests: times.length, p99Ms: round(quantile(times, 0.99)), non2xx };
}

/** One measured run against `server` (at its `path`): requests per second and per second of its CPU. */
async function measure(server, load) {
  await load(server.port, 1, server.path); // warm up
  const before = cpuMs(server.pid);
  const run = await load(server.port, SECONDS, server.path);
  const cpu = cpuMs(server.pid) - before;
  return {
    server: server.name,
    requestsPerSecond: Math.round(run.requests / SECONDS),
    ...(cpu > 0 && {
      serverCpuPercent: Math.round((cpu / (SECONDS * 1000)) * 100),
      requestsPerCpuSecond: Math.round(run.requests / (cpu / 1000)),
    }),
    p99Ms: run.p99Ms,
    non2xx: run.non2xx,
    ...(run.socketErrors && { socketErrors: run.socketErrors }),
  };
}

/**
 * A page from our server (cached; Home unless `page` is given) and its gzip bytes from nginx (at
 * `/`), measured the same way one after the other. `headers` go with every request to either, and
 * `label` names the page in the notes. The result names the variant of a team page served
 * (X-Page-Variant of the response whose bytes nginx serves).
 */
export async function cachedThroughput(ours, { page = "/", headers = {}, label = "Home" } = {}) {
  await gzipBytes(ours.url, page, headers);
  const { body, cache, variant } = await gzipBytes(ours.url, page, headers);
  const wrk = ensureCommand("wrk", ["wrk"]);
  const nginx = ensureCommand("nginx", ["nginx"]);
  const notes = [];
  if (wrk.reason) notes.push(`${wrk.reason}: a Node load generator stands in for wrk`);
  if (nginx.reason)
    notes.push(
      `${nginx.reason}: plain node:http stands in for nginx, and the ratio is an estimate (node:http = ${NODE_HTTP_VS_NGINX}× nginx)`,
    );
  if (cache !== "hit")
    notes.push(
      `${label}'s second response was not a page-cache hit (X-Page-Cache: ${cache ?? "absent"}): "ours" may be rendering`,
    );
  if (!pinning)
    notes.push("no taskset or a single core: server and load generator are not pinned to cores of their own");
  const load = wrk.path
    ? (port, seconds, pathname) => runWrk(wrk.path, port, seconds, pathname, headers)
    : (port, seconds, pathname) => runNodeLoad(port, seconds, pathname, headers);

  const result = {
    ...(page !== "/" && { page }),
    ...(variant && { variant }),
    bytesPerResponse: body.length,
    loadGenerator: wrk.path ? `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s` : `node, ${CONNECTIONS} keep-alive clients`,
    pinned: Boolean(pinning),
    ours: await measure({ name: "ours", port: Number(new URL(ours.url).port), pid: ours.pid, path: page }, load),
  };
  const reference = nginx.path ? await startNginx(nginx.path, body) : await startNodeHttp(body);
  try {
    result.reference = await measure(reference, load);
  } finally {
    await reference.stop();
  }
  const ratio = result.ours.requestsPerCpuSecond / result.reference.requestsPerCpuSecond;
  if (Number.isFinite(ratio)) result.oursVsNginxPerCpu = round(nginx.path ? ratio : ratio * NODE_HTTP_VS_NGINX, 3);
  if (notes.length > 0) result.notes = notes;
  return result;
}
