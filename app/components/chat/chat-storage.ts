import { CHAT_CONVERSATION_KEY, CHAT_STORAGE_KEY, type ChatMessage } from "./chat-types.ts";

/*
 * What the chat keeps in the tab's session storage so it survives navigation and reloads: the
 * messages, and the id of the conversation the server keeps. Storage may be full or unavailable
 * (a private window): the chat then still works in the page.
 */

export const newMessageId = () =>
  typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** The messages kept in this tab, without an answer that never started; undefined when none are. */
export function readStoredMessages(): ChatMessage[] | undefined {
  try {
    const raw = sessionStorage.getItem(CHAT_STORAGE_KEY);
    const messages = raw ? (JSON.parse(raw) as ChatMessage[]) : undefined;
    return Array.isArray(messages) && messages.length > 0 ? messages.filter((m) => m.text !== "") : undefined;
  } catch {
    return undefined;
  }
}

export function storeMessages(messages: readonly ChatMessage[]) {
  try {
    sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(messages));
  } catch {
    // Storage full or unavailable: the conversation still works in this page.
  }
}

export function readConversation(): string | null {
  try {
    return sessionStorage.getItem(CHAT_CONVERSATION_KEY);
  } catch {
    return null;
  }
}

export function keepConversation(id: string) {
  try {
    sessionStorage.setItem(CHAT_CONVERSATION_KEY, id);
  } catch {
    // Storage unavailable: the next question starts a new conversation.
  }
}
