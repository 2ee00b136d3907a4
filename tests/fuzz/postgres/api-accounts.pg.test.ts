// ../api-accounts.test.ts again, with the server on PostgreSQL.
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../api-accounts.test.ts"));
