import { TRANSLATED_TEXTS_PER_ADMIN_LIMIT } from "#content/ai-translation.ts";
import type { Env } from "#server/env.ts";
import type { RateCounterStore } from "#server/lib/rate-counter-store.ts";
import { createRateLimiter, type RateLimiter } from "#server/lib/rate-limit.ts";
import { createProvider, type AiProvider, type ProviderOptions } from "./provider.ts";

const TEN_MINUTES = 10 * 60 * 1000;

/** Drafts allowed per admin in ten minutes. */
export const DRAFTS_PER_ADMIN_LIMIT = 30;

/** The model, made once at start and passed in with the other deps; the chat has its own (server/chat/service.ts). */
export interface AiService {
  provider: AiProvider;
  draftsPerAdmin: RateLimiter;
  /** Counted per text translated, not per request (a request carries up to 300). */
  translatedTextsPerAdmin: RateLimiter;
}

/** The limits are counted in the database (`counters`): shared by every instance, kept across restarts. */
export function createAiService(env: Env, counters: RateCounterStore, options: ProviderOptions = {}): AiService {
  return {
    provider: createProvider(env, options),
    draftsPerAdmin: createRateLimiter(counters, {
      name: "drafts:admin",
      limit: DRAFTS_PER_ADMIN_LIMIT,
      windowMs: TEN_MINUTES,
    }),
    translatedTextsPerAdmin: createRateLimiter(counters, {
      name: "translations:admin",
      limit: TRANSLATED_TEXTS_PER_ADMIN_LIMIT,
      windowMs: TEN_MINUTES,
    }),
  };
}
