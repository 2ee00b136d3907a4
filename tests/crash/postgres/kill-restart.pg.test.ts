// ../kill-restart.test.ts again, with the server on PostgreSQL (one schema kept across the restarts).
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../kill-restart.test.ts"));
