// `npm test`: format check, typecheck, lint, unit + integration (Vitest), end-to-end (Playwright in
// Debian's Chromium). Ends with one line "N passed, N failed" over every suite.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

function ensureChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  if (candidates.some((candidate) => existsSync(candidate))) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
    if (existsSync("/usr/bin/chromium")) return true;
  }
  console.error("Chromium was not found. Install it (Debian: apt-get install chromium) or set CHROME_PATH.");
  return false;
}

const totals = { passed: 0, failed: 0 };
const count = (ok) => (ok ? totals.passed++ : totals.failed++);
// Suite names select suites; options (`--exclude=…`) go to Vitest: `npm test -- unit --exclude='**/postgres/**'`.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const vitestOptions = process.argv.slice(2).filter((arg) => arg.startsWith("-"));
const wants = (suite) => only.length === 0 || only.includes(suite);

if (wants("format")) {
  console.log("\n▶ format (Prettier; `npm run format` fixes it)");
  count(run(bin("prettier"), ["--check", "."]) === 0);
}
if (wants("typecheck")) {
  console.log("\n▶ typecheck");
  count(run(bin("react-router"), ["typegen"]) === 0 && run(bin("tsc"), ["--noEmit"]) === 0);
}
/** A merge's conflict markers left in any tracked file (prose and data too, which Prettier and ESLint skip). */
function noConflictMarkers() {
  const found = spawnSync("git", ["grep", "-n", "-I", "-E", "^(<{7}|>{7})( |$)"], { cwd: root, encoding: "utf8" });
  // 1: none found; anything but 0 and 1: not a Git checkout (a copied tree), nothing to ask.
  if (found.status !== 0) return true;
  console.error(`Conflict markers left by a merge:\n${found.stdout || found.stderr}`);
  return false;
}

if (wants("lint")) {
  console.log("\n▶ lint");
  // ESLint, then import circles (type imports included: .madgerc) anywhere in the code.
  const cycles = () => run(bin("madge"), ["--circular", "app", "server", "content", "scripts", "tests"]) === 0;
  count(run(bin("eslint"), [".", "--max-warnings", "0"]) === 0 && cycles() && noConflictMarkers());
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

if (wants("unit")) {
  console.log("\n▶ unit and integration (Vitest)");
  const file = path.join(reports, "vitest.json");
  const status = run(bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${file}`,
    ...vitestOptions,
  ]);
  const report = readJson(file);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    if (status !== 0 && report.numFailedTests === 0) totals.failed++;
  } else count(false);
}

if (wants("e2e")) {
  console.log("\n▶ end-to-end (Playwright, Chromium)");
  if (!ensureChromium()) count(false);
  else {
    const status = run(bin("playwright"), ["test"]);
    const report = readJson(path.join(reports, "e2e.json"));
    if (report?.stats) {
      totals.passed += report.stats.expected + report.stats.flaky;
      if (report.stats.flaky > 0)
        console.log(`\n${report.stats.flaky} end-to-end test(s) flaky: failed once, passed on retry`);
      totals.failed += report.stats.unexpected;
      if (status !== 0 && report.stats.unexpected === 0) totals.failed++;
    } else count(false);
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
