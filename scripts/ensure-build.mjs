// Builds the app when the build is missing or older than its sources.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const sources = ["app", "content", "server", "public", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
export const serverEntry = path.join(buildDir, "server", "index.js");

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
  console.log(builtAt === 0 ? "No build yet: building…" : "Sources changed since the last build: rebuilding…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("The build failed.");
  precompressAssets(path.join(buildDir, "client", "assets"));
}

/** Writes .br and .gz beside each hashed JS/CSS asset, so they are compressed once, not per request. */
function precompressAssets(dir) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg)$/.test(name)) continue;
    const file = path.join(dir, name);
    const source = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
