import type { Generated } from "kysely";
import type { AuditAction, AuditEvent, AuditQuery, AuditTarget } from "#content/audit.ts";

/** An event as it is recorded: the time is the store's. */
export interface NewAuditEvent {
  actor: { id: number | null; email: string | null };
  action: AuditAction;
  target?: AuditTarget | null;
  detail?: Record<string, unknown> | null;
}

export interface AuditStore {
  record(event: NewAuditEvent, at?: Date): Promise<void>;
  /** A page of the events `filter` keeps, the newest first, with how many there are in all. */
  page(
    filter: Omit<AuditQuery, "page">,
    page: number,
    pageSize: number,
  ): Promise<{ events: AuditEvent[]; total: number }>;
  /** Every event `filter` keeps, the newest first, at most `limit` (the CSV export). */
  all(filter: Omit<AuditQuery, "page">, limit: number): Promise<AuditEvent[]>;
  /** The emails of the accounts that have events (not those tried at failed sign-ins), for the filter's list. */
  actors(): Promise<string[]>;
  /** Deletes the events recorded before `before`; returns how many. */
  removeBefore(before: Date): Promise<number>;
}

/** The audit trail (0019-sessions-audit). */
export interface AuditTables {
  audit_events: {
    id: Generated<number>;
    at: string;
    actor_id: number | null;
    actor_email: string | null;
    action: string;
    target_kind: string | null;
    target_key: string | null;
    target_id: string | null;
    revision: number | null;
    /** JSON. */
    detail: string | null;
  };
}
