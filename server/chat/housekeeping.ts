import type { AiSettings } from "#content/schemas.ts";
import { AI_SETTINGS_KEY } from "#content/sections.ts";
import type { AppDeps } from "#server/http/context.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes the conversations whose last message is older than the AI tab's
 * retention (`chatRetentionDays`). Run at start, every hour, and when the AI
 * settings are saved (server/http/serve.ts); returns how many went.
 */
export async function pruneConversations(deps: Pick<AppDeps, "store" | "logger">, now = new Date()): Promise<number> {
  const settings = (await deps.store.documents.get(AI_SETTINGS_KEY)).data as AiSettings;
  const before = new Date(now.getTime() - settings.chatRetentionDays * DAY).toISOString();
  const removed = await deps.store.conversations.removeOlderThan(before);
  if (removed > 0) deps.logger.info("old conversations deleted", { removed, days: settings.chatRetentionDays });
  return removed;
}
