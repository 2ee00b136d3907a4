import type { ChatSource } from "#content/chat.ts";

/** One line of the conversation (docs/product.md §3 "Chat message"). */
export interface ChatMessage {
  id: string;
  text: string;
  sender: "user" | "ai";
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** For an answer: the pages it drew on, linked under it (the `sources` event, content/chat.ts). */
  sources?: ChatSource[];
}

/** Where the conversation is kept so it survives a reload (per tab). */
export const CHAT_STORAGE_KEY = "lgp-chat";

/** The id of the conversation the server keeps for this tab's chat (sent with each question). */
export const CHAT_CONVERSATION_KEY = "lgp-chat-conversation";
