import type { Env } from "#server/env.ts";
import { todayIsoDate } from "#content/rules.ts";
import { createRateLimiter, type RateLimiter } from "#server/http/rate-limit.ts";
import { createProvider, type AiProvider, type ProviderOptions } from "./provider.ts";

const TEN_MINUTES = 10 * 60 * 1000;

/** Per-IP chat messages and per-admin drafts allowed in ten minutes. */
export const CHAT_PER_IP_LIMIT = 20;
export const DRAFTS_PER_ADMIN_LIMIT = 30;

/**
 * Counts chat answers per calendar day (the server's local date), in memory:
 * a restart starts the day's count again, and each instance of a multi-instance
 * deployment counts on its own.
 */
export interface DailyCounter {
  /** Counts one use unless `limit` is already reached today. */
  take(limit: number, now?: Date): boolean;
  count(now?: Date): number;
}

export function createDailyCounter(): DailyCounter {
  let day = "";
  let used = 0;
  const roll = (now: Date) => {
    const today = todayIsoDate(now);
    if (today !== day) {
      day = today;
      used = 0;
    }
  };
  return {
    take(limit, now = new Date()) {
      roll(now);
      if (used >= limit) return false;
      used += 1;
      return true;
    },
    count(now = new Date()) {
      roll(now);
      return used;
    },
  };
}

/** Everything the AI routes need, made once at start and passed in with the other deps. */
export interface AiService {
  provider: AiProvider;
  chatPerIp: RateLimiter;
  draftsPerAdmin: RateLimiter;
  chatToday: DailyCounter;
}

export function createAiService(env: Env, options: ProviderOptions = {}): AiService {
  return {
    provider: createProvider(env, options),
    chatPerIp: createRateLimiter(CHAT_PER_IP_LIMIT, TEN_MINUTES),
    draftsPerAdmin: createRateLimiter(DRAFTS_PER_ADMIN_LIMIT, TEN_MINUTES),
    chatToday: createDailyCounter(),
  };
}
