import { publicChatSettingsSchema, type PublicChatSettings } from "#content/chat.ts";
import { CHAT_RETENTION_DEFAULT_DAYS } from "#content/conversations.ts";
import type { Locale } from "#content/locales.ts";

/**
 * What the panel shows from the AI settings (GET /api/chat/settings), in the
 * page's language: the greeting (`defaultGreeting` when blank), how long
 * chats are kept, the suggested questions; the defaults when they cannot be read.
 */
export async function fetchChatSettings(locale: Locale, defaultGreeting: string): Promise<PublicChatSettings> {
  const fallback = {
    greeting: defaultGreeting,
    chatRetentionDays: CHAT_RETENTION_DEFAULT_DAYS,
    suggestedQuestions: [],
  };
  try {
    const response = await fetch(`/api/chat/settings?locale=${locale}`, { headers: { Accept: "application/json" } });
    const settings = publicChatSettingsSchema.safeParse(await response.json());
    if (!response.ok || !settings.success) return fallback;
    return { ...settings.data, greeting: settings.data.greeting.trim() ? settings.data.greeting : fallback.greeting };
  } catch {
    return fallback;
  }
}
