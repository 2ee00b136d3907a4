import type { RateCounterStore } from "#server/lib/rate-counter-store.ts";
import { createDailyCounter, createRateLimiter, type DailyCounter, type RateLimiter } from "#server/lib/rate-limit.ts";
import { Answers } from "./answers.ts";
import { SiteIndex, type SiteIndexSources } from "./site-index.ts";

const TEN_MINUTES = 10 * 60 * 1000;

/** Questions a visitor's address may ask in ten minutes (docs/product.md §9). */
export const CHAT_PER_IP_LIMIT = 20;

/** What the chat keeps between questions, made once at start and passed in with the other deps. */
export interface ChatService {
  /** Questions per visitor's address. */
  perIp: RateLimiter;
  /** Answers given today (the server's local date), against the AI tab's daily limit. */
  today: DailyCounter;
  /** What the chat searches: the site's passages, following saves (./site-index.ts). */
  index: SiteIndex;
  /** The team's Answers, searched before the site (./answers.ts). */
  answers: Answers;
}

/** The limits are counted in the database (`counters`): shared by every instance, kept across restarts. */
export function createChatService(counters: RateCounterStore, site: SiteIndexSources): ChatService {
  const index = new SiteIndex(site);
  return {
    perIp: createRateLimiter(counters, { name: "chat:ip", limit: CHAT_PER_IP_LIMIT, windowMs: TEN_MINUTES }),
    today: createDailyCounter(counters, "chat:day"),
    index,
    answers: new Answers(site, (locale) => index.wordCounts(locale)),
  };
}
