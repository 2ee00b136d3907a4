import type { Env } from "#server/env.ts";
import { createEventBus } from "#server/events.ts";
import { createLogger } from "#server/logger.ts";
import { openSqliteStore } from "#server/db/sqlite.ts";
import { prepareAdmin } from "#server/auth/setup.ts";
import type { AppDeps } from "./context.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { createOutbox, type OutboxOptions } from "#server/contact/outbox.ts";
import { defaultTransports } from "#server/contact/deliver.ts";
import { createAiService } from "#server/ai/service.ts";

/** Test hooks: a fast retry schedule, a clock (never read from the environment). */
export interface DepsOptions {
  outbox?: OutboxOptions;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Opens the store and builds every long-lived service the app needs. */
export async function createDeps(env: Env, options: DepsOptions = {}): Promise<AppDeps> {
  const logger = createLogger(env.LOG_LEVEL);
  const store = await openSqliteStore(env.DATA_DIR);
  const origin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
  const setup = await prepareAdmin(env, store, logger, origin);
  return {
    env,
    store,
    bus: createEventBus(),
    logger,
    setup,
    outbox: createOutbox({ store, logger, transports: defaultTransports(env) }, options.outbox),
    limits: {
      loginPerAccount: createRateLimiter(10, FIFTEEN_MINUTES),
      loginPerIp: createRateLimiter(50, FIFTEEN_MINUTES),
      publicForms: createRateLimiter(5, FIFTEEN_MINUTES),
    },
    ai: createAiService(env),
  };
}
