import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { DIMENSIONS, type AnalyticsStore, type AnalyticsTables, type Dimension, type StoredView } from "./types.ts";

/** Rows per insert: well under both databases' limits on bound parameters. */
const INSERT_CHUNK = 500;

const counts = <T extends { visitors: unknown; pageviews: unknown }>(row: T) => ({
  ...row,
  visitors: Number(row.visitors),
  pageviews: Number(row.pageviews),
});

/**
 * Page views, their daily rollups and the days' salts. A report reads the
 * rollups for the days that have one and the raw events for the others (today,
 * and a day just over until it is rolled up), so it answers live and stays
 * fast however long the site has counted.
 */
export function createAnalyticsStore(db: Kysely<AnalyticsTables>): AnalyticsStore {
  /** Days in [from, to] that are rolled up (their `total` row is the mark). */
  const rolledUp = (from: string, to: string) =>
    db
      .selectFrom("analytics_daily")
      .select("day")
      .where("kind", "=", "total")
      .where("day", ">=", from)
      .where("day", "<=", to);

  /** Raw events in [from, to] of days not rolled up yet. */
  const unrolled = (from: string, to: string) =>
    db
      .selectFrom("analytics_events")
      .where("day", ">=", from)
      .where("day", "<=", to)
      .where("day", "not in", rolledUp(from, to));

  return {
    async addViews(views) {
      if (views.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < views.length; i += INSERT_CHUNK) {
          await trx
            .insertInto("analytics_events")
            .values(views.slice(i, i + INSERT_CHUNK) as StoredView[])
            .execute();
        }
      });
    },

    async salt(day) {
      await db
        .insertInto("analytics_salts")
        .values({ day, salt: randomBytes(32).toString("base64url") })
        .onConflict((oc) => oc.column("day").doNothing())
        .execute();
      const row = await db
        .selectFrom("analytics_salts")
        .select("salt")
        .where("day", "=", day)
        .executeTakeFirstOrThrow();
      return row.salt;
    },

    async removeSaltsBefore(day) {
      const deleted = await db.deleteFrom("analytics_salts").where("day", "<", day).executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },

    async rollUp(before) {
      const days = await db
        .selectFrom("analytics_events")
        .select("day")
        .distinct()
        .where("day", "<", before)
        .where("day", "not in", db.selectFrom("analytics_daily").select("day").where("kind", "=", "total"))
        .orderBy("day")
        .execute();
      const rolled: string[] = [];
      for (const { day } of days) {
        const done = await db.transaction().execute(async (trx) => {
          const events = trx.selectFrom("analytics_events").where("day", "=", day);
          // The total row first, as the claim: another instance rolling the same day waits
          // for it (PostgreSQL) or finds it, and does nothing.
          const claimed = await trx
            .insertInto("analytics_daily")
            .columns(["kind", "day", "key", "visitors", "pageviews"])
            .expression(
              events
                .select((eb) => [
                  sql.lit("total").as("kind"),
                  "day",
                  sql.lit("").as("key"),
                  eb.fn.count("visitor").distinct().as("visitors"),
                  eb.fn.sum("views").as("pageviews"),
                ])
                .groupBy("day"),
            )
            .onConflict((oc) => oc.columns(["kind", "day", "key"]).doNothing())
            .executeTakeFirst();
          if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
          for (const [kind, column] of Object.entries(DIMENSIONS)) {
            if (column === null) continue;
            await trx
              .insertInto("analytics_daily")
              .columns(["kind", "day", "key", "visitors", "pageviews"])
              .expression(
                events
                  .select((eb) => [
                    sql.lit(kind).as("kind"),
                    "day",
                    eb.ref(column).as("key"),
                    eb.fn.count("visitor").distinct().as("visitors"),
                    eb.fn.sum("views").as("pageviews"),
                  ])
                  .where(column, "is not", null)
                  .groupBy(["day", column]),
              )
              .execute();
          }
          return true;
        });
        if (done) rolled.push(day);
      }
      return rolled;
    },

    async removeEventsBefore(day) {
      const deleted = await db.deleteFrom("analytics_events").where("day", "<", day).executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },

    async totals(from, to) {
      const rows = await db
        .selectFrom("analytics_daily")
        .select(["day", "key", "visitors", "pageviews"])
        .where("kind", "=", "total")
        .where("day", ">=", from)
        .where("day", "<=", to)
        .unionAll(
          unrolled(from, to)
            .select((eb) => [
              "day",
              sql.lit("").as("key"),
              eb.fn.count<number>("visitor").distinct().as("visitors"),
              eb.fn.sum<number>("views").as("pageviews"),
            ])
            .groupBy("day"),
        )
        .execute();
      return rows.map(counts);
    },

    async top(dimension: Exclude<Dimension, "total">, from, to, measure, limit) {
      const column = DIMENSIONS[dimension];
      const both = db
        .selectFrom("analytics_daily")
        .select(["key", "visitors", "pageviews"])
        .where("kind", "=", dimension)
        .where("day", ">=", from)
        .where("day", "<=", to)
        .unionAll(
          unrolled(from, to)
            .select((eb) => [
              eb.ref(column).$notNull().as("key"),
              eb.fn.count<number>("visitor").distinct().as("visitors"),
              eb.fn.sum<number>("views").as("pageviews"),
            ])
            .where(column, "is not", null)
            .groupBy(["day", column]),
        );
      const rows = await db
        .selectFrom(both.as("counted"))
        .select((eb) => [
          "key",
          eb.fn.sum<number>("visitors").as("visitors"),
          eb.fn.sum<number>("pageviews").as("pageviews"),
        ])
        .groupBy("key")
        .orderBy(measure, "desc")
        .orderBy("key")
        .limit(limit)
        .execute();
      return rows.map(counts);
    },
  };
}
