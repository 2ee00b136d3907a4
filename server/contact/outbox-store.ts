import type { Kysely, Selectable, Transaction } from "kysely";
import type { ContactTables, Delivery, DeliveryPlan, OutboxStore } from "./types.ts";

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

/** The outbox over Kysely; claims are conditional updates, so two workers never take one row. */
export function createOutboxStore(db: Kysely<ContactTables>): OutboxStore {
  return {
    async claimDue(now, leaseUntil, limit) {
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom("deliveries")
          .select("id")
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", at)
          .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(limit)
          .execute();
        const claimed: Delivery[] = [];
        for (const { id } of due) {
          const row = await trx
            .updateTable("deliveries")
            .set((eb) => ({ claimed_until: leaseUntil.toISOString(), attempts: eb("attempts", "+", 1) }))
            .where("id", "=", id)
            .where("status", "=", "pending")
            .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
            .returningAll()
            .executeTakeFirst();
          if (row) claimed.push(toDelivery(row));
        }
        return claimed;
      });
    },
    async markSent(id, at) {
      await db
        .updateTable("deliveries")
        .set({ status: "sent", sent_at: at.toISOString(), claimed_until: null, last_error: null })
        .where("id", "=", id)
        .execute();
    },
    async markRetry(id, error, nextAttemptAt) {
      await db
        .updateTable("deliveries")
        .set({
          status: "pending",
          last_error: error,
          next_attempt_at: nextAttemptAt.toISOString(),
          claimed_until: null,
        })
        .where("id", "=", id)
        .execute();
    },
    async markFailed(id, error) {
      await db
        .updateTable("deliveries")
        .set({ status: "failed", last_error: error, claimed_until: null })
        .where("id", "=", id)
        .execute();
    },
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
