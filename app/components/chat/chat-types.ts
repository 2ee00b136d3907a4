/** A page of the site an answer drew on (the server's `sources` event). */
export interface ChatSource {
  title: string;
  /** A path on this site, e.g. "/contact" or "/blog/some-post". */
  url: string;
}

/** One line of the conversation (docs/product.md §3 "Chat message"). */
export interface ChatMessage {
  id: string;
  text: string;
  sender: "user" | "ai";
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** For an answer: the pages it drew on, linked under it. */
  sources?: ChatSource[];
}

/** docs/product.md §8: what the assistant says when a reply fails. */
export const CHAT_APOLOGY =
  "I apologize, but I'm having trouble responding right now. Please try again later or contact us directly.";

/** Where the conversation is kept so it survives a reload (per tab). */
export const CHAT_STORAGE_KEY = "lgp-chat";

/** Longest message the server accepts (server/ai/routes.ts). */
export const CHAT_MAX_LENGTH = 1_000;

/** The id of the conversation the server keeps for this tab's chat (sent with each question). */
export const CHAT_CONVERSATION_KEY = "lgp-chat-conversation";
