// ../observability.test.ts again, with every server on PostgreSQL (a fresh schema each): the pool's metrics too.
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../observability.test.ts"));
