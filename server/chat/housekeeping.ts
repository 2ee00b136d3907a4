import { AI_SETTINGS_KEY } from "#content/sections.ts";
import type { Store } from "#server/db/store.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { Logger } from "#server/logger.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** What the chat's housekeeping uses of the app's services. */
type HousekeepingDeps = { store: Pick<Store, "documents" | "conversations">; logger: Logger };

/**
 * Deletes the conversations whose last message is older than the AI tab's
 * retention (`chatRetentionDays`); returns how many went.
 */
export async function pruneConversations(deps: HousekeepingDeps, now = new Date()): Promise<number> {
  const settings = (await deps.store.documents.get(AI_SETTINGS_KEY)).data;
  const before = new Date(now.getTime() - settings.chatRetentionDays * DAY).toISOString();
  const removed = await deps.store.conversations.removeOlderThan(before);
  if (removed > 0) deps.logger.info("old conversations deleted", { removed, days: settings.chatRetentionDays });
  return removed;
}

/**
 * The chat's background work, started with the server (server/assembly/jobs.ts):
 * conversations past the retention are deleted at start, every hour, and at
 * once when the AI settings are saved, so a shorter retention applies as soon
 * as it is set. Returns the stop.
 */
export function startChatHousekeeping(deps: HousekeepingDeps & { bus: EventBus }): () => void {
  const prune = () =>
    pruneConversations(deps).catch((error: unknown) =>
      deps.logger.warn("could not delete old conversations", { reason: String(error) }),
    );
  const timer = setInterval(() => void prune(), HOUR);
  timer.unref();
  void prune();
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.type === "content" && event.key === AI_SETTINGS_KEY) void prune();
  });
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
