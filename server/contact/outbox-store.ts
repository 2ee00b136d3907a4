import type { Kysely, Selectable, Transaction } from "kysely";
import type { AccountMailStore, ContactTables, Delivery, DeliveryPlan, OutboxStore, QueueColumns } from "./types.ts";

function toDelivery(row: Selectable<ContactTables["deliveries"]>): Delivery {
  return {
    id: row.id,
    messageId: row.message_id,
    channel: row.channel,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    origin: row.origin,
    createdAt: row.created_at,
  };
}

/** Queues the planned deliveries inside the transaction that stores the message. */
export async function enqueueDeliveries(
  trx: Transaction<ContactTables>,
  messageId: number,
  plan: DeliveryPlan,
  now: string,
) {
  const channels = [...new Set(plan.channels)];
  if (channels.length === 0) return;
  await trx
    .insertInto("deliveries")
    .values(
      channels.map((channel) => ({
        message_id: messageId,
        channel,
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: now,
        claimed_until: null,
        last_error: null,
        sent_at: null,
        origin: plan.origin,
        created_at: now,
      })),
    )
    .execute();
}

/** The tables of the outbox's queues: each has the same queue columns (./types.ts). */
type QueueTable = "deliveries" | "account_mails";
type QueueRow<T extends QueueTable> = Selectable<ContactTables[T]>;

/**
 * A queue's claiming and settling, the same for contact deliveries and account mails: claims are
 * conditional updates, so two workers never take one row.
 */
function queueOf<T extends QueueTable>(contactDb: Kysely<ContactTables>, table: T) {
  // Kysely types a query by a literal table name; both tables have the queue columns, so this one
  // query code is typed as over a table of those columns alone, and runs on the table asked.
  const db = contactDb as unknown as Kysely<{ queue: QueueColumns }>;
  const queue = table as QueueTable as "queue";
  return {
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<QueueRow<T>[]> {
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom(queue)
          .select("id")
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", at)
          .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(limit)
          .execute();
        const claimed: QueueRow<T>[] = [];
        for (const { id } of due) {
          const row = await trx
            .updateTable(queue)
            .set((eb) => ({ claimed_until: leaseUntil.toISOString(), attempts: eb("attempts", "+", 1) }))
            .where("id", "=", id)
            .where("status", "=", "pending")
            .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
            .returningAll()
            .executeTakeFirst();
          if (row) claimed.push(row as unknown as QueueRow<T>);
        }
        return claimed;
      });
    },
    async markSent(id: number, at: Date) {
      await db
        .updateTable(queue)
        .set({ status: "sent", sent_at: at.toISOString(), claimed_until: null, last_error: null })
        .where("id", "=", id)
        .execute();
    },
    async markRetry(id: number, error: string, nextAttemptAt: Date) {
      await db
        .updateTable(queue)
        .set({
          status: "pending",
          last_error: error,
          next_attempt_at: nextAttemptAt.toISOString(),
          claimed_until: null,
        })
        .where("id", "=", id)
        .execute();
    },
    async markFailed(id: number, error: string) {
      await db
        .updateTable(queue)
        .set({ status: "failed", last_error: error, claimed_until: null })
        .where("id", "=", id)
        .execute();
    },
  };
}

/** The contact deliveries' queue over Kysely. */
export function createOutboxStore(db: Kysely<ContactTables>): OutboxStore {
  const queue = queueOf(db, "deliveries");
  return {
    claimDue: async (now, leaseUntil, limit) => (await queue.claimDue(now, leaseUntil, limit)).map(toDelivery),
    markSent: queue.markSent,
    markRetry: queue.markRetry,
    markFailed: queue.markFailed,
    async forMessages(ids) {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom("deliveries").selectAll().where("message_id", "in", ids).orderBy("id").execute();
      return rows.map(toDelivery);
    },
    async counts() {
      const rows = await db
        .selectFrom("deliveries")
        .select((eb) => ["status", eb.fn.countAll().as("count")])
        .where("status", "in", ["pending", "failed"])
        .groupBy("status")
        .execute();
      const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { pending: count("pending"), failed: count("failed") };
    },
  };
}

/** The account mails' queue over Kysely (the rows are queued by their feature: server/auth/invitations/store.ts). */
export function createAccountMailStore(db: Kysely<ContactTables>): AccountMailStore {
  const queue = queueOf(db, "account_mails");
  return {
    claimDue: async (now, leaseUntil, limit) =>
      (await queue.claimDue(now, leaseUntil, limit)).map((row) => ({
        id: row.id,
        kind: row.kind,
        refId: row.ref_id,
        attempts: row.attempts,
        origin: row.origin,
      })),
    markSent: queue.markSent,
    markRetry: queue.markRetry,
    markFailed: queue.markFailed,
  };
}
