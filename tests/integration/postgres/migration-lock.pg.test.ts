import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY, migrationLockHolder } from "#server/db/migration-lock.ts";
import { migrationProvider } from "#server/db/migrations/index.ts";
import { connectPostgres, openPostgresStore } from "#server/db/postgres.ts";
import type { Logger } from "#server/logger.ts";
import { tempDir } from "../../helpers/api-server.ts";
import { ensureBuiltOnce } from "../../helpers/built-server.ts";
import { budget } from "../../helpers/machine.ts";
import { createTestDatabase, postgresUnavailable, type TestDatabase } from "../../helpers/test-database.ts";

// Upgrades on PostgreSQL (issue 29): a start killed while it migrates leaves no lock that
// keeps the next start waiting, and a start kept waiting by a session that does hold the
// lock says which session and how to end it. (Kysely's lock: server/db/migration-lock.ts.)

const root = path.resolve(import.meta.dirname, "../../..");
/** The newest migration of this code: undone below, so that a start has one to run. */
const migrations = await migrationProvider.getMigrations();
const LAST = Object.keys(migrations).sort().at(-1)!;
const reason = await postgresUnavailable();

describe.skipIf(reason)(`the PostgreSQL migration lock${reason ? ` — skipped: ${reason}` : ""}`, () => {
  let database: TestDatabase;
  let observer: pg.Client;
  const dataDirs: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
  });
  afterAll(async () => {
    await observer?.end();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, budget(60_000));

  /** A site migrated by an older version: the last migration still to run. */
  async function olderSite(): Promise<string> {
    const url = await database.freshSchema();
    await (await openPostgresStore(url, { max: 2 })).close();
    const { db } = await connectPostgres(url, { max: 1 });
    try {
      await migrations[LAST]!.down!(db);
      await sql`delete from kysely_migration where name = ${LAST}`.execute(db);
    } finally {
      await db.destroy();
    }
    return url;
  }

  const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

  it(
    "is let go of when a start is killed mid-migration, even while its statement still waits",
    async () => {
      await ensureBuiltOnce();
      const url = await olderSite();
      // Another session holds the migration table: the start takes the lock, then waits for that table.
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      await blocker.query("begin");
      await blocker.query("lock table kysely_migration in access exclusive mode");
      const dataDir = tempDir();
      dataDirs.push(dataDir);
      const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: "0",
          DATA_DIR: dataDir,
          DATABASE_URL: url,
        },
        stdio: "ignore",
      });
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        // The start's pool holds the lock for a moment first, only to see that it is free
        // (waitForMigrationLock): the session to kill is the one that then runs the migrations.
        let holder = await migrationLockHolder(observer);
        while (holder?.application !== "agency-site migrations") {
          expect(child.exitCode, "the start ended before it took the lock").toBeNull();
          await sleep(50);
          holder = await migrationLockHolder(observer);
        }
        child.kill("SIGKILL");
        await exited;
        // Its session ends within seconds, with the lock, although its statement still waits
        // for the blocker (it checks that its client is still there: client_connection_check_interval).
        const killedAt = Date.now();
        while (await migrationLockHolder(observer)) {
          expect(Date.now() - killedAt, "the killed start's session still holds the lock").toBeLessThan(budget(10_000));
          await sleep(100);
        }
        const gone = await observer.query("select 1 from pg_stat_activity where pid = $1", [holder.pid]);
        expect(gone.rows).toEqual([]);
      } finally {
        child.kill("SIGKILL");
        await blocker.query("rollback");
        await blocker.end();
      }
      // The next start migrates at once, and nothing of the killed one was kept.
      const began = Date.now();
      const store = await openPostgresStore(url, { max: 2, logger: silent });
      try {
        expect(Date.now() - began).toBeLessThan(budget(5_000));
        expect(await store.pendingMigrations()).toEqual([]);
      } finally {
        await store.close();
      }
    },
    budget(300_000),
  );

  it("keeps a start waiting on a session that holds the lock, saying how to end it; ended, the start goes on", async () => {
    const url = await olderSite();
    const stale = new pg.Client({ connectionString: url, application_name: "left over" });
    await stale.connect();
    stale.on("error", () => undefined);
    await stale.query("select pg_advisory_lock($1)", [String(MIGRATION_LOCK_KEY)]);
    const pid = (await stale.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    const warnings: string[] = [];
    const logger: Logger = { ...silent, warn: (message) => warnings.push(message) };
    const starting = openPostgresStore(url, { max: 2, logger, migrationLock: { reportAfterMs: 100 } });
    try {
      while (warnings.length === 0) await sleep(50);
      expect(warnings[0]).toContain(`the PostgreSQL migration lock is held by session ${pid} (application "left over"`);
      expect(warnings[0]).toContain(`select pg_terminate_backend(${pid});`);
      // As the warning says:
      await observer.query(`select pg_terminate_backend(${pid})`);
      const store = await starting;
      expect(await store.pendingMigrations()).toEqual([]);
      await store.close();
    } finally {
      await stale.end().catch(() => undefined);
    }
  });

  it("gives up after the longest wait, naming the session and how to end it", async () => {
    const url = await olderSite();
    const stale = new pg.Client({ connectionString: url });
    await stale.connect();
    try {
      await stale.query("select pg_advisory_lock($1)", [String(MIGRATION_LOCK_KEY)]);
      const pid = (await stale.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
      await expect(
        openPostgresStore(url, { max: 2, logger: silent, migrationLock: { reportAfterMs: 0, giveUpAfterMs: 300 } }),
      ).rejects.toThrow(new RegExp(`^Gave up waiting \\d+ s: .* select pg_terminate_backend\\(${pid}\\);$`));
    } finally {
      await stale.end();
    }
  });
});
