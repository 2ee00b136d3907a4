import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type BuildEnvironmentOptions } from "vite";

/**
 * The browser build is tuned for the public pages' first load (design.md budgets;
 * `npm run audit` prints each route's initial JS): terser makes React DOM and
 * React Router about 3.5 KiB (gzip) smaller than esbuild's minifier does. More
 * passes, or merging small chunks, gained under 0.3 KiB and doubled build time.
 */
const client: BuildEnvironmentOptions = {
  target: "es2022",
  minify: "terser",
  terserOptions: {
    module: true,
    compress: { pure_getters: true },
    format: { comments: false },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // The SSR bundle's entry is our Hono server, so the database handle and the
  // event bus exist once per process (docs/decisions/001-one-process.md).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : client,
}));
