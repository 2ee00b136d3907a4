import { scryptSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";

/**
 * What the end-to-end suite may ask of the machine it runs on (issue 31).
 * Machines here are shared and differ several-fold in speed, so the suite
 * reads the machine before it starts instead of assuming the one it was
 * written on:
 *
 * - `workers`: one per core that is free now (measured over a moment, not the
 *   load average, which still remembers the unit tests that ran just before),
 *   at least one. A worker is a server, a browser and a test; on a core
 *   another process keeps busy it only makes every test slower.
 * - `timeScale`: how much slower than the reference machine a fixed piece of
 *   work runs here now; every time budget (test, expect, explicit waits) is
 *   multiplied by it. In CI it is at least 2, since a shared machine can slow
 *   down after the suite has started. Budgets only cap waits: a passing test
 *   takes no longer for a larger one.
 *
 * The runner measures once and passes the result to its workers (which load
 * the config again) through the environment; `E2E_WORKERS` and
 * `TEST_TIME_SCALE` set by hand win.
 */
export interface MachineBudget {
  workers: number;
  timeScale: number;
}

/** The calibration's median on a quiet 2-core machine of this workplace (node-svc), in ms. */
const REFERENCE_MS = 35;
const MAX_SCALE = 6;

/** Total and idle CPU time since boot (Linux), or undefined elsewhere. */
function cpuTimes(): { total: number; idle: number } | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are time nobody wanted.
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), idle: fields[3]! + (fields[4] ?? 0) };
  } catch {
    return undefined;
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Cores nobody is using now: measured over `ms` from /proc/stat, else from the 1-minute load average. */
export function idleCores(cores = availableParallelism(), ms = 500): number {
  const before = cpuTimes();
  if (!before) return Math.max(0, cores - loadavg()[0]!);
  sleep(ms);
  const after = cpuTimes()!;
  const total = after.total - before.total;
  return total > 0 ? (cores * (after.idle - before.idle)) / total : cores;
}

/** A fixed piece of CPU-bound work, timed five times: the median in ms. */
export function calibrationMs(): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    scryptSync("calibration", "salt", 32, { N: 1 << 14, r: 8, p: 1 });
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2]!;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * How much slower than the reference machine this one runs now (at least 2 in
 * CI, at most MAX_SCALE), measured once per run: kept in the environment.
 */
export function timeScale(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.TEST_TIME_SCALE);
  if (given > 0) return given;
  const measured = Math.round((calibrationMs() / REFERENCE_MS) * 10) / 10;
  const scale = clamp(measured, env.CI ? 2 : 1, MAX_SCALE);
  env.TEST_TIME_SCALE = String(scale);
  return scale;
}

/** Workers and time scale for the end-to-end suite, measured once per run (kept in the environment). */
export function machineBudget(env: NodeJS.ProcessEnv = process.env): MachineBudget {
  const given = Number(env.E2E_WORKERS);
  const cores = availableParallelism();
  const workers = given >= 1 ? Math.floor(given) : clamp(Math.round(idleCores(cores)), 1, cores);
  env.E2E_WORKERS = String(workers);
  return { workers, timeScale: timeScale(env) };
}

/** `ms` on this machine: a time budget written for the reference machine, scaled (see machineBudget). */
export function budget(ms: number): number {
  const scale = Number(process.env.TEST_TIME_SCALE);
  return Math.round(ms * (scale > 0 ? scale : 1));
}
