import type { Kysely } from "kysely";
import { fillLeadPages } from "./helpers.ts";

// Chat leads without their page (restored from a backup taken before 0013-message-page) get the
// page their text names, as 0013 gave those stored then. Until this migration every start did it;
// a database that an older version restored such leads into, not started since, gets it here, once.

export async function up(db: Kysely<unknown>) {
  await fillLeadPages(db);
}

export async function down() {
  // Nothing to undo: the version before reads the page column as this one does.
}

/** A backup taken before it may hold leads without their page: a restore fills them (./index.ts). */
export const restored = fillLeadPages;
