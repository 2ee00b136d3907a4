import type { Generated } from "kysely";
import type { MessageSource } from "#content/contact-fields.ts";
import type { DeliveryChannel, DeliveryStatus } from "#content/inbox.ts";
import type { VariantName } from "#content/landing-pages.ts";

export interface ContactMessageInput {
  name: string;
  email: string;
  company: string;
  message: string;
  ip: string | null;
  userAgent: string | null;
  /** Where it came from; the Contact form when not said. */
  source?: MessageSource;
  /** The page it was sent on: /contact for the Contact form, the chat's page for a lead (Insights' conversions). */
  page?: string | null;
  /** The variant of the team page it was sent from, where that page has a variant B (issue 42). */
  variant?: VariantName | null;
}

export interface ContactMessage extends ContactMessageInput {
  source: MessageSource;
  id: number;
  createdAt: string;
  readAt: string | null;
  deletedAt: string | null;
}

/** Deliveries to queue in the same transaction as the message (./deliver.ts). */
export interface DeliveryPlan {
  channels: DeliveryChannel[];
  /** The site origin the visitor used; the form-mail forward's `_next` is built from it. */
  origin: string;
}

export interface Delivery {
  id: number;
  messageId: number;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  origin: string;
  createdAt: string;
}

/** Sends one delivery; throws with a reason an administrator can read when it does not go through. */
export type Transport = (delivery: Delivery, message: ContactMessage) => Promise<void>;

export interface MessagePage {
  messages: ContactMessage[];
  total: number;
  unreadCount: number;
}

export interface MessageStore {
  /** Stores the message and, in the same transaction, one pending delivery per planned channel. */
  add(input: ContactMessageInput, delivery?: DeliveryPlan): Promise<ContactMessage>;
  /** Every message that is not deleted, newest first. */
  list(): Promise<ContactMessage[]>;
  /** Messages not deleted, newest first, whose name, email, company or text contains `query`. */
  search(options: { query?: string; offset: number; limit: number }): Promise<MessagePage>;
  get(id: number): Promise<ContactMessage | undefined>;
  unreadCount(): Promise<number>;
  /** Returns false when the message does not exist or is deleted. */
  setRead(id: number, read: boolean, at?: Date): Promise<boolean>;
  /** Soft delete; returns the deletion time, or undefined when there was nothing to delete. */
  softDelete(id: number, at?: Date): Promise<string | undefined>;
  /** Undoes a soft delete not yet purged; false when there is nothing to restore. */
  restore(id: number): Promise<boolean>;
  /** Removes messages (and their deliveries) deleted before `before`; returns how many. */
  purgeDeleted(before: Date): Promise<number>;
  /**
   * When each message not deleted was sent, from `from` (inclusive) to `to` (ISO
   * instants), where from, and the page it was sent on (/contact for the Contact
   * form, the chat's page for a lead): Insights' conversions.
   */
  sentBetween(
    from: string,
    to: string,
  ): Promise<{ at: string; source: MessageSource; page: string | undefined; variant: VariantName | null }[]>;
}

export interface OutboxStore {
  /**
   * Claims up to `limit` pending deliveries that are due and not claimed by a
   * live worker: each claim counts an attempt and holds the row until
   * `leaseUntil`, so overlapping workers never send the same one.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<Delivery[]>;
  markSent(id: number, at: Date): Promise<void>;
  /** Back to pending, due again at `nextAttemptAt`. */
  markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void>;
  markFailed(id: number, error: string): Promise<void>;
  forMessages(ids: number[]): Promise<Delivery[]>;
  /** How many deliveries wait to be sent or retried (`pending`) and how many were given up (`failed`): the metrics. */
  counts(): Promise<{ pending: number; failed: number }>;
}

/**
 * An e-mail the site sends to a person about their account (an invitation), queued in the same
 * durable outbox as contact messages' deliveries and sent by the same worker (./outbox.ts). The row
 * holds no text: its kind's composer (server/assembly/deps.ts wires them) writes the mail when it
 * is sent, from the record it names, so a queued row holds no link, and a mail whose record was
 * withdrawn meanwhile (an invitation revoked or used) is not sent.
 */
export interface AccountMail {
  id: number;
  kind: AccountMailKind;
  /** The id of the record the mail is about (the invitation's). */
  refId: number;
  attempts: number;
  /** The site origin its links start from (the request's, PUBLIC_URL's when set). */
  origin: string;
}

/** The kinds of account mail; each has a composer. */
export type AccountMailKind = "invitation";

/** An e-mail ready to go: to whom, its subject and plain text. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Writes a queued account mail, or undefined when its record was withdrawn (it is then not sent). */
export type AccountMailComposer = (mail: AccountMail) => Promise<OutgoingMail | undefined>;

/** Sends one composed account mail; throws with a reason an administrator can read. */
export type AccountMailTransport = (mail: OutgoingMail) => Promise<void>;

/** The account mails' queue: claimed, retried and given up exactly like contact deliveries. */
export interface AccountMailStore {
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<AccountMail[]>;
  markSent(id: number, at: Date): Promise<void>;
  markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void>;
  markFailed(id: number, error: string): Promise<void>;
}

/** Contact messages (0001-initial) and their deliveries, the durable outbox (0002-owner), and account mails (0021-invitations). */
export interface ContactTables {
  contact_messages: {
    id: Generated<number>;
    name: string;
    email: string;
    company: string;
    message: string;
    ip: string | null;
    user_agent: string | null;
    created_at: string;
    read_at: string | null;
    /** Set when an admin deletes it; the row stays restorable until purged (0002-owner). */
    deleted_at: Generated<string | null>;
    /** "form" or "chat" (0009-message-source). */
    source: Generated<MessageSource>;
    /** The page it was sent on (0013-message-page); null for a Contact form message stored before. */
    page: string | null;
    /** The team page's variant it was sent from (0031-page-variants), else null. */
    variant: string | null;
  };
  /** One row per message and delivery channel. */
  deliveries: QueueColumns & {
    message_id: number;
    channel: DeliveryChannel;
    /** The site origin the message was sent from (for the form-mail `_next`). */
    origin: string;
    created_at: string;
  };
  /** One row per account mail (see AccountMail); the queue's columns are the deliveries'. */
  account_mails: QueueColumns & {
    kind: AccountMailKind;
    ref_id: number;
    origin: string;
    created_at: string;
  };
}

/** The columns every queue table of the outbox has (deliveries, account mails): ./outbox-store.ts works them alike. */
export interface QueueColumns {
  id: Generated<number>;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  /** While set and in the future, a worker is sending it. */
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
}
