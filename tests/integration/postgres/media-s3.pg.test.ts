// ../media-s3.test.ts again, with every site on PostgreSQL (a fresh schema each): the second
// instance then shares the first one's database as well as its bucket.
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../media-s3.test.ts"));
