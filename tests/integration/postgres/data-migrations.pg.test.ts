// ../data-migrations.test.ts again, with every site on PostgreSQL (a fresh schema each).
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../data-migrations.test.ts"));
