import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Logger } from "#server/logger.ts";
import { waitForMigrationLock, type MigrationLockWait } from "./migration-lock.ts";
import { migrate } from "./migrate.ts";
import type { Database } from "./schema.ts";
import { StorableTextPlugin } from "./storable-text-plugin.ts";
import { createStore, type Store } from "./store.ts";

export interface PostgresStore extends Store {
  readonly dialect: "postgres";
  /** The schema the site's tables live in (the search path's first: `public` unless the URL says otherwise). */
  readonly schema: string;
  /** Sends a NOTIFY through the store's pool (the event bus's way out: server/events/postgres-bus.ts). */
  notify(channel: string, payload: string): Promise<void>;
}

export interface PostgresStoreOptions {
  logger?: Logger;
  /** Connections in the pool (default 10). */
  max?: number;
  /** How a start kept from migrating by another session waits and reports it (./migration-lock.ts). */
  migrationLock?: MigrationLockWait;
}

/**
 * Settings of the session that migrates, so that one a start leaves behind ends soon and lets
 * go of the migration lock: its statement stops within a second of the process being gone
 * (client_connection_check_interval, PostgreSQL 14 and later), and a machine that vanished
 * without closing its connection is noticed within about two minutes, not the system's two hours.
 */
function migrationSessionUrl(url: string, serverVersion: number): string {
  const settings = ["tcp_keepalives_idle=60", "tcp_keepalives_interval=10", "tcp_keepalives_count=6"];
  if (serverVersion >= 140000) settings.push("client_connection_check_interval=1000");
  const u = new URL(url);
  const options = [u.searchParams.get("options"), ...settings.map((setting) => `-c ${setting}`)];
  u.searchParams.set("options", options.filter(Boolean).join(" "));
  return u.toString();
}

/** `user@host:port/db` of a postgres:// URL, never its password: for messages and logs. */
export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.username ? `${decodeURIComponent(u.username)}@` : ""}${u.host || "localhost"}${u.pathname || "/"}`;
  } catch {
    return "(an invalid URL)";
  }
}

/** The connection the store runs on (not yet migrated), its pool and its schema. */
export interface PostgresDatabase {
  db: Kysely<Database>;
  pool: pg.Pool;
  /** The search path's first schema, where the site's tables are. */
  schema: string;
  /** server_version_num: 150004 for 15.4. */
  serverVersion: number;
}

/**
 * Connects to the PostgreSQL database of `url` (DATABASE_URL). A database
 * that cannot be reached, or has no schema to create tables in, stops the
 * start with a message naming it.
 */
export async function connectPostgres(url: string, options: PostgresStoreOptions = {}): Promise<PostgresDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: "agency-site",
  });
  // A connection lost while it is checked out between two statements (a transaction, when
  // PostgreSQL restarts) emits an error nobody listens to, which would end the process: its next
  // statement fails instead, and the pool drops it when it comes back.
  pool.on("connect", (client) => client.on("error", () => undefined));
  // An idle connection that breaks (server restart) is dropped from the pool; without a listener it would crash the process.
  pool.on("error", (error) =>
    options.logger?.warn("a PostgreSQL connection failed; the pool opens a new one", { reason: error.message }),
  );
  let schema: string | null | undefined;
  let serverVersion = 0;
  try {
    const { rows } = await pool.query<{ schema: string | null; version: string }>(
      "select current_schema() as schema, current_setting('server_version_num') as version",
    );
    schema = rows[0]?.schema;
    serverVersion = Number(rows[0]?.version);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(
      `Cannot connect to PostgreSQL at ${describePostgresUrl(url)} (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  if (!schema) {
    await pool.end().catch(() => undefined);
    throw new Error(
      `PostgreSQL at ${describePostgresUrl(url)} (DATABASE_URL) has no schema to create tables in: its search_path names none that exists.`,
    );
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new StorableTextPlugin()] });
  return { db, pool, schema, serverVersion };
}

/**
 * Connects to the PostgreSQL database of `url` (DATABASE_URL), runs the same
 * migrations as SQLite (several instances starting at once take turns: the
 * migrator holds an advisory lock; a start kept waiting says by whom) and
 * returns the Store.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const { db, pool, schema, serverVersion } = await connectPostgres(url, options);
  try {
    await waitForMigrationLock(pool, options.logger, options.migrationLock);
    // On a connection of its own, whose session ends soon if this process is gone (migrationSessionUrl).
    const session = new pg.Pool({
      connectionString: migrationSessionUrl(url, serverVersion),
      max: 1,
      connectionTimeoutMillis: 10_000,
      application_name: "agency-site migrations",
    });
    session.on("connect", (client) => client.on("error", () => undefined));
    session.on("error", () => undefined);
    const migrating = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: session }),
      plugins: [new StorableTextPlugin()],
    });
    try {
      await migrate(migrating, schema, options.logger);
    } finally {
      await migrating.destroy();
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const store = createStore(db, "postgres");
  return {
    ...store,
    dialect: "postgres",
    schema,
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
  };
}
