import type { Generated } from "kysely";
import type { Conversation, ConversationMessage, ConversationPage } from "#content/conversations.ts";
import type { Locale } from "#content/locales.ts";

export type { Conversation, ConversationMessage, ConversationPage };

export interface ConversationListOptions {
  /** Words the visitor's questions must contain (case-insensitive). */
  query?: string;
  /** Only conversations with a question the assistant could not answer. */
  unanswered?: boolean;
  /** Only conversations in this language. */
  locale?: Locale | undefined;
  page?: number;
  pageSize: number;
}

/**
 * The public chat's conversations, kept for staff (no address, no user
 * agent: only what was said, when, and the page it started on).
 */
export interface ConversationStore {
  /** A new conversation started on `page` (at `at`, now by default), answered in `locale` (English by default); its id. */
  start(page: string, at?: string, locale?: Locale): Promise<string>;
  /** Whether a conversation with this id is kept (the panel may send one retention removed). */
  exists(id: string): Promise<boolean>;
  /** Adds messages to a conversation (a visitor's question, then its answer). */
  add(id: string, messages: readonly ConversationMessage[]): Promise<void>;
  list(options: ConversationListOptions): Promise<ConversationPage>;
  get(id: string): Promise<Conversation | undefined>;
  /** Every kept conversation with its messages, oldest first (the CSV export). */
  all(): Promise<Conversation[]>;
  remove(id: string): Promise<boolean>;
  /** Conversations started from `from` (inclusive) to `to` (ISO instants), with a question asked: Insights' conversions. */
  startedBetween(
    from: string,
    to: string,
  ): Promise<{ startedAt: string; page: string; unanswered: number; fromAnswers: number }[]>;
  /** Removes conversations whose last message is older than `before` (ISO); how many. */
  removeOlderThan(before: string): Promise<number>;
}

/** The conversation tables (migration 0008-conversations; `locale` 0015-conversation-locale). */
export interface ConversationTables {
  chat_conversations: {
    id: string;
    started_at: string;
    last_at: string;
    page: string;
    /** "en", "si" or "ta" (content/locales.ts); "en" for those kept before languages. */
    locale: Generated<string>;
    questions: number;
    unanswered: number;
    /** Questions answered from the team's Answers (0030-answered-from-answers). */
    from_answers: Generated<number>;
    first_question: string;
    /** The visitor's questions, lower-cased, matched by the admin's search. */
    search: string;
  };
  chat_messages: {
    id: Generated<number>;
    conversation_id: string;
    sender: string;
    text: string;
    at: string;
    /** 1/0 for a visitor's question (found an answer or not), null otherwise. */
    answered: number | null;
    /** 1 for a visitor's question answered from the team's Answers, null otherwise (and before 0030). */
    from_answers: number | null;
  };
}
