import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadEnv } from "#server/env.ts";
import type { DepsOptions } from "#server/assembly/deps.ts";
import { startServer, type RunningServer } from "#server/assembly/serve.ts";
import { databaseEnvFor, TEST_POOL_SIZE } from "./test-database.ts";

export const TEST_ADMIN = { email: "owner@example.lk", password: "correct horse battery" };

export interface TestServer extends RunningServer {
  dataDir: string;
  /** Stops the server, keeping its data folder (to start again on it). */
  stop(): Promise<void>;
}

export const tempDir = (prefix = "agency-test-") => mkdtempSync(path.join(tmpdir(), prefix));

/**
 * Starts the real HTTP server (API, SSE, auth; no page rendering) on a random
 * port, on the given data folder (a fresh one by default): SQLite in it, or a
 * fresh PostgreSQL schema when the test file runs on PostgreSQL
 * (./test-database.ts), or whatever DATABASE_URL `env` names. `outbox` passes
 * test hooks to the delivery worker. close() also removes the data folder;
 * stop() keeps it.
 */
export async function startTestServer(
  options: { env?: Record<string, string>; dataDir?: string } & DepsOptions = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDir();
  const server = await startServer(
    loadEnv({
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DATABASE_POOL_SIZE: TEST_POOL_SIZE,
      ...(await databaseEnvFor(dataDir)),
      ...options.env,
    }),
    undefined,
    { outbox: options.outbox, insights: options.insights, log: options.log },
  );
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
  };
  return {
    ...server,
    dataDir,
    stop,
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh server with these environment variables (see {@link startTestServer}). */
export const startApiServer = (env: Record<string, string> = {}) => startTestServer({ env });

/** Signs in through the API and returns the session cookie header. */
export async function signIn(baseUrl: string, credentials = TEST_ADMIN): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0]!;
}
