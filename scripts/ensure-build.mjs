// Builds the app when the build is missing or older than its sources.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const sources = [
  "app",
  "content",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
export const serverEntry = path.join(buildDir, "server", "index.js");

/**
 * Imports the production server build. React stays external to that bundle and
 * picks its production or development code from process.env.NODE_ENV when it
 * is first loaded, so the mode is settled before the import: unset means
 * production (the development build renders several times slower).
 */
export async function importServer() {
  process.env.NODE_ENV ??= "production";
  return import(pathToFileURL(serverEntry).href);
}

function newest(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target)
    .filter((name) => !name.endsWith(".test.ts") && !name.endsWith(".test.tsx"))
    .reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

export function ensureBuild() {
  const builtAt = newest(serverEntry);
  const changedAt = Math.max(...sources.map((name) => newest(path.join(root, name))));
  if (builtAt !== 0 && changedAt <= builtAt) return;
  console.log(
    `${builtAt === 0 ? "No build yet: building" : "Sources changed since the last build: rebuilding"} (about a minute)…`,
  );
  const began = Date.now();
  // Warnings and errors only: `npm run build` shows the whole report (each file and its size).
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
      // Always the production build: a build started from Vitest (NODE_ENV=test) would otherwise
      // get React's development code, and the end-to-end tests and the audit would measure that.
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) throw new Error("The build failed.");
  console.log(`Built in ${Math.round((Date.now() - began) / 1000)} s.`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
