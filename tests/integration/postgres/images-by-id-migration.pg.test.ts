// ../images-by-id-migration.test.ts again, with every site on PostgreSQL (a fresh schema each).
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../images-by-id-migration.test.ts"));
