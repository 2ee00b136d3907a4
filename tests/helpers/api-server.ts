import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadEnv } from "#server/env.ts";
import { startServer, type RunningServer } from "#server/http/serve.ts";
import { databaseEnvFor } from "./test-database.ts";

export const TEST_ADMIN = { email: "owner@example.lk", password: "correct horse battery" };

export interface TestServer extends RunningServer {
  dataDir: string;
}

/**
 * Starts the real HTTP server (API, SSE, auth; no page rendering) on a random
 * port with a fresh data folder: SQLite in it, or a fresh PostgreSQL schema
 * when the test file runs on PostgreSQL (./test-database.ts), or whatever
 * DATABASE_URL `env` names.
 */
export async function startApiServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-test-"));
  const server = await startServer(
    loadEnv({
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(await databaseEnvFor(dataDir)),
      ...env,
    }),
  );
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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
