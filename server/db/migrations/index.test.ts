import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationProvider, migrations } from "./index.ts";

// Kysely runs migrations in their names' order and records each name in `kysely_migration`: a
// database that ran one under another name would run it again. So the list is in that order, and
// each migration is the file of its name.

const names = migrations.map(([name]) => name);

/** Names databases have recorded: they never change (new migrations come after them). */
const SHIPPED = [
  "0001-initial",
  "0002-owner",
  "0003-rate-counters",
  "0004-posts",
  "0005-post-status",
  "0006-preview-drafts",
  "0008-conversations",
  "0009-message-source",
  "0010-analytics",
  "0011-post-sort-time",
  "0012-secrets",
  "0013-message-page",
  "0014-post-translations",
  "0015-conversation-locale",
  "0016-media-files",
  "0017-user-roles",
  "0018-two-factor",
  "0019-sessions-audit",
  "0020-media-library",
  "0021-invitations",
  "0022-passkeys",
  "0023-post-review",
  "0024-translated-image-alt",
  "0025-close-invitations-to-accounts",
  "0026-images-by-id",
  "0027-media-uploader-id",
];

describe("the migrations", () => {
  it("are listed in strict name order, each a number and words, the shipped names unchanged", () => {
    for (const [i, name] of names.entries()) {
      expect(name).toMatch(/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*$/);
      if (i > 0) expect(names[i - 1]! < name, `${names[i - 1]} before ${name}`).toBe(true);
    }
    expect(names.slice(0, SHIPPED.length)).toEqual(SHIPPED);
  });

  it("are each the file of their name, and every migration file is listed", async () => {
    const files = readdirSync(import.meta.dirname)
      .filter((file) => /^\d{4}-.*\.ts$/.test(file) && !file.endsWith(".test.ts"))
      .map((file) => file.slice(0, -".ts".length))
      .sort();
    expect(names).toEqual(files);
    for (const [name, migration] of migrations) {
      const file = (await import(/* @vite-ignore */ path.join(import.meta.dirname, `${name}.ts`))) as typeof migration;
      expect(file.up, name).toBe(migration.up);
      expect(file.down, name).toBe(migration.down);
    }
  });

  it("are what Kysely is given, in that order", async () => {
    expect(Object.keys(await migrationProvider.getMigrations())).toEqual(names);
  });
});
