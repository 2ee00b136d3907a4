// A child process of the bench that plays many open pages of one route (see
// ./live.mjs): each page holds /api/events on a lean raw socket and, on a
// `content` event for its document, does what the browser's live refresh does
// (app/hooks/use-live-content.ts): waits random(0..spread) ms, GETs the route's
// data with a browser's headers over a shared keep-alive pool, decompresses it
// and looks for the save's marker; a failed refresh is retried with backoff.
import http from "node:http";
import net from "node:net";
import { once } from "node:events";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { clock, openFileLimit, sleep } from "./util.mjs";

export const REFRESH_TIMEOUT_MS = 10_000;
export const GIVE_UP_AFTER_MS = 30_000;
const BACKOFF_START_MS = 1_000;
const BACKOFF_CAP_MS = 30_000;

const [{ host, port, pages, pool, dataPath, documentKey }] = await once(process, "message");
const limit = openFileLimit();
if (limit !== undefined && limit < pages + pool + 100) {
  process.send({
    error: `the open-file limit ${limit} is too low for ${pages} pages per process (raise the hard limit, ulimit -Hn)`,
  });
  await once(process, "disconnect");
  process.exit(0);
}

const frameAt = new Float64Array(pages).fill(NaN);
const doneAt = new Float64Array(pages).fill(NaN);
const failures = {}; // kind → count
let attempts = 0;
let stale = 0;
let marker;
let deadline = Infinity;

const connections = new http.Agent({ keepAlive: true, maxSockets: pool });
const headers = { Accept: "*/*", "Accept-Encoding": "gzip, deflate, br" };

function decode(encoding, body) {
  if (encoding === "br") return brotliDecompressSync(body);
  if (encoding === "gzip") return gunzipSync(body);
  if (encoding === "deflate") return inflateSync(body);
  return body;
}

/** One GET of the route's data: { ok, text } or { kind, retryAfterMs } for a failure. */
function fetchData() {
  return new Promise((resolve) => {
    const req = http.get({ host, port, path: dataPath, agent: connections, headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("error", () => resolve({ kind: "error" }));
      res.on("end", () => {
        clearTimeout(timer);
        if (res.statusCode !== 200) {
          const seconds = Number(res.headers["retry-after"]);
          return resolve({ kind: String(res.statusCode), retryAfterMs: Number.isFinite(seconds) ? seconds * 1000 : 0 });
        }
        try {
          resolve({ ok: true, text: decode(res.headers["content-encoding"], Buffer.concat(chunks)).toString("utf8") });
        } catch {
          resolve({ kind: "undecodable" });
        }
      });
    });
    // A browser page has its own connection: the time this request waits for one of the
    // pool's sockets is the load generator's, so the 10 s timeout starts with the socket.
    let timer;
    req.once("socket", () => {
      timer = setTimeout(() => {
        req.destroy(new Error("timeout"));
        resolve({ kind: "timeout" });
      }, REFRESH_TIMEOUT_MS);
    });
    req.on("error", () => {
      clearTimeout(timer);
      resolve({ kind: "error" });
    });
  });
}

/** The page's refresh, with the browser's retries: 1 s, 2 s, 4 s … capped at 30 s, each plus up to 50 % jitter. */
async function refresh(page, attempt = 0) {
  if (clock() > deadline) return;
  attempts++;
  const result = await fetchData();
  if (result.ok) {
    if (result.text.includes(marker)) doneAt[page] = clock();
    else stale++; // the browser would show what it got and wait for the next save
    return;
  }
  failures[result.kind] = (failures[result.kind] ?? 0) + 1;
  const backoff = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** attempt) * (1 + Math.random() * 0.5);
  setTimeout(() => void refresh(page, attempt + 1), Math.max(backoff, result.retryAfterMs ?? 0));
}

function onFrame(page, frame) {
  if (!frame.startsWith("event: content\n")) return;
  const data = /^data: (.*)$/m.exec(frame)?.[1];
  let event;
  try {
    event = JSON.parse(data ?? "");
  } catch {
    return;
  }
  if (event.key !== documentKey || marker === undefined || !Number.isNaN(frameAt[page])) return;
  frameAt[page] = clock();
  const spread = Number(event.spread) > 0 ? Number(event.spread) : 0;
  setTimeout(() => void refresh(page), Math.random() * spread);
}

const request = Buffer.from(`GET /api/events HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: text/event-stream\r\n\r\n`);
let ready = 0;
let failed = 0;
const open = (page) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let head = "";
    let pending = "";
    let streaming = false;
    socket.setNoDelay(true);
    socket.setTimeout(10_000, () => socket.destroy(new Error("timed out")));
    socket.on("error", () => {
      if (!streaming) failed++;
      resolve();
    });
    socket.on("connect", () => socket.write(request));
    socket.on("data", (chunk) => {
      if (!streaming) {
        head += chunk.toString("latin1");
        if (!head.startsWith("HTTP/1.1 200")) {
          failed++;
          socket.destroy();
          return resolve();
        }
        const end = head.indexOf("event: ready\n");
        if (end === -1) return;
        streaming = true;
        socket.setTimeout(0);
        ready++;
        resolve();
        pending = head.slice(head.indexOf("\n\n", end) + 2);
      } else pending += chunk.toString("utf8");
      // Chunked transfer framing (size lines) sits between frames, outside "event: …" blocks.
      let cut;
      while ((cut = pending.indexOf("\n\n")) !== -1) {
        const frame = pending.slice(0, cut);
        pending = pending.slice(cut + 2);
        const start = frame.indexOf("event: ");
        if (start !== -1) onFrame(page, frame.slice(start));
      }
    });
  });

// A few hundred connects at a time stay within the server's listen backlog.
const opening = new Set();
for (let page = 0; page < pages; page++) {
  const p = open(page).then(() => opening.delete(p));
  opening.add(p);
  if (opening.size >= 250) await Promise.race(opening);
}
await Promise.all(opening);
if (failed > 0) {
  process.send({ error: `${failed} of ${pages} streams could not be opened (the server's open-file limit?)` });
  await once(process, "disconnect");
  process.exit(0);
}
process.send({ ready });

const [arm] = await once(process, "message");
marker = arm.marker;
process.send({ armed: true });
const cpuBefore = process.cpuUsage();
const [{ savedAt }] = await once(process, "message");
deadline = savedAt + GIVE_UP_AFTER_MS;
while (clock() < deadline && doneAt.some(Number.isNaN)) await sleep(5);
// This process's own CPU time from the save to the last page (a core's worth means the
// load generator, not the server, set the pace).
const { user, system } = process.cpuUsage(cpuBefore);
const cpuMs = (user + system) / 1000;
process.send({ frameAt: [...frameAt], doneAt: [...doneAt], failures, attempts, stale, cpuMs });
await once(process, "disconnect");
process.exit(0);
