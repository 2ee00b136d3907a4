// ../admin-backup.test.ts again, on PostgreSQL: every server, backup and
// restore uses a PostgreSQL schema of its own per data folder.
import { vi } from "vitest";
import type { CliIo } from "#server/cli/io.ts";
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

// The suite runs `npm run backup` / `restore` with {DATA_DIR}; on a
// PostgreSQL site the shell also has that site's DATABASE_URL.
vi.mock("#server/cli/backup.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#server/cli/backup.ts")>();
  const { storeEnvFor } = await import("../../helpers/test-database.ts");
  return {
    ...actual,
    runBackupCli: async (args: string[], env: { DATA_DIR: string }, io?: CliIo) =>
      actual.runBackupCli(args, await storeEnvFor(env), io),
    runRestoreCli: async (args: string[], env: { DATA_DIR: string }, io?: CliIo) =>
      actual.runRestoreCli(args, await storeEnvFor(env), io),
  };
});

// …and it opens the restored folder's store to compare it with the original: here, that folder's PostgreSQL schema.
vi.mock("#server/db/sqlite.ts", async () => {
  const { storeEnvFor } = await import("../../helpers/test-database.ts");
  const { openPostgresStore } = await import("#server/db/postgres.ts");
  return {
    openSqliteStore: async (dataDir: string) =>
      openPostgresStore((await storeEnvFor({ DATA_DIR: dataDir })).DATABASE_URL!),
  };
});

await runOnPostgres(() => import("../admin-backup.test.ts"));
