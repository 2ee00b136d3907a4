import type { SSEStreamingApi } from "hono/streaming";
import type { ChatEventData, ChatEventName } from "#content/chat.ts";

/** Writes one event of an answer, named and shaped as the panel reads it (content/chat.ts CHAT_EVENTS). */
export function writeChatEvent<K extends ChatEventName>(
  stream: SSEStreamingApi,
  event: K,
  data: ChatEventData<K>,
): Promise<void> {
  return stream.writeSSE({ event, data: JSON.stringify(data) });
}
