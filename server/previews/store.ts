import type { Kysely } from "kysely";
import { PREVIEW_LIFETIME_MS } from "#content/preview.ts";
import type { PreviewStore, PreviewTables } from "./types.ts";

/** How often (at most) a store sweeps expired drafts, on the next store after this long. */
const SWEEP_MS = 10 * 60 * 1000;

const cutoff = (now: Date) => new Date(now.getTime() - PREVIEW_LIFETIME_MS).toISOString();

/**
 * Preview drafts. A store is one `insert … on conflict do update … where`
 * (SQLite ≥ 3.35, PostgreSQL), so a token is never taken over from another
 * admin, however stores race. ISO-8601 text compares in time order.
 */
export function createPreviewStore(db: Kysely<PreviewTables>): PreviewStore {
  let nextSweep = 0;

  const removeExpired = async (now = new Date()) => {
    const result = await db.deleteFrom("preview_drafts").where("updated_at", "<", cutoff(now)).executeTakeFirst();
    return Number(result.numDeletedRows);
  };

  return {
    async put(token, userId, data, now = new Date()) {
      if (now.getTime() >= nextSweep) {
        nextSweep = now.getTime() + SWEEP_MS;
        await removeExpired(now);
      }
      const row = await db
        .insertInto("preview_drafts")
        .values({ token, user_id: userId, data: JSON.stringify(data), updated_at: now.toISOString() })
        .onConflict((oc) =>
          oc
            .column("token")
            .doUpdateSet((eb) => ({ data: eb.ref("excluded.data"), updated_at: eb.ref("excluded.updated_at") }))
            .where("preview_drafts.user_id", "=", userId),
        )
        .returning("token")
        .executeTakeFirst();
      return row !== undefined;
    },

    async get(token, now = new Date()) {
      const row = await db
        .selectFrom("preview_drafts")
        .selectAll()
        .where("token", "=", token)
        .where("updated_at", ">=", cutoff(now))
        .executeTakeFirst();
      return row && { token, userId: row.user_id, data: JSON.parse(row.data) as unknown, updatedAt: row.updated_at };
    },

    removeExpired,
  };
}
