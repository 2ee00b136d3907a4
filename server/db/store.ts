import type { DocumentKey } from "#content/sections.ts";

/** Who made a change: an administrator's email, or a system actor such as "setup". */
export type Actor = string | null;

export interface StoredDocument<T = unknown> {
  key: DocumentKey;
  /** 0 when nothing was ever saved and the built-in defaults are returned. */
  version: number;
  data: T;
  updatedAt: string | null;
  updatedBy: Actor;
}

export interface RevisionSummary {
  version: number;
  createdAt: string;
  createdBy: Actor;
  /** Set when this version was made by restoring an older one. */
  restoredFrom: number | null;
}

export interface Revision<T = unknown> extends RevisionSummary {
  key: DocumentKey;
  data: T;
}

export type SaveResult<T = unknown> =
  | { ok: true; document: StoredDocument<T> }
  | { ok: false; conflict: StoredDocument<T> };

export interface DocumentStore {
  /** The stored document, or the registry's defaults at version 0: a frozen object shared by all readers (copy before changing it). */
  get(key: DocumentKey): Promise<StoredDocument>;
  /**
   * Saves `data` (already validated) as a new version when `baseVersion` is
   * the current one; otherwise returns the current document as a conflict.
   */
  save(key: DocumentKey, data: unknown, baseVersion: number, actor: Actor, restoredFrom?: number): Promise<SaveResult>;
  revisions(key: DocumentKey): Promise<RevisionSummary[]>;
  revision(key: DocumentKey, version: number): Promise<Revision | undefined>;
  /** Drops this process's cached copy of `key` (another instance saved it). */
  forget(key: DocumentKey): void;
  /**
   * Drops every cached document (saves by other instances may have gone
   * unnoticed) and returns those whose stored version differs from the
   * cached copy, so their readers can be told.
   */
  resync(): Promise<{ key: DocumentKey; version: number }[]>;
}

export interface User {
  id: number;
  email: string;
  createdAt: string;
}

export interface UserStore {
  count(): Promise<number>;
  list(): Promise<User[]>;
  findByEmail(email: string): Promise<(User & { passwordHash: string }) | undefined>;
  /** Returns undefined when the email is taken. */
  create(email: string, passwordHash: string): Promise<User | undefined>;
  setPassword(userId: number, passwordHash: string): Promise<void>;
  remove(userId: number): Promise<void>;
  findById(userId: number): Promise<(User & { passwordHash: string }) | undefined>;
  /** Removes the user and their sessions unless they are the last one, in one transaction. */
  removeUnlessLast(userId: number): Promise<"removed" | "last" | "missing">;
}

export interface Session {
  id: string;
  user: User;
  expiresAt: string;
}

export interface SessionStore {
  create(id: string, userId: number, expiresAt: Date): Promise<void>;
  /** The live session with its user, or undefined when unknown or expired. */
  find(id: string, now?: Date): Promise<Session | undefined>;
  remove(id: string): Promise<void>;
  removeForUser(userId: number): Promise<void>;
  /** Ends every session of the user except `keepId` (the one changing the password). */
  removeOthersForUser(userId: number, keepId: string): Promise<void>;
  removeExpired(now?: Date): Promise<number>;
}

export interface ContactMessageInput {
  name: string;
  email: string;
  company: string;
  message: string;
  ip: string | null;
  userAgent: string | null;
}

export interface ContactMessage extends ContactMessageInput {
  id: number;
  createdAt: string;
  readAt: string | null;
  deletedAt: string | null;
}

export type DeliveryChannel = "email" | "forward";
export type DeliveryStatus = "pending" | "sent" | "failed";

/** Deliveries to queue in the same transaction as the message (server/contact/deliver.ts). */
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
}

export interface MediaFile {
  /** Generated file name inside the item's folder, e.g. "960.webp". */
  name: string;
  width: number;
  height: number;
  type: string;
  bytes: number;
}

export interface MediaItem {
  id: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
  files: MediaFile[];
  createdAt: string;
  createdBy: Actor;
}

export interface MediaStore {
  add(item: MediaItem): Promise<void>;
  get(id: string): Promise<MediaItem | undefined>;
  list(): Promise<MediaItem[]>;
}

/** One key's counter in its current window. */
export interface RateCount {
  count: number;
  /** When the window ends (ISO-8601): the count starts again after it. */
  expiresAt: string;
}

/**
 * Throttle counters (`rate_counters`), shared by every instance on the
 * database and kept across restarts. A key's window opens at its first hit
 * and ends at the `expiresAt` that hit gave; the row is removed some time
 * after that. Transient: not part of backups.
 */
export interface RateCounterStore {
  /**
   * Counts one hit on `key` unless its window already holds `limit`, in one
   * statement (concurrent hits on any instance are all counted, never past
   * the limit). With no window open at `now`, a new one opens with this hit,
   * ending at `expiresAt`. `counted` is false when the limit was already
   * reached (nothing was counted); `count` and `expiresAt` describe the window.
   */
  take(key: string, limit: number, now: Date, expiresAt: Date): Promise<RateCount & { counted: boolean }>;
  /** The key's count in its window open at `now`, without counting; undefined when none is open. */
  peek(key: string, now?: Date): Promise<RateCount | undefined>;
  /** Forgets the key's count. */
  reset(key: string): Promise<void>;
  /** Removes counters whose window ended at or before `now`; returns how many. */
  removeExpired(now?: Date): Promise<number>;
}

/** Raw rows of every persistent table (sessions and rate counters excluded), read in one transaction. */
export interface StoreDump {
  migrations: string[];
  tables: Record<string, Record<string, unknown>[]>;
}

export interface BackupStore {
  /** A consistent snapshot of every table but sessions and rate counters. */
  dump(): Promise<StoreDump>;
  /** Loads a dump into this (empty) store in one transaction; throws and writes nothing on any problem. */
  load(dump: StoreDump): Promise<void>;
}

export type StoreDialect = "sqlite" | "postgres";

/**
 * Everything the app persists, behind one interface: callers never see the
 * database, SQLite (server/db/sqlite.ts) or PostgreSQL (server/db/postgres.ts).
 */
export interface Store {
  readonly dialect: StoreDialect;
  documents: DocumentStore;
  users: UserStore;
  sessions: SessionStore;
  messages: MessageStore;
  outbox: OutboxStore;
  media: MediaStore;
  rateCounters: RateCounterStore;
  backup: BackupStore;
  /** A cheap query proving the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
