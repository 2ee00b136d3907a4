import type { ChatMessage } from "./chat-types.ts";

/** A failure the visitor should read as is (rate limit, chat switched off, message too long). */
export class ChatRefusal extends Error {
  override name = "ChatRefusal";
}

const HISTORY_SENT = 10;

/** The conversation a question belongs to: its id once the server made one, and who keeps a new one. */
export interface ConversationLink {
  id?: string | null;
  onStarted?: (id: string) => void;
}

/**
 * Sends a question to our server (POST /api/chat) and calls `onText` with each
 * piece of the answer as it streams in (Server-Sent Events). Throws a
 * ChatRefusal for a friendly refusal, any other Error for a failure.
 * `onHandoff` is called when the server says to offer the visitor the team
 * (after the answer, before it ends).
 */
export async function askAssistant(
  message: string,
  history: readonly ChatMessage[],
  onText: (text: string) => void,
  signal?: AbortSignal,
  conversation: ConversationLink = {},
  { onHandoff }: { onHandoff?: () => void } = {},
): Promise<void> {
  const response = await fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify({
      message,
      history: history.slice(-HISTORY_SENT).map(({ sender, text }) => ({ sender, text })),
      ...(conversation.id && { conversation: conversation.id }),
      page: window.location.pathname,
    }),
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if ([400, 429, 503].includes(response.status) && typeof body?.error === "string") throw new ChatRefusal(body.error);
    throw new Error(`chat failed with ${response.status}`);
  }
  if (!response.body) throw new Error("chat answer had no body");

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const raw = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of raw.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (event === "done") return;
      if (event === "conversation") {
        const { id } = JSON.parse(data.join("\n")) as { id?: unknown };
        if (typeof id === "string") conversation.onStarted?.(id);
      }
      if (event === "handoff") onHandoff?.();
      if (event === "error") throw new Error("the assistant could not answer");
      if (event === "delta") {
        const { text } = JSON.parse(data.join("\n")) as { text?: unknown };
        if (typeof text === "string") onText(text);
      }
    }
  }
  throw new Error("the answer ended early");
}
