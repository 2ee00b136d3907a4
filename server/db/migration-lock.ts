import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import type { Logger } from "#server/logger.ts";

/**
 * The key of Kysely's PostgreSQL migration lock (its PostgresAdapter): a
 * session-level advisory lock that the connection running the migrations
 * holds while it runs them. PostgreSQL lets go of it when that session ends,
 * however it ends; pg_locks shows it as classid (high 32 bits), objid (low).
 */
export const MIGRATION_LOCK_KEY = 3853314791062309107n;

/** The session that holds the migration lock, as pg_stat_activity shows it (fields another user may not see are null). */
export interface MigrationLockHolder {
  pid: number;
  application: string | null;
  client: string | null;
  connectedAt: string | null;
  state: string | null;
  stateSince: string | null;
}

export interface MigrationLockWait {
  /** Silence while another instance migrates, before the first warning (ms). */
  reportAfterMs?: number;
  /** Between warnings (ms). */
  reportEveryMs?: number;
  /** How often the lock is tried (ms). */
  pollMs?: number;
  /** Then the start gives up, naming the holder (ms; Kysely's own wait is an hour too). */
  giveUpAfterMs?: number;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value === null ? null : String(value));

/** The other session holding the migration lock of this database, if one does. */
export async function migrationLockHolder(client: pg.ClientBase): Promise<MigrationLockHolder | undefined> {
  const { rows } = await client.query<Record<string, unknown>>(
    `select l.pid, a.application_name, host(a.client_addr) as client, a.backend_start, a.state, a.state_change
       from pg_locks l left join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objsubid = 1 and l.classid = $1 and l.objid = $2
        and l.database = (select oid from pg_database where datname = current_database())
        and l.pid is distinct from pg_backend_pid()`,
    [String(MIGRATION_LOCK_KEY >> 32n), String(MIGRATION_LOCK_KEY & 0xffffffffn)],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    pid: Number(row["pid"]),
    application: (row["application_name"] as string | null) ?? null,
    client: (row["client"] as string | null) ?? null,
    connectedAt: iso(row["backend_start"] ?? null),
    state: (row["state"] as string | null) ?? null,
    stateSince: iso(row["state_change"] ?? null),
  };
}

/** What the start says about a session holding the migration lock, with how to end it. */
export function describeLockHolder(holder: MigrationLockHolder): string {
  const who = [
    holder.application ? `application "${holder.application}"` : undefined,
    holder.client ? `from ${holder.client}` : undefined,
    holder.connectedAt ? `connected at ${holder.connectedAt}` : undefined,
    holder.state ? `${holder.state}${holder.stateSince ? ` since ${holder.stateSince}` : ""}` : undefined,
  ].filter(Boolean);
  return (
    `the PostgreSQL migration lock is held by session ${holder.pid}${who.length ? ` (${who.join(", ")})` : ""}. ` +
    `Another instance may be migrating the database: then wait. If none is (a start stopped halfway on a ` +
    `machine that is gone), end that session as the database's owner or a superuser, and this start goes on: ` +
    `select pg_terminate_backend(${holder.pid});`
  );
}

/**
 * Waits until no other session holds the migration lock, before Kysely takes
 * it: instances starting together take turns silently, but a start kept
 * waiting longer says which session holds the lock and how to end it (again
 * every `reportEveryMs`), and gives up after `giveUpAfterMs` with the same
 * words, rather than waiting without a word.
 */
export async function waitForMigrationLock(pool: pg.Pool, logger?: Logger, options: MigrationLockWait = {}) {
  const { reportAfterMs = 3_000, reportEveryMs = 30_000, pollMs = 250, giveUpAfterMs = 60 * 60 * 1000 } = options;
  const began = Date.now();
  let reportAt = began + reportAfterMs;
  for (;;) {
    const client = await pool.connect();
    const due = Date.now() >= reportAt;
    const over = Date.now() - began >= giveUpAfterMs;
    let holder: MigrationLockHolder | undefined;
    try {
      const { rows } = await client.query<{ taken: boolean }>("select pg_try_advisory_lock($1) as taken", [
        String(MIGRATION_LOCK_KEY),
      ]);
      if (rows[0]?.taken) {
        await client.query("select pg_advisory_unlock($1)", [String(MIGRATION_LOCK_KEY)]);
        return;
      }
      if (due || over) holder = await migrationLockHolder(client);
    } finally {
      client.release();
    }
    if (holder && over)
      throw new Error(`Gave up waiting ${Math.round((Date.now() - began) / 1000)} s: ${describeLockHolder(holder)}`);
    if (holder && due) {
      logger?.warn(`Waiting to migrate: ${describeLockHolder(holder)}`, { pid: holder.pid });
      reportAt = Date.now() + reportEveryMs;
    }
    await sleep(pollMs);
  }
}
