import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { backupsDir } from "#server/lib/data-dir.ts";
import { executedMigrations, migrationsAfter } from "./migrate.ts";
import type { Database } from "./schema.ts";

/** How many copies taken before migrations are kept (the newest). */
export const KEPT_COPIES = 3;

const PREFIX = "pre-migration-";
const PARTIAL = ".partial";

/** `pre-migration-YYYYMMDD-HHMMSS-<last migration run>.db`, local time as `npm run backup` names its files. */
export function preMigrationCopyName(at: Date, migration: string): string {
  const p = (n: number) => String(n).padStart(2, "0");
  const stamp = `${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}`;
  return `${PREFIX}${stamp}-${migration}.db`;
}

/** The copies kept in `dataDir`'s backups folder, oldest first. */
export function preMigrationCopies(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(PREFIX) && name.endsWith(".db"))
    .map((name) => ({ file: path.join(dir, name), at: statSync(path.join(dir, name)).mtimeMs, name }))
    .sort((a, b) => a.at - b.at || a.name.localeCompare(b.name))
    .map(({ file }) => file);
}

/**
 * Before migrations change an existing SQLite database, a whole copy of it
 * (`VACUUM INTO`: consistent, compact, WAL included) goes to
 * `DATA_DIR/backups/`, named with the time and the last migration it had; the
 * newest KEPT_COPIES are kept. Nothing is copied for a new database or one
 * with nothing to migrate. A copy that cannot be made stops the start before
 * anything is migrated. Returns the copy's path, if one was made.
 */
export async function copyBeforeMigrating(
  db: Kysely<Database>,
  dataDir: string,
  now = new Date(),
): Promise<string | undefined> {
  const executed = await executedMigrations(db);
  if (executed.length === 0 || migrationsAfter(executed).length === 0) return undefined;
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, preMigrationCopyName(now, executed.at(-1)!));
  // Written under another name and renamed when whole, so a copy cut short is never taken for one.
  const partial = `${target}${PARTIAL}`;
  try {
    // Left by a start that stopped while copying.
    for (const name of readdirSync(dir))
      if (name.startsWith(PREFIX) && name.endsWith(PARTIAL)) rmSync(path.join(dir, name), { force: true });
    await sql`vacuum into ${partial}`.execute(db);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new Error(
      `Could not copy the database to ${dir} before migrating it (nothing was migrated): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  for (const old of preMigrationCopies(dataDir).slice(0, -KEPT_COPIES)) rmSync(old, { force: true });
  return target;
}
