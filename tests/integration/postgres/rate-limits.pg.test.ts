// ../rate-limits.test.ts again, with every server on PostgreSQL (a restart finds the same schema).
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../rate-limits.test.ts"));
