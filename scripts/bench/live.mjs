// Live updates end to end: a save of Services, seen by N open /services pages
// as new content (SSE event, then the page's own data refresh). The pages are
// played by child processes (./live-agent.mjs, one per 5,000 pages up to one per
// load-generator core), stamping on the clock all processes share; this process makes the save.
import { once } from "node:events";
import path from "node:path";
import { clock, cores, pinning, quantile, round, sleep, spawnTuned } from "./util.mjs";

const PAGES_PER_AGENT = 5_000;
const POOL_PER_AGENT = 128;

/** Signs in as the bench's admin; returns a save function for Services that puts `marker` into its subtitle. */
async function servicesEditor(url) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "bench@example.lk", password: "bench password" }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.getSetCookie()[0].split(";")[0];
  const original = (await (await fetch(`${url}/api/content/services`, { headers: { Cookie: cookie } })).json()).data;
  /** Saves; returns when the save was sent, on the shared clock. */
  return async (marker) => {
    const { version } = await (await fetch(`${url}/api/content/services`, { headers: { Cookie: cookie } })).json();
    const body = JSON.stringify({ version, data: { ...original, subtitle: `${original.subtitle} ${marker}` } });
    const sentAt = clock();
    const saved = await fetch(`${url}/api/content/services`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body,
    });
    if (!saved.ok) throw new Error(`save failed: ${saved.status} ${await saved.text()}`);
    await saved.arrayBuffer();
    return sentAt;
  };
}

/**
 * Opens `pages` pages of /services, saves Services once with a fresh marker,
 * and reports when each page held it: save → SSE frame, and save → new
 * content on the page (p50, p99, max), failed refresh attempts, pages
 * without the new content after 30 s.
 */
export async function liveUpdates(url, pages) {
  const target = new URL(url);
  const save = await servicesEditor(url);
  await save(`warm-${Date.now()}`); // warm up the save path and the refresh, as the other measures warm up theirs
  await (await fetch(`${url}/services.data`)).arrayBuffer();

  // One agent per load-generator core at most: two on one core only take turns (10,000 pages:
  // p99 3.8 s with two agents on the second core of two, 2.9 s with one).
  const loadCores = pinning ? cores - 1 : cores;
  const count = Math.min(loadCores, Math.ceil(pages / PAGES_PER_AGENT));
  const agents = Array.from({ length: count }, (_, i) => {
    const share = Math.floor(pages / count) + (i < pages % count ? 1 : 0);
    const agent = spawnTuned(process.execPath, [path.join(import.meta.dirname, "live-agent.mjs")], {
      files: share + POOL_PER_AGENT + 1_000,
      cpus: pinning?.load,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    agent.send({
      host: target.hostname,
      port: Number(target.port),
      pages: share,
      pool: POOL_PER_AGENT,
      dataPath: "/services.data",
      documentKey: "services",
    });
    return agent;
  });
  const ask = (message) =>
    Promise.all(
      agents.map(async (agent) => {
        if (message !== undefined) agent.send(message);
        return (await once(agent, "message"))[0];
      }),
    );
  try {
    const opened = await ask();
    const error = opened.find((o) => o.error)?.error;
    if (error) return { pages, error };
    const marker = `bench-${Date.now().toString(36)}`;
    await ask({ marker });
    await sleep(200); // settle
    const savedAt = await save(marker);
    const reports = await ask({ savedAt });

    const frames = reports.flatMap((r) => r.frameAt.filter((t) => t !== null).map((t) => t - savedAt));
    const content = reports.flatMap((r) => r.doneAt.filter((t) => t !== null).map((t) => t - savedAt));
    const failures = {};
    for (const r of reports)
      for (const [kind, n] of Object.entries(r.failures)) failures[kind] = (failures[kind] ?? 0) + n;
    const summary = (delays) => ({
      p50Ms: round(quantile(delays, 0.5)),
      p99Ms: round(quantile(delays, 0.99)),
      maxMs: round(Math.max(...delays)),
    });
    return {
      pages,
      agents: count,
      sse: { delivered: frames.length, ...summary(frames) },
      content: { pages: content.length, ...summary(content) },
      refreshAttempts: reports.reduce((n, r) => n + r.attempts, 0),
      failedRefreshes: Object.values(failures).reduce((n, k) => n + k, 0),
      failures,
      staleRefreshes: reports.reduce((n, r) => n + r.stale, 0),
      withoutAfter30s: pages - content.length,
      // The busiest page agent's CPU time from the save to its last page, against that time.
      generatorCpu: reports.reduce(
        (busiest, r) => {
          const window = Math.max(...r.doneAt.filter((t) => t !== null).map((t) => t - savedAt));
          return r.cpuMs / window > busiest.cpuMs / busiest.windowMs
            ? { cpuMs: round(r.cpuMs), windowMs: round(window) }
            : busiest;
        },
        { cpuMs: 0, windowMs: 1 },
      ),
    };
  } finally {
    for (const agent of agents) agent.kill();
    await Promise.all(agents.map((agent) => agent.exitCode === null && once(agent, "exit")));
    await sleep(500); // let the server notice the closed streams
  }
}
