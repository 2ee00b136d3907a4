import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { backupsDir } from "#server/lib/data-dir.ts";
import { executedMigrations } from "./migrate.ts";
import { migrationProvider } from "./migrations/index.ts";
import { copyBeforeMigrating, KEPT_COPIES, preMigrationCopies, preMigrationCopyName } from "./pre-migration-copy.ts";
import { openSqliteDatabase, openSqliteStore } from "./sqlite.ts";
import { SQLite } from "./sqlite-driver.ts";

// SQLite upgrades (issue 29): a copy of the database before migrations change it, the last
// three kept; an upgrade that fails leaves the database as it was.

const OLD = "0010-analytics";
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-copy-"));
  dirs.push(dir);
  return dir;
};

/** A site's database as an older version of the site left it: migrated up to OLD, with one saved document. */
async function olderSite(): Promise<string> {
  const dir = dataDir();
  const db = openSqliteDatabase(dir);
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(OLD);
    if (error) throw error;
    await sql`insert into documents (key, version, data, updated_at) values ('about', 4, '{"title":"Kept"}', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
  } finally {
    await db.destroy();
  }
  return dir;
}

const lastMigrationIn = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare("select max(name) as name from kysely_migration").get() as { name: string }).name;
  } finally {
    db.close();
  }
};

describe("a copy of the SQLite database before migrating", () => {
  it("is made when an existing database has migrations to run, and holds it as it was", async () => {
    const dir = await olderSite();
    const store = await openSqliteStore(dir);
    await store.close();
    const [copy, ...more] = preMigrationCopies(dir);
    expect(more).toEqual([]);
    expect(path.dirname(copy!)).toBe(backupsDir(dir));
    expect(path.basename(copy!)).toMatch(new RegExp(`^pre-migration-\\d{8}-\\d{6}-${OLD}\\.db$`));
    expect(lastMigrationIn(copy!)).toBe(OLD);
    const db = new SQLite(copy!, { readonly: true });
    try {
      expect(db.prepare("select version, data from documents where key = 'about'").get()).toEqual({
        version: 4,
        data: '{"title":"Kept"}',
      });
    } finally {
      db.close();
    }
    // The site itself moved on.
    expect(lastMigrationIn(path.join(dir, "site.db"))).toBe(
      Object.keys(await migrationProvider.getMigrations())
        .sort()
        .at(-1),
    );
  });

  it("is not made for a new database, nor for one with nothing to migrate", async () => {
    const dir = dataDir();
    await (await openSqliteStore(dir)).close();
    await (await openSqliteStore(dir)).close();
    expect(preMigrationCopies(dir)).toEqual([]);
    expect(existsSync(backupsDir(dir))).toBe(false);
  });

  it(`keeps the newest ${KEPT_COPIES}, leaves the backups of npm run backup alone and drops a copy cut short`, async () => {
    const dir = await olderSite();
    const backups = backupsDir(dir);
    const db = openSqliteDatabase(dir);
    try {
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        if (i === 2) {
          writeFileSync(path.join(backups, "backup-20260101-000000.json.gz"), "not touched");
          writeFileSync(path.join(backups, `${preMigrationCopyName(new Date(2026, 0, 1), OLD)}.partial`), "cut short");
        }
        made.push((await copyBeforeMigrating(db, dir, new Date(2026, 0, 2, 10, 0, i)))!);
      }
      expect(preMigrationCopies(dir)).toEqual(made.slice(-KEPT_COPIES));
      expect(readdirSync(backups).sort()).toEqual(
        ["backup-20260101-000000.json.gz", ...made.slice(-KEPT_COPIES).map((file) => path.basename(file))].sort(),
      );
      expect(path.basename(made.at(-1)!)).toBe(`pre-migration-20260102-100004-${OLD}.db`);
    } finally {
      await db.destroy();
    }
  });

  it("leaves the database as it was when a migration fails, and says which", async () => {
    const dir = await olderSite();
    const db = openSqliteDatabase(dir);
    // What the last migration creates is there already (by hand, say): it fails after the one before it ran.
    await sql`create table secrets (name text)`.execute(db);
    await db.destroy();
    await expect(openSqliteStore(dir)).rejects.toThrow(/Database migration 0012-secrets failed/);
    const after = openSqliteDatabase(dir);
    try {
      expect((await executedMigrations(after)).at(-1)).toBe(OLD);
    } finally {
      await after.destroy();
    }
    // The copy was made first.
    expect(preMigrationCopies(dir).map(lastMigrationIn)).toEqual([OLD]);
  });
});
