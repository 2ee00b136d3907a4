// Small pieces shared by the bench's measures.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { availableParallelism } from "node:os";
import { readFileSync } from "node:fs";
import path from "node:path";
import { findCommand } from "../debian-package.mjs";

export const root = path.resolve(import.meta.dirname, "../..");

/** Numbers in [0, 1) from `seed`, the same every run (mulberry32): generated data stays comparable. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function round(n, digits = 2) {
  return n === undefined || Number.isNaN(n) ? undefined : Number(n.toFixed(digits));
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds on a clock every process on this machine shares. */
export const clock = () => performance.timeOrigin + performance.now();

/** CPU time a process (all its threads) has used so far in ms (Linux /proc, USER_HZ 100), or undefined elsewhere. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The soft limit on open files of this process (Linux), or undefined when unknown. */
export function openFileLimit() {
  try {
    const soft = /^Max open files\s+(\S+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
    return soft === undefined || soft === "unlimited" ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

const taskset = process.platform === "linux" ? findCommand("taskset") : undefined;
export const cores = availableParallelism();

/**
 * Core sets: the server under test (or nginx) gets core 0, load generators
 * (wrk, the page agents) the others, so that they do not take turns on one
 * core. Undefined when there is nothing to pin with or to.
 */
export const pinning = taskset && cores > 1 ? { server: "0", load: `1-${cores - 1}` } : undefined;

/**
 * Moves this process (all its threads) onto the load generators' cores: the
 * bench's own clients (the uncached renders, the overload burst) run in it,
 * and must not take turns with the server on its core.
 */
export function pinSelfToLoadCores() {
  if (pinning) execFileSync(taskset, ["-a", "-p", "-c", pinning.load, String(process.pid)], { stdio: "ignore" });
}

/**
 * Starts `command args…` with its open-file limit raised to `files` (or as far
 * as the hard limit allows), on the given cores when taskset is at hand. The
 * shell execs, so the child's pid is the command's own (for /proc/<pid>/stat).
 */
export function spawnTuned(command, args, { files = 4_096, cpus, ...options } = {}) {
  if (process.platform === "win32") return spawn(command, args, options);
  const pin = cpus && taskset ? `"${taskset}" -c ${cpus} ` : "";
  const script = `ulimit -n ${files} 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec ${pin}"$0" "$@"`;
  return spawn("/bin/sh", ["-c", script, command, ...args], options);
}

/** The administrator scripts/serve-temp.mjs creates (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: "bench@example.lk", password: "bench password" };

/**
 * The production build on a random port with a temporary data folder
 * (scripts/serve-temp.mjs), in its own process: `env` is added to this
 * process's environment (PAGE_CACHE=off for uncached renders; SERVE_DATA_DIR,
 * SERVE_DATABASE_URL for a given folder or PostgreSQL database). The admin
 * is bench@example.lk with the password "bench password" ({@link BENCH_ADMIN}).
 */
export async function startServer({ env = {}, files = 12_000, cpus = pinning?.server } = {}) {
  const child = spawnTuned(process.execPath, [path.join(root, "scripts/serve-temp.mjs")], {
    files,
    cpus,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = await Promise.race([once(child.stdout, "data"), once(child, "exit").then(([code]) => ({ code }))]);
  if (!Array.isArray(first)) throw new Error(`the server stopped before it listened (exit code ${first.code})`);
  const { url, dataDir } = JSON.parse(String(first[0]));
  return {
    url,
    dataDir,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
