import type { Generated } from "kysely";

/** Table shapes as Kysely sees them; dates are ISO-8601 text so SQLite and PostgreSQL agree. */
export interface Database {
  documents: {
    key: string;
    version: number;
    data: string;
    updated_at: string;
    updated_by: string | null;
  };
  revisions: {
    id: Generated<number>;
    key: string;
    version: number;
    data: string;
    created_at: string;
    created_by: string | null;
    restored_from: number | null;
  };
  users: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    created_at: string;
  };
  sessions: {
    id: string;
    user_id: number;
    created_at: string;
    expires_at: string;
  };
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
  };
  /** The durable outbox: one row per message and delivery channel (0002-owner). */
  deliveries: {
    id: Generated<number>;
    message_id: number;
    channel: "email" | "forward";
    status: "pending" | "sent" | "failed";
    attempts: number;
    next_attempt_at: string;
    /** While set and in the future, a worker is sending it. */
    claimed_until: string | null;
    last_error: string | null;
    sent_at: string | null;
    /** The site origin the message was sent from (for the form-mail `_next`). */
    origin: string;
    created_at: string;
  };
  /** Uploaded images; the files live in DATA_DIR/media/<id>/ (0002-owner). */
  media: {
    id: string;
    width: number;
    height: number;
    format: string;
    bytes: number;
    /** JSON array of {name, width, height, type, bytes}. */
    files: string;
    created_at: string;
    created_by: string | null;
  };
  /** Throttle counters shared by every instance (0003-rate-counters); transient, not backed up. */
  rate_counters: {
    key: string;
    count: number;
    /** When the window opened (ISO-8601). */
    window_start: string;
    /** When the window ends (ISO-8601); the row is useless after it and swept. */
    expires_at: string;
  };
}
