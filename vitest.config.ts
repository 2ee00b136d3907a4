import { defineConfig } from "vitest/config";
import { timeScale } from "./tests/helpers/machine.ts";

// Time budgets follow the machine (tests/helpers/machine.ts): a slower or busier one gets more.
const scale = timeScale();

export default defineConfig({
  test: {
    // tests/scale holds long runs (npm run test:scale), kept out of npm test.
    include: process.env["SCALE_TESTS"]
      ? ["tests/scale/**/*.test.ts"]
      : ["{content,server,app,scripts}/**/*.test.{ts,tsx}", "tests/{integration,fuzz,crash}/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000 * scale,
    hookTimeout: 30_000 * scale,
  },
});
