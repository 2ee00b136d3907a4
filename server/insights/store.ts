import { DEFAULT_LOCALE, locales, translatedLocales } from "#content/locales.ts";
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { storableText } from "#content/storable-text.ts";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import { DIMENSIONS, type InsightsStore, type InsightsTables, type Dimension } from "./types.ts";

/** Rows per insert (one JSON parameter each). */
const INSERT_CHUNK = 5_000;

/**
 * A value packed into the batch's JSON: the database layer cleans the one
 * JSON string, not the text inside it (a NUL in it arrives escaped, and
 * PostgreSQL's jsonb refuses it), so that text is cleaned here.
 */
const storable = (value: string | number | null) => (typeof value === "string" ? storableText(value) : value);

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
export function createInsightsStore(db: Kysely<InsightsTables>, dialect: SqlDialect): InsightsStore {
  // A batch goes in as one JSON array, unpacked by the database: thousands of rows cost one
  // statement and one parameter, not a query built and bound row by row.
  const rows =
    dialect === "postgres"
      ? (json: string) => sql`select r->>0, r->>1, r->>2, r->>3, r->>4, r->>5, r->>6, (r->>7)::integer
          from jsonb_array_elements(${json}::jsonb) as r`
      : (json: string) => sql`select value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6,
          value->>7 from json_each(${json})`;

  /**
   * Raw events in [from, to] of days not rolled up yet: those after the last
   * day rolled up (its `total` row is the mark; days are rolled up in order), so
   * the raw events kept for days already rolled up are not even read.
   */
  const unrolled = async (from: string, to: string) => {
    const last = await db
      .selectFrom("analytics_daily")
      .select((eb) => eb.fn.max("day").as("day"))
      .where("kind", "=", "total")
      .executeTakeFirst();
    const after = last?.day ?? "";
    return db
      .selectFrom("analytics_events")
      .where("day", after >= from ? ">" : ">=", after >= from ? after : from)
      .where("day", "<=", to);
  };

  /** One dimension's counts per value over [from, to]: the rolled-up days, and the days not rolled up yet. */
  async function counted(dimension: Exclude<Dimension, "total">, from: string, to: string) {
    const column = DIMENSIONS[dimension];
    return db
      .selectFrom("analytics_daily")
      .select(["key", "visitors", "pageviews"])
      .where("kind", "=", dimension)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .unionAll(
        (await unrolled(from, to))
          .select((eb) => [
            eb.ref(column).$notNull().as("key"),
            eb.fn.count<number>("visitor").distinct().as("visitors"),
            eb.fn.sum<number>("views").as("pageviews"),
          ])
          .where(column, "is not", null)
          .groupBy(["day", column]),
      );
  }

  return {
    async addViews(views) {
      if (views.length === 0) return;
      for (let i = 0; i < views.length; i += INSERT_CHUNK) {
        const json = JSON.stringify(
          views
            .slice(i, i + INSERT_CHUNK)
            .map((v) =>
              [v.day, v.visitor, v.path, v.source, v.campaign, v.device, v.pageVariant, v.views].map(storable),
            ),
        );
        await db
          .insertInto("analytics_events")
          .columns(["day", "visitor", "path", "source", "campaign", "device", "page_variant", "views"])
          .expression(rows(json))
          .execute();
      }
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
          (await unrolled(from, to))
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
      const both = await counted(dimension, from, to);
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

    async countsOf(dimension, keys, from, to) {
      if (keys.length === 0) return [];
      const both = await counted(dimension, from, to);
      const rows = await db
        .selectFrom(both.as("counted"))
        .select((eb) => [
          "key",
          eb.fn.sum<number>("visitors").as("visitors"),
          eb.fn.sum<number>("pageviews").as("pageviews"),
        ])
        .where("key", "in", keys)
        .groupBy("key")
        .execute();
      return rows.map(counts);
    },

    async pageviewsByLanguage(from, to) {
      const both = await counted("page", from, to);
      // A page's language is its path's prefix (content/locales.ts): /si, /si/…, /ta, /ta/…, else English.
      const language = sql<string>`case ${sql.join(
        translatedLocales.map((locale) => sql`when key = ${`/${locale}`} or key like ${`/${locale}/%`} then ${locale}`),
        sql` `,
      )} else ${DEFAULT_LOCALE} end`;
      const rows = await db
        .selectFrom(both.as("counted"))
        .select((eb) => [language.as("locale"), eb.fn.sum<number>("pageviews").as("pageviews")])
        // By the output column: PostgreSQL would not see the same expression in its own parameters.
        .groupBy(sql.ref("locale"))
        .execute();
      const views = new Map(rows.map((row) => [row.locale, Number(row.pageviews)]));
      return locales.map((locale) => ({ locale, pageviews: views.get(locale) ?? 0 }));
    },
  };
}
