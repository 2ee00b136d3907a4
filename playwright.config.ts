import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./tests/helpers/chromium.ts";

// Parallel runs with their own BUILD_DIR keep their results apart too.
const runName = process.env.BUILD_DIR ? `-${process.env.BUILD_DIR.replace(/[^\w-]/g, "")}` : "";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e${runName}`,
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // One retry in CI only: a test that passes on its retry is reported as flaky (npm test prints how many),
  // so timing trouble on a loaded 2-core machine stays visible without sinking a landing.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
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
