import path from "node:path";
import { defineConfig } from "@playwright/test";
import { buildDir } from "./scripts/ensure-build.mjs";
import { chromiumPath } from "./tests/helpers/chromium.ts";
import { machineBudget } from "./tests/helpers/machine.ts";

// Parallel runs with their own BUILD_DIR keep their results apart too.
const runName = process.env.BUILD_DIR ? `-${process.env.BUILD_DIR.replace(/[^\w-]/g, "")}` : "";

// Workers and time budgets follow the machine this runs on (tests/helpers/machine.ts): measured
// once by the runner, inherited by its workers.
const measured = !process.env.TEST_TIME_SCALE;
const { workers, timeScale } = machineBudget();
if (measured) console.log(`End-to-end on this machine: ${workers} worker(s), time budgets ×${timeScale}`);

export default defineConfig({
  testDir: "tests/e2e",
  // The server build the tests import (fixtures.ts) is plain JavaScript: left out of Playwright's Babel
  // transform, which took 6 to 8 s of each worker's start on its 1.6 MB bundle (2 s without).
  build: { external: [`${path.basename(buildDir)}/server/**`] },
  outputDir: `test-results/e2e${runName}`,
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers,
  // One retry in CI only: a test that passes on its retry is reported as flaky (npm test prints how many),
  // so timing trouble on a loaded 2-core machine stays visible without sinking a landing.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000 * timeScale,
  expect: { timeout: 5_000 * timeScale },
  reporter: [["list"], ["json", { outputFile: `reports/e2e${runName}.json` }]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
  },
});
