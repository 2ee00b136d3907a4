import { sql, type Kysely } from "kysely";
import { expect, it } from "vitest";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import { describeEachStore } from "../../tests/helpers/each-store.ts";

// The one boundary for stored text (./storable-text-plugin.ts), on the connection the store runs on:
// every text column of every table takes a NUL and lone surrogates, cleaned the same on both databases.

/** A NUL, a lone high and a lone low surrogate; and what both databases keep of it. */
const DIRTY = "a\u0000b\ud800c\udc00";
const CLEAN = "ab\ufffdc\ufffd";

type AnyTables = Record<string, Record<string, unknown>>;

/** The site's tables (of its own schema on PostgreSQL) and which of their columns are text. */
async function siteTables(db: Kysely<AnyTables>, dialect: SqlDialect) {
  const schema =
    dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return (await db.introspection.getTables())
    .filter((table) => !table.isView && table.schema === schema)
    .filter((table) => !table.name.startsWith("kysely_") && !table.name.startsWith("sqlite_"))
    .map((table) => ({
      name: table.name,
      columns: table.columns.map((column) => ({ name: column.name, text: /^(text|varchar)$/i.test(column.dataType) })),
    }));
}

describeEachStore((t) => {
  it("stores every text column of every table cleaned, and finds it by the text as sent", async () => {
    const db = (await t.database()) as unknown as Kysely<AnyTables>;
    const tables = await siteTables(db, t.store.dialect);
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(["contact_messages", "chat_conversations", "analytics_events", "rate_counters"]),
    );

    // One row per table: every text column the same dirty text, every number 1. So a row that
    // points at another (by id 1 or by its text key) finds it once that one is in; tables are
    // taken round again until every row is in.
    let pending = tables;
    while (pending.length > 0) {
      const failed: typeof tables = [];
      for (const table of pending) {
        const row = Object.fromEntries(table.columns.map((column) => [column.name, column.text ? DIRTY : 1]));
        await db
          .insertInto(table.name)
          .values(row)
          .execute()
          .catch(() => failed.push(table));
      }
      expect(failed.length, `rows refused: ${failed.map((table) => table.name).join(", ")}`).toBeLessThan(
        pending.length,
      );
      pending = failed;
    }

    for (const table of tables) {
      const texts = table.columns.filter((column) => column.text).map((column) => column.name);
      const stored = await db.selectFrom(table.name).selectAll().execute();
      expect(stored, table.name).toHaveLength(1);
      for (const column of texts) expect(stored[0]![column], `${table.name}.${column}`).toBe(CLEAN);
      // A `where` with the text as sent finds it (a bound value), as does an sql`` template's value.
      const [first] = texts;
      if (!first) continue;
      expect(await db.selectFrom(table.name).select(first).where(first, "=", DIRTY).execute(), table.name).toHaveLength(
        1,
      );
      expect(
        await db.selectFrom(table.name).select(first).where(first, "in", [DIRTY, "other"]).execute(),
        table.name,
      ).toHaveLength(1);
      const raw = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table.name)} where ${sql.ref(first)} = ${DIRTY}`.execute(db);
      expect(Number(raw.rows[0]!.n), table.name).toBe(1);
    }
  });

  it("cleans a value set by an update or an sql`` template the same way", async () => {
    const db = (await t.database()) as unknown as Kysely<AnyTables>;
    const message = await t.store.messages.add({
      name: "Nimal",
      email: "nimal@example.lk",
      company: "",
      message: "Hello",
      ip: null,
      userAgent: null,
    });
    await db
      .updateTable("contact_messages")
      .set({ company: `Tea${DIRTY}` })
      .where("id", "=", message.id)
      .execute();
    await sql`update contact_messages set message = ${`Hi${DIRTY}`} where id = ${message.id}`.execute(db);
    expect(await t.store.messages.get(message.id)).toMatchObject({ company: `Tea${CLEAN}`, message: `Hi${CLEAN}` });
  });
});
