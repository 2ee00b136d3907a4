import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeEach, describe, it } from "vitest";
import { connectPostgres, openPostgresStore } from "#server/db/postgres.ts";
import type { Database } from "#server/db/schema.ts";
import { openSqliteDatabase, openSqliteStore } from "#server/db/sqlite.ts";
import type { Store } from "#server/db/store.ts";
import { createTestDatabase, postgresUnavailable, type TestDatabase } from "./test-database.ts";

/** A place for one store's data: `open` may be called again to reopen the same data. */
export interface Site {
  open(): Promise<Store>;
  /** The connection a store of this site runs on, opened as the store opens it (not migrated: open a store first). */
  connect(): Promise<Kysely<Database>>;
  remove(): Promise<void>;
}

/** What a store test works with; a fresh site (and store) for every test. */
export interface StoreUnderTest {
  /** This test's store. */
  readonly store: Store;
  /** Closes the store and opens the same data again, as after a restart. */
  reopen(): Promise<Store>;
  /** A second store on the same data, as another instance (or the admin CLI) would open it. */
  another(): Promise<Store>;
  /** Who races this store: another store where that is possible, else the store itself. */
  rival(): Promise<Store>;
  /** A new, empty site of the same kind (to restore into, say). */
  newSite(): Promise<Site>;
  /** The connection this test's store runs on, opened again the same way: for tables no store call reaches. */
  database(): Promise<Kysely<Database>>;
}

const postgresMissing = await postgresUnavailable();

/**
 * `rivals`: whether two stores on the same data can run transactions at the
 * same moment in one process. PostgreSQL: yes (the races below are real).
 * SQLite: no, a second writer in the same thread waits on the first, which
 * cannot go on; there the rival is the store itself, whose one connection
 * takes transactions in turn.
 */
interface Kind {
  name: string;
  skip?: string;
  rivals: boolean;
  site(): Promise<Site>;
}

/**
 * Runs the tests `define` declares on SQLite and on PostgreSQL (skipped with
 * a reason when PostgreSQL is not reachable): the stores' queries must do the
 * same on both. PostgreSQL sites are fresh schemas of one database per file.
 */
export function describeEachStore(define: (t: StoreUnderTest) => void): void {
  let database: Promise<TestDatabase> | undefined;
  afterAll(async () => {
    await (await database)?.drop();
  });

  const kinds: Kind[] = [
    {
      name: "SQLite",
      rivals: false,
      async site() {
        const dir = mkdtempSync(path.join(tmpdir(), "store-test-"));
        return {
          open: () => openSqliteStore(dir),
          connect: async () => openSqliteDatabase(dir),
          remove: async () => rmSync(dir, { recursive: true, force: true }),
        };
      },
    },
    {
      name: "PostgreSQL",
      skip: postgresMissing,
      rivals: true,
      async site() {
        database ??= createTestDatabase();
        const url = await (await database).freshSchema();
        return {
          open: () => openPostgresStore(url, { max: 4 }),
          connect: async () => (await connectPostgres(url, { max: 2 })).db,
          remove: async () => undefined,
        };
      },
    },
  ];

  if (postgresMissing) {
    it.skip(`store tests on PostgreSQL — skipped: ${postgresMissing}`, () => undefined);
  }

  describe.each(kinds.filter((kind) => !kind.skip).map((kind) => [kind.name, kind] as const))(
    "%s store",
    (_name, { site: makeSite, rivals }) => {
      let site: Site;
      let store: Store;
      const others: Store[] = [];
      const connections: Kysely<Database>[] = [];

      beforeEach(async () => {
        site = await makeSite();
        store = await site.open();
      });
      afterEach(async () => {
        for (const other of others.splice(0)) await other.close();
        for (const connection of connections.splice(0)) await connection.destroy();
        await store.close();
        await site.remove();
      });

      const another = async () => {
        const other = await site.open();
        others.push(other);
        return other;
      };

      define({
        get store() {
          return store;
        },
        async reopen() {
          await store.close();
          store = await site.open();
          return store;
        },
        another,
        rival: async () => (rivals ? another() : store),
        newSite: makeSite,
        async database() {
          const connection = await site.connect();
          connections.push(connection);
          return connection;
        },
      });
    },
  );
}
