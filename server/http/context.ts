import type { Env } from "#server/env.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { SseHub } from "#server/events/sse-hub.ts";
import type { Logger } from "#server/logger.ts";
import type { Store } from "#server/db/store.ts";
import type { User } from "#server/auth/types.ts";
import type { SetupGate } from "#server/auth/setup.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Outbox } from "#server/contact/outbox.ts";
import type { AiService } from "#server/ai/service.ts";
import type { PostScheduler } from "#server/posts/scheduler.ts";
import type { AnalyticsRecorder } from "#server/analytics/recorder.ts";
import type { Metrics } from "#server/metrics/metrics.ts";
import type { Readiness } from "./readiness.ts";

/** Everything a request handler may use, made once at start (./deps.ts) and passed in when the app is made. */
export interface AppDeps {
  env: Env;
  store: Store;
  bus: EventBus;
  /** The broadcaster of the bus's events to open `/api/events` streams (server/events/sse-hub.ts). */
  sse: SseHub;
  logger: Logger;
  setup: SetupGate;
  /** The contact-message delivery worker (server/contact/outbox.ts). */
  outbox: Outbox;
  /** Announces scheduled posts as they go live (server/posts/scheduler.ts). */
  scheduler: PostScheduler;
  /** Throttles counted in the database (server/lib/rate-limit.ts): shared by every instance, kept across restarts. */
  limits: {
    loginPerAccount: RateLimiter;
    loginPerIp: RateLimiter;
    publicForms: RateLimiter;
    /** Administrators added, per address (each costs a password hash). */
    accountCreation: RateLimiter;
  };
  /** The text-generation provider and the chat/drafting limits (server/ai). */
  ai: AiService;
  /** Counts visitors' page views, off the request path (server/analytics/recorder.ts). */
  analytics: AnalyticsRecorder;
  /** Prometheus metrics (server/metrics/), only when METRICS_TOKEN is set: otherwise nothing is counted. */
  metrics: Metrics | undefined;
  /** Whether this instance should get traffic (`/readyz`); a graceful stop turns it off first (./readiness.ts). */
  readiness: Readiness;
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
