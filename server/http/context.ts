import type { Env } from "#server/env.ts";
import type { EventBus } from "#server/events.ts";
import type { Logger } from "#server/logger.ts";
import type { Store, User } from "#server/db/store.ts";
import type { SetupGate } from "#server/auth/setup.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { Outbox } from "#server/contact/outbox.ts";
import type { AiService } from "#server/ai/service.ts";

/** Everything a request handler may use, passed in once when the app is made. */
export interface AppDeps {
  env: Env;
  store: Store;
  bus: EventBus;
  logger: Logger;
  setup: SetupGate;
  /** The contact-message delivery worker (server/contact/outbox.ts). */
  outbox: Outbox;
  /** Throttles counted in the database (server/http/rate-limit.ts): shared by every instance, kept across restarts. */
  limits: {
    loginPerAccount: RateLimiter;
    loginPerIp: RateLimiter;
    publicForms: RateLimiter;
    /** Administrators added, per address (each costs a password hash). */
    accountCreation: RateLimiter;
  };
  /** The text-generation provider and the chat/drafting limits (server/ai). */
  ai: AiService;
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
