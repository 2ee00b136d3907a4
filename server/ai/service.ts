import type { Env } from "#server/env.ts";
import type { RateCounterStore } from "#server/lib/rate-counter-store.ts";
import { createDailyCounter, createRateLimiter, type DailyCounter, type RateLimiter } from "#server/lib/rate-limit.ts";
import { createProvider, type AiProvider, type ProviderOptions } from "./provider.ts";
import { SiteIndex, type SiteIndexSources } from "./site-index.ts";

const TEN_MINUTES = 10 * 60 * 1000;

/** Per-IP chat messages and per-admin drafts allowed in ten minutes. */
export const CHAT_PER_IP_LIMIT = 20;
export const DRAFTS_PER_ADMIN_LIMIT = 30;

/** Everything the AI routes need, made once at start and passed in with the other deps. */
export interface AiService {
  provider: AiProvider;
  chatPerIp: RateLimiter;
  draftsPerAdmin: RateLimiter;
  /** Chat answers given today (the server's local date), against the admin's daily limit. */
  chatToday: DailyCounter;
  /** What the chat searches: the site's passages, following saves (./site-index.ts). */
  index: SiteIndex;
}

/** The limits are counted in the database (`counters`): shared by every instance, kept across restarts. */
export function createAiService(
  env: Env,
  counters: RateCounterStore,
  site: SiteIndexSources,
  options: ProviderOptions = {},
): AiService {
  return {
    provider: createProvider(env, options),
    chatPerIp: createRateLimiter(counters, { name: "chat:ip", limit: CHAT_PER_IP_LIMIT, windowMs: TEN_MINUTES }),
    draftsPerAdmin: createRateLimiter(counters, {
      name: "drafts:admin",
      limit: DRAFTS_PER_ADMIN_LIMIT,
      windowMs: TEN_MINUTES,
    }),
    chatToday: createDailyCounter(counters, "chat:day"),
    index: new SiteIndex(site),
  };
}
