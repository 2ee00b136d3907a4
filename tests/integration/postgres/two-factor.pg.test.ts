// ../two-factor.test.ts again, with every server on PostgreSQL (a fresh schema each).
import { vi } from "vitest";
import type { CliIo } from "#server/cli/io.ts";
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

// `npm run admin` with {DATA_DIR}; on a PostgreSQL site the shell also has that site's DATABASE_URL.
vi.mock("#server/cli/admin.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#server/cli/admin.ts")>();
  const { storeEnvFor } = await import("../../helpers/test-database.ts");
  return {
    ...actual,
    runAdminCli: async (args: string[], env: { DATA_DIR: string }, io?: CliIo) =>
      actual.runAdminCli(args, await storeEnvFor(env), io),
  };
});

await runOnPostgres(() => import("../two-factor.test.ts"));
