// ../pages-api.test.ts again, with every server on PostgreSQL (a fresh schema each).
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../pages-api.test.ts"));
