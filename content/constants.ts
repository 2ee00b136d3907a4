/**
 * Small constants shared by the pages, the admin and the server. Kept apart from
 * defaults.ts so public pages do not ship the whole default content.
 */

/** The agency's name, as used in the logo, titles, footer and prompts. */
export const SITE_NAME = "Lanka Growth Partners";

/** Stock image given to a new home feature (docs/product.md §3). */
export const STOCK_FEATURE_IMAGE = "/images/placeholder-feature.svg";

/** Stock portrait given to a new team member (docs/product.md §3). */
export const STOCK_TEAM_IMAGE = "/images/placeholder-person.svg";

/** The default AI greeting (docs/product.md §2). */
export const DEFAULT_GREETING = "Welcome! How can I help you today?";

/** The chat assistant's name, shown on the launcher button and the chat panel (docs/product.md §2). */
export const ASSISTANT_NAME = "Lanka Growth Assistant";

/** Default cap on chat answers per calendar day (AI settings `chatDailyLimit`; 0 = chat off). */
export const DEFAULT_CHAT_DAILY_LIMIT = 500;
