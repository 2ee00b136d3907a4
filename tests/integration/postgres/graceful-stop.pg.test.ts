// ../graceful-stop.test.ts again, with the server on PostgreSQL (a fresh schema).
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../graceful-stop.test.ts"));
