import { afterAll, it } from "vitest";
import { postgresUnavailable, usePostgres } from "./test-database.ts";

/**
 * Runs a test file's suite on PostgreSQL: `load` imports it after the
 * helpers are switched to PostgreSQL (a database for this file, dropped after
 * it; a fresh schema per server). When PostgreSQL cannot be used here, one
 * skipped test says why instead.
 */
export async function runOnPostgres(load: () => Promise<unknown>): Promise<void> {
  const reason = await postgresUnavailable();
  if (reason) {
    console.warn(`PostgreSQL tests skipped: ${reason}`);
    it.skip(`on PostgreSQL — skipped: ${reason}`, () => undefined);
    return;
  }
  const database = usePostgres();
  // Registered first, so it runs after the suite's own afterAll hooks (which close its servers).
  afterAll(async () => (await database).drop(), 60_000);
  await load();
}
