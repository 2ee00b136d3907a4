import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationProvider } from "#server/db/migrations/index.ts";
import { startTestServer, type TestServer } from "../helpers/api-server.ts";
import { budget } from "../helpers/machine.ts";
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from "../helpers/private-postgres.ts";
import { runSql } from "../helpers/table-rows.ts";
import { onPostgres } from "../helpers/test-database.ts";

// /healthz and /readyz (issue 29): liveness is the process answering; readiness is the
// database answering with every migration, the event bus listening (PostgreSQL), and not
// stopping. Also on PostgreSQL (./postgres/readiness.pg.test.ts); with the database stopped
// and started again, on a PostgreSQL of the test's own, below. The stop itself:
// ./graceful-stop.test.ts.

const readyz = async (url: string) => {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as { ready: boolean; reason?: string } };
};

/** Asks /readyz until `done` holds for its answer (the test's time budget ends a wait that never does). */
async function readyzUntil(url: string, done: (answer: Awaited<ReturnType<typeof readyz>>) => boolean) {
  for (;;) {
    const answer = await readyz(url).catch(() => undefined);
    if (answer && done(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("health and readiness", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("answers /healthz and /readyz while all is well", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ ready: true });
  });

  it("is not ready while the database lacks a migration of this code, and says which", async () => {
    const last = Object.keys(await migrationProvider.getMigrations())
      .sort()
      .at(-1)!;
    await runSql(server.dataDir, `update kysely_migration set name = 'x-${last}' where name = '${last}'`);
    try {
      expect(await readyz(server.url)).toEqual({
        status: 503,
        body: { ready: false, reason: `database migrations pending: ${last}` },
      });
      // Liveness does not depend on it: restarting would not help.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await runSql(server.dataDir, `update kysely_migration set name = '${last}' where name = 'x-${last}'`);
    }
    expect((await readyz(server.url)).status).toBe(200);
  });

  it("is not ready once the server begins to stop", async () => {
    const stopping = await startTestServer();
    try {
      stopping.deps.readiness.stop();
      expect(await readyz(stopping.url)).toEqual({
        status: 503,
        body: { ready: false, reason: "the server is stopping" },
      });
    } finally {
      await stopping.close();
    }
  });
});

// Once, not again in the PostgreSQL twin of this file.
const unavailable = onPostgres() ? undefined : privatePostgresUnavailable();

if (!onPostgres())
  describe.skipIf(unavailable)(
    `readiness with PostgreSQL stopped and started again${unavailable ? ` — skipped: ${unavailable}` : ""}`,
    () => {
      let postgres: PrivatePostgres;
      let server: TestServer;
      beforeAll(async () => {
        postgres = await startPrivatePostgres();
        server = await startTestServer({ env: { DATABASE_URL: postgres.url } });
      }, budget(60_000));
      afterAll(async () => {
        await server?.close();
        await postgres?.destroy();
      }, budget(60_000));

      it(
        "answers 503 with the reason while PostgreSQL is down, and 200 again once it is back and the bus listens",
        async () => {
          expect(await readyz(server.url)).toEqual({ status: 200, body: { ready: true } });
          await postgres.stop();
          const down = await readyzUntil(server.url, ({ status }) => status === 503);
          expect(down.body.ready).toBe(false);
          expect(down.body.reason).toMatch(
            /^(the database does not answer: |not listening for the other instances' events)/,
          );
          // Liveness stays: the process is fine, its database is not.
          expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

          await postgres.start();
          expect(await readyzUntil(server.url, ({ status }) => status === 200)).toEqual({
            status: 200,
            body: { ready: true },
          });
          expect(server.deps.bus.connected).toBe(true);
          const home = await fetch(`${server.url}/api/content/home`);
          expect(home.status).toBe(200);
        },
        budget(60_000),
      );
    },
  );
