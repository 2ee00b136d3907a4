import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{content,server,app,scripts}/**/*.test.{ts,tsx}", "tests/{integration,fuzz,crash}/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
