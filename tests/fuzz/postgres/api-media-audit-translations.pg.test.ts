// ../api-media-audit-translations.test.ts again, with the server on PostgreSQL.
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../api-media-audit-translations.test.ts"));
