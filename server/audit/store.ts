import type { Kysely, Selectable, SelectQueryBuilder } from "kysely";
import { isAuditAction, type AuditEvent, type AuditQuery, type AuditTarget } from "#content/audit.ts";
import type { AuditStore, AuditTables } from "./types.ts";

type Row = Selectable<AuditTables["audit_events"]>;

/** A stored JSON detail, or null when it is not an object (hand-edited, or from a newer version). */
function detailOf(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const toEvent = (row: Row): AuditEvent | undefined => {
  // An action this version does not know (a newer one's) is left out rather than shown wrongly.
  if (!isAuditAction(row.action)) return undefined;
  const target: AuditTarget | null = row.target_kind
    ? {
        kind: row.target_kind as AuditTarget["kind"],
        ...(row.target_key !== null && { key: row.target_key }),
        ...(row.target_id !== null && { id: row.target_id }),
        ...(row.revision !== null && { revision: Number(row.revision) }),
      }
    : null;
  return {
    id: Number(row.id),
    at: row.at,
    actor: { id: row.actor_id === null ? null : Number(row.actor_id), email: row.actor_email },
    action: row.action,
    target,
    detail: detailOf(row.detail),
  };
};

/** The audit trail, newest first; filtered by the actor's email (as recorded) and the action. */
export function createAuditStore(db: Kysely<AuditTables>): AuditStore {
  const filtered = <O>(query: SelectQueryBuilder<AuditTables, "audit_events", O>, filter: Omit<AuditQuery, "page">) => {
    let q = query;
    if (filter.actor) q = q.where("actor_email", "=", filter.actor.toLowerCase());
    if (filter.action) q = q.where("action", "=", filter.action);
    return q;
  };
  const rows = (filter: Omit<AuditQuery, "page">) =>
    filtered(db.selectFrom("audit_events").selectAll(), filter).orderBy("at", "desc").orderBy("id", "desc");
  return {
    async record(event, at = new Date()) {
      const target = event.target ?? null;
      await db
        .insertInto("audit_events")
        .values({
          at: at.toISOString(),
          actor_id: event.actor.id,
          actor_email: event.actor.email?.toLowerCase() ?? null,
          action: event.action,
          target_kind: target?.kind ?? null,
          target_key: target?.key ?? null,
          target_id: target?.id ?? null,
          revision: target?.revision ?? null,
          detail: event.detail ? JSON.stringify(event.detail) : null,
        })
        .execute();
    },
    async page(filter, page, pageSize) {
      const count = await filtered(
        db.selectFrom("audit_events").select((eb) => eb.fn.countAll<number>().as("n")),
        filter,
      ).executeTakeFirstOrThrow();
      const found = await rows(filter)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { events: found.flatMap((row) => toEvent(row) ?? []), total: Number(count.n) };
    },
    async all(filter, limit) {
      return (await rows(filter).limit(limit).execute()).flatMap((row) => toEvent(row) ?? []);
    },
    async actors() {
      const found = await db
        .selectFrom("audit_events")
        .select("actor_email")
        .distinct()
        .where("actor_email", "is not", null)
        // Accounts that acted: an email tried at a failed sign-in is the visitor's words, not an account.
        .where("actor_id", "is not", null)
        .orderBy("actor_email")
        .limit(500)
        .execute();
      return found.map((row) => row.actor_email!);
    },
    async removeBefore(before) {
      const result = await db.deleteFrom("audit_events").where("at", "<", before.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
