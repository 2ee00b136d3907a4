import type { Env } from "#server/env.ts";
import type { EventBus } from "#server/events.ts";
import type { Logger } from "#server/logger.ts";
import type { Store, User } from "#server/db/store.ts";
import type { SetupGate } from "#server/auth/setup.ts";
import type { RateLimiter } from "./rate-limit.ts";

/** Everything a request handler may use, passed in once when the app is made. */
export interface AppDeps {
  env: Env;
  store: Store;
  bus: EventBus;
  logger: Logger;
  setup: SetupGate;
  limits: {
    loginPerAccount: RateLimiter;
    loginPerIp: RateLimiter;
    publicForms: RateLimiter;
  };
}

export interface AppBindings {
  Variables: {
    deps: AppDeps;
    user: User | null;
    sessionToken: string | undefined;
    clientIp: string;
    secureHeadersNonce?: string;
  };
}
