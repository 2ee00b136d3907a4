import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Logger } from "#server/logger.ts";
import { migrate } from "./migrations.ts";
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
  // An idle connection that breaks (server restart) is dropped from the pool; without a listener it would crash the process.
  pool.on("error", (error) =>
    options.logger?.warn("a PostgreSQL connection failed; the pool opens a new one", { reason: error.message }),
  );
  let schema: string | null | undefined;
  try {
    schema = (await pool.query<{ schema: string | null }>("select current_schema() as schema")).rows[0]?.schema;
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
  return { db, pool, schema };
}

/**
 * Connects to the PostgreSQL database of `url` (DATABASE_URL), runs the same
 * migrations as SQLite (several instances starting at once take turns: the
 * migrator holds an advisory lock) and returns the Store.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const { db, pool, schema } = await connectPostgres(url, options);
  try {
    await migrate(db, schema);
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
  };
}
