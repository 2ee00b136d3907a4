// ../chat-answers.test.ts again, with every server on PostgreSQL (a fresh schema each).
import { runOnPostgres } from "../../helpers/postgres-suite.ts";

await runOnPostgres(() => import("../chat-answers.test.ts"));
