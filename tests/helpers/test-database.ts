import { setTimeout as sleep } from "node:timers/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";

/**
 * PostgreSQL for tests. TEST_POSTGRES_URL names a database the tests may
 * connect to as a user who can create databases (default: the local
 * server's `postgres` database as user `postgres`, trust auth). Each test file
 * that runs on PostgreSQL gets a database of its own, created here and
 * dropped after the file; each server or store in it gets a fresh schema
 * (fast, unlike a database), so tests stay apart as they do with a fresh
 * SQLite folder.
 */
export const TEST_POSTGRES_URL = process.env["TEST_POSTGRES_URL"] || "postgres://postgres@127.0.0.1:5432/postgres";

const PREFIX = "agency_test_";
/** Databases of test runs killed before their cleanup: dropped when older than this. */
const STALE_AFTER_S = 6 * 60 * 60;

let reachable: Promise<string | undefined> | undefined;

/** Undefined when PostgreSQL can be used for tests, else why not. */
export function postgresUnavailable(): Promise<string | undefined> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 3_000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>(
        "select rolcreatedb or rolsuper as ok from pg_roles where rolname = current_user",
      );
      if (!rows[0]?.ok) return `the user of ${safe(TEST_POSTGRES_URL)} may not create databases`;
      return undefined;
    } catch (error) {
      return `PostgreSQL is not reachable at ${safe(TEST_POSTGRES_URL)} (${error instanceof Error ? error.message : String(error)}); set TEST_POSTGRES_URL`;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachable;
}

const safe = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** `url` with another database name and, optionally, a schema as its search path. */
export function withDatabase(url: string, database: string, schema?: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  if (schema) u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

export interface TestDatabase {
  name: string;
  /** The database, tables in `public`. */
  url: string;
  /** A new, empty schema in this database: the URL of a fresh site. */
  freshSchema(): Promise<string>;
  drop(): Promise<void>;
}

/** Creates an empty database with a unique name; drop() removes it, closing whatever is still connected. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const now = Math.floor(Date.now() / 1000);
  const name = `${PREFIX}${now}_${process.pid}_${randomBytes(3).toString("hex")}`;
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${PREFIX}%`,
    ]);
    for (const { datname } of rows) {
      const createdAt = Number(datname.slice(PREFIX.length).split("_")[0]);
      if (createdAt > 0 && now - createdAt > STALE_AFTER_S)
        await client.query(`drop database if exists "${datname}" with (force)`);
    }
    await client.query(`create database "${name}"`);
  });
  const url = withDatabase(TEST_POSTGRES_URL, name);
  let schemas = 0;
  return {
    name,
    url,
    async freshSchema() {
      const schema = `site_${++schemas}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create schema ${schema}`);
      } finally {
        await client.end();
      }
      return withDatabase(url, name, schema);
    },
    async drop() {
      await admin(async (client) => {
        // Connections still closing (a pool ending as its server stops) are let finish: one cut by
        // the forced drop would raise its error after its owner stopped listening for errors.
        for (let waited = 0; waited < 5_000; waited += 100) {
          const { rows } = await client.query<{ open: string }>(
            "select count(*) as open from pg_stat_activity where datname = $1",
            [name],
          );
          if (Number(rows[0]!.open) === 0) break;
          await sleep(100);
        }
        await client.query(`drop database if exists "${name}" with (force)`);
      });
    },
  };
}

/**
 * The switch the test helpers read (tests/helpers/api-server.ts,
 * admin-server.ts): while on, every server they start, and every shell
 * command or store opened through `storeEnvFor`, uses PostgreSQL, one fresh
 * schema per data folder, so a server started again on the same folder
 * finds its data again, as with SQLite. (No Vitest import here: the
 * Playwright fixtures import api-server.ts too; see ./postgres-suite.ts.)
 */
let current: { database: Promise<TestDatabase>; sites: Map<string, Promise<string>> } | undefined;

/** Turns PostgreSQL on for the rest of this test file (module); returns its database, for dropping after the file. */
export function usePostgres(): Promise<TestDatabase> {
  if (!current) {
    const database = createTestDatabase();
    database.catch(() => undefined); // reported where it is awaited
    current = { database, sites: new Map() };
  }
  return current.database;
}

export const onPostgres = () => current !== undefined;

/**
 * DATABASE_POOL_SIZE of every server the tests start on PostgreSQL (./api-server.ts,
 * ./built-server.ts), unless the test sets its own: small, so that the servers of two test files
 * running at once stay far below PostgreSQL's default max_connections (100) however many each
 * file keeps open (ten servers of 10 connections each filled it once), and so that a query made
 * on the pool while a transaction holds its connection would hang here rather than rarely under
 * load in production. (Every suite passes with 1: TEST_POOL_SIZE=1 npx vitest run.)
 */
export const TEST_POOL_SIZE = process.env["TEST_POOL_SIZE"] || "2";

/** `{DATABASE_URL}` for the site kept in `dataDir` while PostgreSQL is on, else nothing (SQLite in the folder). */
export async function databaseEnvFor(dataDir: string): Promise<{ DATABASE_URL?: string }> {
  if (!current) return {};
  const key = path.resolve(dataDir);
  const { database, sites } = current;
  let url = sites.get(key);
  if (!url) {
    url = database.then((db) => db.freshSchema());
    sites.set(key, url);
  }
  return { DATABASE_URL: await url };
}

/** The environment a shell command would have for `env.DATA_DIR` (adds DATABASE_URL while PostgreSQL is on). */
export async function storeEnvFor<E extends { DATA_DIR: string; DATABASE_URL?: string }>(
  env: E,
): Promise<E & { DATABASE_URL?: string }> {
  return env.DATABASE_URL ? env : { ...env, ...(await databaseEnvFor(env.DATA_DIR)) };
}
