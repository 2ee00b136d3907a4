// A backup restores into either database, whichever it was taken from; the shell commands honour DATABASE_URL.
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCli } from "#server/cli/admin.ts";
import { runBackupCli, runRestoreCli } from "#server/cli/backup.ts";
import { submitContactMessage } from "#server/contact/submit.ts";
import { openStore } from "#server/db/open.ts";
import type { StoreDump } from "#server/backup/types.ts";
import { signIn } from "../../helpers/api-server.ts";
import { adminFetch, startTestServer, tempDir, type TestServer } from "../../helpers/admin-server.ts";
import { createTestDatabase, postgresUnavailable, type TestDatabase } from "../../helpers/test-database.ts";

const missing = await postgresUnavailable();

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

async function dumpOf(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<StoreDump> {
  const store = await openStore(env);
  try {
    return await store.backup.dump();
  } finally {
    await store.close();
  }
}

describe.skipIf(missing)(`backups between SQLite and PostgreSQL${missing ? ` — skipped: ${missing}` : ""}`, () => {
  let database: TestDatabase;
  let sqliteSite: TestServer;
  const scratch = tempDir("agency-across-");

  beforeAll(async () => {
    database = await createTestDatabase();
    // A SQLite site with history, two admins, a message with a delivery and an image.
    sqliteSite = await startTestServer();
    const api = adminFetch(sqliteSite, await signIn(sqliteSite.url));
    for (const [version, title] of ["Grow in Colombo", "Grow across Sri Lanka"].entries()) {
      const current = await (await api("/api/content/home")).json();
      const saved = await api("/api/content/home", {
        method: "PUT",
        body: JSON.stringify({ version, data: { ...current.data, hero: { ...current.data.hero, title } } }),
      });
      if (!saved.ok) throw new Error(await saved.text());
    }
    await api("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "partner@example.lk", password: "second admin pass" }),
    });
    const sent = await submitContactMessage(
      sqliteSite.deps,
      { name: "Nimal Perera", email: "nimal@example.lk", company: "Tea", message: "Hello" },
      { ip: "203.0.113.4", userAgent: "vitest" },
    );
    if (!sent.ok) throw new Error(sent.formError);
    const image = await sharp({ create: { width: 500, height: 300, channels: 3, background: "#0f172a" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "team.png");
    if ((await api("/api/media", { method: "POST", body: form })).status !== 201) throw new Error("upload failed");
  });
  afterAll(async () => {
    await sqliteSite?.close();
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("moves a SQLite site onto PostgreSQL and back, row for row", async () => {
    const fromSqlite = path.join(scratch, "from-sqlite.json.gz");
    expect(await runBackupCli([fromSqlite], { DATA_DIR: sqliteSite.dataDir }, capture().io)).toBe(0);

    const pgEnv = { DATA_DIR: path.join(scratch, "pg-site"), DATABASE_URL: await database.freshSchema() };
    const restore = capture();
    expect(await runRestoreCli([fromSqlite], pgEnv, restore.io)).toBe(0);
    expect(restore.out[0]).toMatch(
      /^Restored \d+ rows and 5 media files into PostgreSQL at postgres@127\.0\.0\.1:5432\/agency_test_\w+ and /,
    );
    const original = await sqliteSite.deps.store.backup.dump();
    expect(await dumpOf(pgEnv)).toEqual(original);

    // The PostgreSQL site runs on it: old passwords, content, images; new rows get new ids.
    const revived = await startTestServer({
      dataDir: pgEnv.DATA_DIR,
      env: { DATABASE_URL: pgEnv.DATABASE_URL, ADMIN_EMAIL: "partner@example.lk", ADMIN_PASSWORD: "second admin pass" },
    });
    try {
      expect(revived.deps.store.dialect).toBe("postgres");
      await signIn(revived.url, { email: "owner@example.lk", password: "correct horse battery" });
      expect(await (await fetch(`${revived.url}/api/content/home`)).json()).toMatchObject({
        version: 2,
        data: { hero: { title: "Grow across Sri Lanka" } },
      });
      const [item] = await revived.deps.store.media.list();
      expect((await fetch(`${revived.url}/media/${item!.id}/${item!.files[0]!.name}`)).status).toBe(200);
      const sent = await submitContactMessage(
        revived.deps,
        { name: "Kamala Silva", email: "kamala@example.lk", company: "", message: "Second" },
        { ip: "203.0.113.5", userAgent: "vitest" },
      );
      expect(sent.ok).toBe(true);
      const ids = (await revived.deps.store.messages.list()).map((m) => m.id);
      expect(ids).toEqual([
        Math.max(...original.tables["contact_messages"]!.map((r) => Number(r["id"]))) + 1,
        ...original.tables["contact_messages"]!.map((r) => r["id"]),
      ]);
      const saved = await adminFetch(
        revived,
        await signIn(revived.url, { email: "partner@example.lk", password: "second admin pass" }),
      )("/api/content/home", {
        method: "PUT",
        body: JSON.stringify({ version: 2, data: (await revived.deps.store.documents.get("home")).data }),
      });
      expect(saved.status).toBe(200);
    } finally {
      await revived.stop();
    }

    // And back to SQLite, from the PostgreSQL site's own backup.
    const fromPg = path.join(scratch, "from-pg.json.gz");
    expect(await runBackupCli([fromPg], pgEnv, capture().io)).toBe(0);
    const sqliteEnv = { DATA_DIR: path.join(scratch, "sqlite-again") };
    expect(await runRestoreCli([fromPg], sqliteEnv, capture().io)).toBe(0);
    expect(await dumpOf(sqliteEnv)).toEqual(await dumpOf(pgEnv));
    // The PostgreSQL site kept the images in its database (MEDIA_STORAGE's default there); SQLite's are in the folder again.
    expect(existsSync(path.join(pgEnv.DATA_DIR, "media"))).toBe(false);
    expect(readdirSync(path.join(sqliteEnv.DATA_DIR, "media"))).toEqual(
      original.tables["media"]!.map((row) => row["id"]),
    );
  });

  it("refuses to restore into a PostgreSQL database that has data, writing no files", async () => {
    const file = path.join(scratch, "refused.json.gz");
    expect(await runBackupCli([file], { DATA_DIR: sqliteSite.dataDir }, capture().io)).toBe(0);
    const url = await database.freshSchema();
    const busy = await openStore({ DATA_DIR: scratch, DATABASE_URL: url });
    await busy.users.create("someone@example.lk", "hash");
    const before = await busy.backup.dump();
    await busy.close();
    const target = path.join(scratch, "never");
    const run = capture();
    expect(await runRestoreCli([file], { DATA_DIR: target, DATABASE_URL: url }, run.io)).toBe(1);
    expect(run.err[0]).toMatch(
      /^Restore refused: The table "\w+" is not empty; restore only into an empty database\.$/,
    );
    expect(existsSync(target)).toBe(false);
    expect(await dumpOf({ DATA_DIR: target, DATABASE_URL: url })).toEqual(before);
  });

  it("manages administrators of a PostgreSQL site with npm run admin", async () => {
    const env = { DATA_DIR: path.join(scratch, "admin-cli"), DATABASE_URL: await database.freshSchema() };
    const create = capture();
    expect(await runAdminCli(["create", "owner@example.lk", "a long password"], env, create.io)).toBe(0);
    expect(create.out).toEqual(["Created administrator owner@example.lk."]);
    const list = capture();
    expect(await runAdminCli(["list"], env, list.io)).toBe(0);
    expect(list.out[0]).toMatch(/^owner@example\.lk\t\(added /);
    expect(await runAdminCli(["reset-password", "owner@example.lk", "another long one"], env, capture().io)).toBe(0);
    const site = await startTestServer({
      dataDir: env.DATA_DIR,
      env: { DATABASE_URL: env.DATABASE_URL, ADMIN_EMAIL: "", ADMIN_PASSWORD: "" },
    });
    try {
      await signIn(site.url, { email: "owner@example.lk", password: "another long one" });
      expect(site.deps.setup.link).toBeNull();
    } finally {
      await site.close();
    }
  });

  it("says which database could not be reached", async () => {
    const run = capture();
    const unreachable = {
      DATA_DIR: path.join(scratch, "nowhere"),
      DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/site",
    };
    await expect(runAdminCli(["list"], unreachable, run.io)).rejects.toThrow(
      /^Cannot connect to PostgreSQL at nobody@127\.0\.0\.1:1\/site \(DATABASE_URL\): /,
    );
  });
});
