import { CHAT_LIMITS, readChatStream, type ChatRequest, type ChatSource } from "#content/chat.ts";
import type { ChatMessage } from "./chat-types.ts";

/** A failure the visitor should read as is (rate limit, chat switched off, message too long). */
export class ChatRefusal extends Error {
  override name = "ChatRefusal";
}

export interface AskOptions {
  signal?: AbortSignal;
  conversation?: ConversationLink;
  onSources?: (sources: ChatSource[]) => void;
  onHandoff?: () => void;
}

/** The conversation a question belongs to: its id once the server made one, and who keeps a new one. */
export interface ConversationLink {
  id?: string | null;
  onStarted?: (id: string) => void;
}

/**
 * Sends a question to our server (POST /api/chat) and calls `onText` with each
 * piece of the answer as it streams in (content/chat.ts reads the events),
 * then `onSources` with the pages it drew on, and `onHandoff` when the server
 * says to offer the visitor the team (after the answer, before it ends).
 * Throws a ChatRefusal for a friendly refusal, any other Error for a failure.
 */
export async function askAssistant(
  message: string,
  history: readonly ChatMessage[],
  onText: (text: string) => void,
  { signal, conversation = {}, onSources, onHandoff }: AskOptions = {},
): Promise<void> {
  const question: ChatRequest = {
    message,
    history: history.slice(-CHAT_LIMITS.historyTurns).map(({ sender, text }) => ({ sender, text })),
    ...(conversation.id && { conversation: conversation.id }),
    page: window.location.pathname,
  };
  const response = await fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(question),
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if ([400, 429, 503].includes(response.status) && typeof body?.error === "string") throw new ChatRefusal(body.error);
    throw new Error(`chat failed with ${response.status}`);
  }
  if (!response.body) throw new Error("chat answer had no body");

  for await (const item of readChatStream(response.body)) {
    switch (item.event) {
      case "conversation":
        conversation.onStarted?.(item.data.id);
        break;
      case "delta":
        onText(item.data.text);
        break;
      case "sources":
        onSources?.(item.data);
        break;
      case "handoff":
        onHandoff?.();
        break;
      case "error":
        throw new Error("the assistant could not answer");
      case "done":
        return;
    }
  }
  throw new Error("the answer ended early");
}
