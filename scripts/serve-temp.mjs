// Starts the production build on a random port with a temporary data folder and
// prints {"url": …} on one line: used by bench and audit runs in a child process.
// PAGE_CACHE from the environment is passed on (the bench measures renders with PAGE_CACHE=off).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { importServer } from "./ensure-build.mjs";

const dataDir = mkdtempSync(path.join(tmpdir(), "agency-serve-"));
const { start, loadEnv } = await importServer();
const server = await start(
  loadEnv({
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    ADMIN_EMAIL: "bench@example.lk",
    ADMIN_PASSWORD: "bench password",
    PAGE_CACHE: process.env.PAGE_CACHE,
  }),
);
console.log(JSON.stringify({ url: server.url.replace("localhost", "127.0.0.1") }));
const stop = async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
