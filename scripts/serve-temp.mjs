// Starts the production build on a random port with a temporary data folder and
// prints {"url": …, "dataDir": …} on one line: used by bench and audit runs in a child process.
// PAGE_CACHE, ANALYTICS and TRUST_PROXY from the environment are passed on (the bench measures
// renders with PAGE_CACHE=off, and what counting costs with ANALYTICS=off).
// SERVE_DATA_DIR names a data folder to use instead (kept on stop), SERVE_DATABASE_URL a
// PostgreSQL database to use (the bench's posts at scale); a DATABASE_URL of the shell is
// never used, so a bench cannot write into a real site's database. SERVE_TRUST_PROXY sets
// TRUST_PROXY (npm run eval:chat asks as many visitors); SERVE_AI=1 passes the shell's
// model settings (AI_PROVIDER, GEMINI_*, OPENAI_*) on, which are otherwise left out.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { importServer } from "./ensure-build.mjs";

const ownFolder = !process.env.SERVE_DATA_DIR;
const dataDir = process.env.SERVE_DATA_DIR || mkdtempSync(path.join(tmpdir(), "agency-serve-"));
const { start, loadEnv } = await importServer();
const server = await start(
  loadEnv({
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.SERVE_DATABASE_URL,
    LOG_LEVEL: "error",
    ADMIN_EMAIL: "bench@example.lk",
    ADMIN_PASSWORD: "bench password",
    PAGE_CACHE: process.env.PAGE_CACHE,
    ANALYTICS: process.env.ANALYTICS,
    TRUST_PROXY: process.env.SERVE_TRUST_PROXY ?? process.env.TRUST_PROXY,
    ...(process.env.SERVE_AI === "1" &&
      Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(AI_PROVIDER|GEMINI_|OPENAI_)/.test(name)))),
  }),
);
console.log(JSON.stringify({ url: server.url.replace("localhost", "127.0.0.1"), dataDir }));
const stop = async () => {
  await server.close();
  if (ownFolder) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
