import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { openPostgresStore } from "./postgres.ts";
import { openSqliteStore } from "./sqlite.ts";
import type { Store } from "./store.ts";

/**
 * The store the environment selects: PostgreSQL when DATABASE_URL is set,
 * else SQLite in DATA_DIR. For the shell commands; the server itself also
 * wires PostgreSQL's event bus (server/assembly/deps.ts).
 */
export function openStore(env: Pick<Env, "DATA_DIR" | "DATABASE_URL">, logger?: Logger): Promise<Store> {
  return env.DATABASE_URL
    ? openPostgresStore(env.DATABASE_URL, { logger, max: 2 })
    : openSqliteStore(env.DATA_DIR, logger);
}
