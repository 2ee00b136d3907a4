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

/**
 * The public pages' own code in one chunk, `shell`: what the root and the site
 * layout import, what three or more site routes share, the hooks any site
 * route uses (a few hundred bytes; one shared with the admin would otherwise
 * be a file of its own, a request for 0.1 KiB). Left to Rollup, it came as a dozen small
 * files that each paid their own gzip framing and import lines. Two more
 * names keep the rest out of it (Rollup moves a manual chunk's unassigned
 * dependencies into it): `framework` for React and React Router, and
 * `admin-icons` for lucide-react, which only the admin uses (the public site
 * draws its icons itself: app/components/site/icons/).
 */
const SHELL_ENTRIES = /\/app\/(root|routes\/site\/layout)\.tsx$/;
const SITE_ROUTE = /\/app\/routes\/site\/[^/]+\.tsx$/;
const HOOK = /\/app\/hooks\//;
const LANDING_ROUTE = /\/app\/routes\/site\/landing\.tsx$/;
const OWN = new RegExp(`^${path.resolve(import.meta.dirname)}/(app|content)/|^\0vite/preload-helper`);
const ICON = /\/node_modules\/lucide-react\//;
let chunkOf: ((id: string) => string | undefined) | undefined;
const manualChunks: Rollup.GetManualChunk = (id, { getModuleIds, getModuleInfo }) => {
  chunkOf ??= (() => {
    const ids = [...getModuleIds()];
    /**
     * Our modules and the framework's that `from` imports, itself included, not following icons;
     * with `later`, those it imports when drawn too (`import()`).
     */
    const reach = (from: string, later = false) => {
      const seen = new Set<string>();
      const queue = [from];
      while (queue.length) {
        const moduleId = queue.pop()!;
        if (seen.has(moduleId) || ICON.test(moduleId)) continue;
        seen.add(moduleId);
        const info = getModuleInfo(moduleId);
        queue.push(...(info?.importedIds ?? []), ...((later && info?.dynamicallyImportedIds) || []));
      }
      return seen;
    };
    const entries = ids.filter((moduleId) => SHELL_ENTRIES.test(moduleId.split("?")[0]!));
    const routes = ids.filter((moduleId) => SITE_ROUTE.test(moduleId.split("?")[0]!) && !entries.includes(moduleId));
    const chunks = new Map<string, string>();
    // The team pages' route draws every block with the other pages' parts (issue 42): counted, it
    // would move the contact form, the logo strip and the cards into every page's shell.
    const sharing = routes.filter((moduleId) => !LANDING_ROUTE.test(moduleId.split("?")[0]!));
    for (const moduleId of entries.flatMap((entry) => [...reach(entry)]))
      chunks.set(moduleId, OWN.test(moduleId) ? "shell" : "framework");
    const shared = new Map<string, number>();
    for (const route of sharing)
      for (const moduleId of reach(route)) shared.set(moduleId, (shared.get(moduleId) ?? 0) + 1);
    for (const [moduleId, count] of shared)
      if ((count >= 3 || HOOK.test(moduleId)) && !chunks.has(moduleId) && OWN.test(moduleId))
        chunks.set(moduleId, "shell");
    for (const route of routes) chunks.delete(route);
    // What one site route shares with no other but the team pages' (the home page's cards and logo
    // strip, the Services page's cards) stays in that route's chunk, as it was before team pages
    // drew it too: a chunk of its own costs the route about 0.4 KiB gzip in framing and imports. A
    // team page's blocks that draw it come after the page's own code (app/lib/later.ts).
    // Route ids come twice (the module and React Router's client-route view of it): by file here.
    const file = (moduleId: string) => moduleId.split("?")[0]!;
    const teamPages = new Set(
      routes.filter((route) => LANDING_ROUTE.test(file(route))).flatMap((route) => [...reach(route, true)]),
    );
    const routesOf = new Map<string, Set<string>>();
    for (const route of sharing)
      for (const moduleId of reach(route))
        routesOf.set(moduleId, (routesOf.get(moduleId) ?? new Set()).add(file(route)));
    for (const route of sharing) {
      const own = [...reach(route)].filter(
        (moduleId) =>
          routesOf.get(moduleId)?.size === 1 && teamPages.has(moduleId) && !chunks.has(moduleId) && OWN.test(moduleId),
      );
      if (own.length === 0) continue;
      const name = path.basename(file(route), ".tsx");
      for (const moduleId of [route, ...own]) chunks.set(moduleId, name);
    }
    return (moduleId: string) => (ICON.test(moduleId) ? "admin-icons" : chunks.get(moduleId));
  })();
  return chunkOf(id);
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  // React Router builds both environments with shared plugins, which read the
  // minifier from the top level: the browser's options sit here, the server's override them.
  build: { ...client, rollupOptions: { onwarn } },
  environments: {
    // The SSR bundle's entry is our Hono server, so the database handle and the
    // event bus exist once per process (docs/decisions/001-one-process.md).
    client: { build: { rollupOptions: { output: { manualChunks } } } },
    ssr: { build: { rollupOptions: { input: "./server/app.ts" }, target: "node20", minify: false } },
  },
});
