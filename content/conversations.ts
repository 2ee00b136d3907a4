/**
 * Chat conversations kept for staff (docs/product.md §3 "Conversations"):
 * what the conversations API (server/chat/conversation-routes.ts) answers and the
 * AI tab's Conversations list reads. Shared by browser and server.
 */
import type { Locale } from "./locales.ts";

/** How long conversations are kept when the AI tab does not say (days). */
export const CHAT_RETENTION_DEFAULT_DAYS = 90;
export const CHAT_RETENTION_MAX_DAYS = 3650;
/** Conversations per page of the admin's list. */
export const CONVERSATIONS_PER_PAGE = 20;
/** A conversation's id: made by the server, sent back by the chat panel with each question. */
export const CONVERSATION_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** The longest page address a conversation keeps (where it started). */
export const CONVERSATION_PAGE_MAX = 300;

export interface ConversationMessage {
  sender: "user" | "ai";
  text: string;
  at: string;
  /** For a visitor's question: whether the assistant found an answer on the site (null: not known). */
  answered: boolean | null;
  /** For a visitor's question: answered from the team's Answers (issue 41 item 3); absent for the assistant's. */
  fromAnswers?: boolean;
}

/** A conversation in the list: when, where, how much, and its first question. */
export interface ConversationSummary {
  id: string;
  startedAt: string;
  lastAt: string;
  /** The page the chat was opened on, e.g. "/services". */
  page: string;
  /** The language it was answered in: its first question's (server/chat/question-locale.ts). */
  locale: Locale;
  questions: number;
  /** Questions the assistant could not answer. */
  unanswered: number;
  firstQuestion: string;
}

export interface ConversationPage {
  conversations: ConversationSummary[];
  total: number;
  page: number;
  pages: number;
}

export interface Conversation extends Omit<ConversationSummary, "firstQuestion"> {
  messages: ConversationMessage[];
}
