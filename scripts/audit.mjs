// `npm run audit`: Lighthouse 12 (mobile) and axe-core on every public route of the
// production build, plus each route's initial JavaScript (gzip). Prints a table and
// writes reports/audit.json. Targets (design.md): performance ≥ 95 (98 stretch),
// accessibility, best practices and SEO 100, no axe violations, JS ≤ 100 KiB gzip.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { buildDir, ensureBuild, importServer } from "./ensure-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const chromePath = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
if (!chromePath) {
  console.error("Chromium not found: install Debian's chromium package or set CHROME_PATH.");
  process.exit(1);
}
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

ensureBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), "agency-audit-"));
const { start, loadEnv } = await importServer();
const server = await start(loadEnv({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "error" }));
const base = server.url.replace("localhost", "127.0.0.1");

// One blog post's own address, taken from the sitemap.
const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
const postPath = /<loc>[^<]*?(\/blog\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
const routes = ["/", "/services", "/blog", ...(postPath ? [postPath] : []), "/partners", "/about", "/contact", "/done", "/privacy-policy", "/terms-conditions"];

/** Sum of the gzip sizes of the scripts a route loads before any interaction. */
function initialJs(html) {
  const files = new Set();
  for (const match of html.matchAll(/<(?:link[^>]+rel="modulepreload"[^>]+href|script[^>]+src)="([^"]+\.js)"/g)) files.add(match[1]);
  let bytes = 0;
  for (const file of files) {
    const local = path.join(buildDir, "client", file);
    if (existsSync(local)) bytes += gzipSync(readFileSync(local)).length;
  }
  return bytes;
}

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });

/**
 * One Lighthouse run; a run that fails inside Chromium (a runtime error, or a
 * category without a score) is repeated up to twice rather than reported as 0.
 */
async function lighthouseWithRetry(url) {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const failed = run?.lhr.runtimeError || Object.values(run?.lhr.categories ?? {}).some((c) => c.score === null);
    if (!failed || attempt === 3) return run;
    console.warn(`  Lighthouse run ${attempt} on ${url} failed (${run?.lhr.runtimeError?.code ?? "no score"}); running it again`);
  }
}
const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
const axeSource = readFileSync(path.join(root, "node_modules/axe-core/axe.min.js"), "utf8");
const results = [];
try {
  for (const route of routes) {
    const url = `${base}${route}`;
    const html = await (await fetch(url)).text();
    const run = await lighthouseWithRetry(url);
    const categories = run.lhr.categories;
    const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);

    const page = await browser.newPage({ bypassCSP: true });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    await page.close();

    const failedAudits = Object.values(run.lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    results.push({
      route,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(run.lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      cls: Number((run.lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
      initialJsKiB: Number((initialJs(html) / 1024).toFixed(1)),
      axeViolations: violations,
      failedAudits,
    });
    const r = results.at(-1);
    console.log(
      `${route.padEnd(28)} perf ${r.performance}  a11y ${r.accessibility}  bp ${r.bestPractices}  seo ${r.seo}  LCP ${r.lcpMs} ms  CLS ${r.cls}  JS ${r.initialJsKiB} KiB gz  axe ${violations.length ? violations.join(", ") : "0"}${failedAudits.length ? `  failing: ${failedAudits.join(", ")}` : ""}`,
    );
  }
} finally {
  await browser.close();
  chrome.kill();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

mkdirSync(path.join(root, "reports"), { recursive: true });
writeFileSync(path.join(root, "reports/audit.json"), JSON.stringify(results, null, 2));
const min = (key) => Math.min(...results.map((r) => r[key]));
console.log(
  `\nworst: performance ${min("performance")}, accessibility ${min("accessibility")}, best practices ${min("bestPractices")}, SEO ${min("seo")}; axe violations ${results.reduce((n, r) => n + r.axeViolations.length, 0)}; max initial JS ${Math.max(...results.map((r) => r.initialJsKiB))} KiB gzip`,
);
