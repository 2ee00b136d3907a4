import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // tests/scale holds long runs (npm run test:scale), kept out of npm test.
    include: process.env["SCALE_TESTS"]
      ? ["tests/scale/**/*.test.ts"]
      : ["{content,server,app,scripts}/**/*.test.{ts,tsx}", "tests/{integration,fuzz,crash}/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
