import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type BuildEnvironmentOptions, type Plugin, type Rollup } from "vite";

/**
 * Writes .br and .gz beside each hashed JS/CSS/SVG asset of the browser build,
 * so the server sends them compressed once at build time, not per request.
 */
function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const files = Object.keys(bundle).filter((name) => /^assets\/.*\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(options.dir!, name);
          const source = await readFile(file);
          await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
          await writeFile(
            `${file}.br`,
            brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}

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

/**
 * Rollup's notes that change nothing in the output: comments in dependencies
 * (zod) it cannot place, and the empty browser chunks of resource routes
 * (robots.txt, sitemap.xml) that have no component. Everything else is shown.
 */
const HARMLESS_WARNINGS = new Set(["INVALID_ANNOTATION", "EMPTY_BUNDLE"]);
const onwarn = (warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void) => {
  if (!HARMLESS_WARNINGS.has(warning.code ?? "")) warn(warning);
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  // React Router builds both environments with shared plugins, which read the
  // minifier from the top level: the browser's options sit here, the server's override them.
  build: { ...client, rollupOptions: { onwarn } },
  environments: {
    // The SSR bundle's entry is our Hono server, so the database handle and the
    // event bus exist once per process (docs/decisions/001-one-process.md).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" }, target: "node20", minify: false } },
  },
});
