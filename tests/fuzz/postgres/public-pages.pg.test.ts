// ../public-pages.test.ts again, with the server on PostgreSQL.
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../public-pages.test.ts"));
