import type { MessageSource } from "./contact-fields.ts";
import type { Locale } from "./locales.ts";

/**
 * The inbox's contact messages as the messages API (server/contact/routes.ts)
 * answers them and the admin's Messages tab reads them. Shared by browser and
 * server.
 */

export type DeliveryChannel = "email" | "forward";
export type DeliveryStatus = "pending" | "sent" | "failed";

/** What the inbox shows about one delivery channel of a message (the worker's lease and origin stay inside). */
export interface MessageDelivery {
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  /** When a pending delivery is tried again; null once it is sent or given up. */
  nextAttemptAt: string | null;
}

export interface InboxMessage {
  id: number;
  name: string;
  email: string;
  company: string;
  message: string;
  /** "form" or "chat" (a lead left in the chat). */
  source: MessageSource;
  /** The language of the page it was sent from. */
  locale: Locale;
  createdAt: string;
  readAt: string | null;
  deliveries: MessageDelivery[];
}

/** One page of messages, newest first (GET /api/messages). */
export interface InboxPage {
  messages: InboxMessage[];
  total: number;
  unreadCount: number;
  /** 1-based; `pages` is at least 1. */
  page: number;
  pages: number;
  pageSize: number;
}

/** A message marked read or unread (POST /api/messages/<id>/read, …/unread). */
export interface MessageMarked {
  id: number;
  read: boolean;
  unreadCount: number;
}

/** A message deleted, restorable until `restorableUntil` (DELETE /api/messages/<id>). */
export interface MessageDeleted {
  id: number;
  deletedAt: string;
  restorableUntil: string;
  /** Where to POST to undo the deletion. */
  restore: string;
  unreadCount: number;
}

/** A deleted message restored (POST /api/messages/<id>/restore); no `message` if it went meanwhile. */
export interface MessageRestored {
  message?: InboxMessage;
  unreadCount: number;
}
