import type { Kysely } from "kysely";

/**
 * A text that changes whenever a row of `tables` is created, saved (its `version` goes up) or removed:
 * each table's count, sum of versions and latest `updated_at`. Posts' and team pages' (their
 * PostgreSQL catch-up after a lost listener, the chat's cheap check).
 */
export async function versionedTablesFingerprint(
  db: Kysely<Record<string, { version: number; updated_at: string }>>,
  tables: readonly string[],
): Promise<string> {
  const parts = await Promise.all(
    tables.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => [
          eb.fn.countAll<number>().as("n"),
          eb.fn.sum<number>("version").as("versions"),
          eb.fn.max("updated_at").as("latest"),
        ])
        .executeTakeFirstOrThrow();
      return `${Number(row.n)}:${Number(row.versions ?? 0)}:${row.latest ?? ""}`;
    }),
  );
  return parts.join("|");
}
