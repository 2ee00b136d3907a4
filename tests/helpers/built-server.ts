import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildDir, ensureBuild } from "../../scripts/ensure-build.mjs";
import { TEST_ADMIN } from "./api-server.ts";
import { databaseEnvFor, TEST_POOL_SIZE } from "./test-database.ts";

const LOCK_STALE_MS = 10 * 60 * 1000;

/**
 * Builds the app when the build (BUILD_DIR) is missing or stale. Test files
 * run in parallel workers, so the build is taken under a lock folder beside
 * the build: one worker builds, the others wait and then find it current.
 */
export async function ensureBuiltOnce(): Promise<void> {
  const lock = `${buildDir}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Removed meanwhile: try again.
      }
      await sleep(250);
    }
  }
  try {
    ensureBuild();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  /** Everything the child wrote to stderr (its log's warnings and errors). */
  stderr(): string;
  /** Everything the child wrote to stdout (its log's other lines, and the `{"url"}` line of serve-built.mjs). */
  stdout(): string;
  /** Ends the child with SIGKILL (no clean-up at all) and waits until it is gone. */
  kill(): Promise<void>;
  /** Asks the child to stop (SIGTERM, a clean shutdown) and waits until it is gone. */
  stop(): Promise<void>;
}

/**
 * Starts the production build (tests/helpers/serve-built.mjs) as a child
 * process on a random port with `dataDir`: SQLite in it, or, while the test
 * file runs on PostgreSQL, the schema kept for that folder (the same data again
 * after a restart on the same folder).
 */
export async function startBuiltServer(dataDir: string, env: Record<string, string> = {}): Promise<BuiltServer> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "serve-built.mjs")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DATABASE_POOL_SIZE: TEST_POOL_SIZE,
      ...(await databaseEnvFor(dataDir)),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let out = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const line = out.split("\n").find((l) => l.startsWith('{"url"'));
      if (line) {
        child.stdout!.off("data", onData);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code, signal) =>
      reject(new Error(`the server exited (${code ?? signal}) before it started:\n${errors}`)),
    );
  });
  return {
    url,
    child,
    stderr: () => errors,
    stdout: () => out,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
