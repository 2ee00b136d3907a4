import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadEnv } from "#server/env.ts";
import type { DepsOptions } from "#server/http/deps.ts";
import { startServer, type RunningServer } from "#server/http/serve.ts";
import { TEST_ADMIN } from "./api-server.ts";
import { databaseEnvFor } from "./test-database.ts";

export interface OwnerServer extends RunningServer {
  dataDir: string;
  /** Stops the server, keeping its data folder (to start again on it). */
  stop(): Promise<void>;
}

export const tempDir = (prefix = "agency-owner-") => mkdtempSync(path.join(tmpdir(), prefix));

/**
 * Starts the real API server (no page rendering) on a random port, on the
 * given data folder (a fresh one by default), with test hooks for the outbox.
 * close() also removes the data folder; stop() keeps it.
 */
export async function startOwnerServer(
  options: { env?: Record<string, string>; dataDir?: string } & DepsOptions = {},
): Promise<OwnerServer> {
  const dataDir = options.dataDir ?? tempDir();
  const server = await startServer(
    loadEnv({
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(await databaseEnvFor(dataDir)),
      ...options.env,
    }),
    undefined,
    { outbox: options.outbox },
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

/** A request as the admin panel makes it: same-origin, with the session cookie. */
export function adminFetch(server: { url: string }, cookie: string) {
  return (pathname: string, init: RequestInit = {}) =>
    fetch(`${server.url}${pathname}`, {
      ...init,
      headers: { Cookie: cookie, Origin: server.url, ...(init.body && typeof init.body === "string" ? { "Content-Type": "application/json" } : {}), ...init.headers },
    });
}
