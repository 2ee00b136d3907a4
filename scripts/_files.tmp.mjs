import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildDir, ensureBuild, importServer } from "./ensure-build.mjs";
ensureBuild();
const { start, loadEnv } = await importServer();
const server = await start(loadEnv({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: mkdtempSync(path.join(tmpdir(), "x-")), LOG_LEVEL: "error", ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "an audit password" }));
const base = server.url.replace("localhost", "127.0.0.1");
for (const route of process.argv.slice(2)) {
  const html = await (await fetch(base + route)).text();
  console.log(route);
  for (const m of html.matchAll(/<(?:link[^>]+rel="modulepreload"[^>]+href|script[^>]+src)="([^"]+\.js)"/g)) {
    const f = path.join(buildDir, "client", m[1]);
    if (!existsSync(f)) continue;
    console.log("  ", (gzipSync(readFileSync(f)).length / 1024).toFixed(2), m[1]);
  }
}
await server.close();
