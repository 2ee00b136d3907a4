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
  /** The stored document, or the registry's defaults at version 0. */
  get(key: DocumentKey): Promise<StoredDocument>;
  /**
   * Saves `data` (already validated) as a new version when `baseVersion` is
   * the current one; otherwise returns the current document as a conflict.
   */
  save(key: DocumentKey, data: unknown, baseVersion: number, actor: Actor, restoredFrom?: number): Promise<SaveResult>;
  revisions(key: DocumentKey): Promise<RevisionSummary[]>;
  revision(key: DocumentKey, version: number): Promise<Revision | undefined>;
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
}

export interface MessageStore {
  add(input: ContactMessageInput): Promise<ContactMessage>;
  list(): Promise<ContactMessage[]>;
}

/**
 * Everything the app persists, behind one interface: callers never see the
 * database, so PostgreSQL can be added beside SQLite without touching them.
 */
export interface Store {
  documents: DocumentStore;
  users: UserStore;
  sessions: SessionStore;
  messages: MessageStore;
  /** A cheap query proving the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
