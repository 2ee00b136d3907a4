// Images with no shared folder (MEDIA_STORAGE, issue 27): instances on one PostgreSQL database, each with
// its own DATA_DIR, serve every image; a backup moves a site's images from one storage to the other.
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackupCli, runRestoreCli } from "#server/cli/backup.ts";
import { signIn } from "../../helpers/api-server.ts";
import { adminFetch, startTestServer, tempDir, type TestServer } from "../../helpers/admin-server.ts";
import { createTestDatabase, postgresUnavailable, type TestDatabase } from "../../helpers/test-database.ts";

const missing = await postgresUnavailable();
const quiet = { out: () => undefined, err: () => undefined };

interface Uploaded {
  id: string;
  variants: { url: string; type: string }[];
}

/** Uploads a photo-like PNG through the admin API of `server`. */
async function upload(server: TestServer, colour: string): Promise<Uploaded> {
  const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "team.png");
  const response = await adminFetch(server, await signIn(server.url))("/api/media", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return response.json();
}

/** Each file of `item` as `server` serves it: status, the headers that matter, and the bytes. */
async function served(server: TestServer, item: Uploaded) {
  const files: Record<string, { status: number; type: string | null; cache: string | null; bytes: string }> = {};
  for (const { url } of item.variants) {
    const response = await fetch(`${server.url}${url}`);
    files[url] = {
      status: response.status,
      type: response.headers.get("content-type"),
      cache: response.headers.get("cache-control"),
      bytes: Buffer.from(await response.arrayBuffer()).toString("base64"),
    };
  }
  return files;
}

const mediaFolder = (server: TestServer) => path.join(server.dataDir, "media");

describe.skipIf(missing)(`images with no shared folder${missing ? ` — skipped: ${missing}` : ""}`, () => {
  let database: TestDatabase;
  const servers: TestServer[] = [];
  const scratch = tempDir("agency-media-storage-");
  const start = async (options: Parameters<typeof startTestServer>[0]) => {
    const server = await startTestServer(options);
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("serves an image uploaded on one instance from another with its own DATA_DIR, byte for byte", async () => {
    const url = await database.freshSchema();
    const a = await start({ env: { DATABASE_URL: url } });
    const b = await start({ env: { DATABASE_URL: url } });
    expect(a.dataDir).not.toBe(b.dataDir);
    expect([a.deps.mediaStorage.kind, b.deps.mediaStorage.kind]).toEqual(["database", "database"]);

    const item = await upload(a, "#0f172a");
    const fromA = await served(a, item);
    const fromB = await served(b, item);
    expect(Object.keys(fromB)).toHaveLength(7);
    expect(fromB).toEqual(fromA);
    for (const [url, file] of Object.entries(fromB)) {
      expect(file.status, url).toBe(200);
      expect(file.type, url).toBe(item.variants.find((v) => v.url === url)!.type);
      expect(file.cache, url).toBe("public, max-age=31536000, immutable");
    }
    // Nothing on either disk: the database holds the files.
    expect(existsSync(mediaFolder(a)) || existsSync(mediaFolder(b))).toBe(false);
    expect((await fetch(`${b.url}/media/${item.id}/2400.webp`)).status).toBe(404);
    expect((await fetch(`${b.url}/media/${"0".repeat(24)}/480.webp`)).status).toBe(404);
  });

  it("moves a site's images from the folder into the database and back through a backup", async () => {
    // A site keeping its images in DATA_DIR/media (SQLite's default).
    const local = await start({});
    expect(local.deps.mediaStorage.kind).toBe("local");
    const item = await upload(local, "#b91c1c");
    const original = await served(local, item);
    const fromLocal = path.join(scratch, "from-local.json.gz");
    expect(await runBackupCli([fromLocal], { DATA_DIR: local.dataDir }, quiet)).toBe(0);

    // Restored into a PostgreSQL site, whose images are in the database by default.
    const intoDatabase = { DATA_DIR: path.join(scratch, "database-site"), DATABASE_URL: await database.freshSchema() };
    expect(await runRestoreCli([fromLocal], intoDatabase, quiet)).toBe(0);
    expect(existsSync(path.join(intoDatabase.DATA_DIR, "media"))).toBe(false);
    const databaseSite = await start({
      dataDir: intoDatabase.DATA_DIR,
      env: { DATABASE_URL: intoDatabase.DATABASE_URL },
    });
    expect(databaseSite.deps.mediaStorage.kind).toBe("database");
    expect(await served(databaseSite, item)).toEqual(original);

    // And from there into a PostgreSQL site told to keep them in its folder.
    const fromDatabase = path.join(scratch, "from-database.json.gz");
    expect(await runBackupCli([fromDatabase], intoDatabase, quiet)).toBe(0);
    const intoFolder = {
      DATA_DIR: path.join(scratch, "folder-site"),
      DATABASE_URL: await database.freshSchema(),
      MEDIA_STORAGE: "local" as const,
    };
    expect(await runRestoreCli([fromDatabase], intoFolder, quiet)).toBe(0);
    expect(readdirSync(path.join(intoFolder.DATA_DIR, "media", item.id)).sort()).toEqual(
      item.variants.map((v) => v.url.split("/").pop()).sort(),
    );
    const folderSite = await start({
      dataDir: intoFolder.DATA_DIR,
      env: { DATABASE_URL: intoFolder.DATABASE_URL, MEDIA_STORAGE: "local" },
    });
    expect(await served(folderSite, item)).toEqual(original);
    expect(await folderSite.deps.store.mediaFiles.has(item.id, "original.png")).toBe(false);
  });

  it("a PostgreSQL site that kept its images in the folder finds them all once it uses the database", async () => {
    const url = await database.freshSchema();
    const before = await start({ env: { DATABASE_URL: url, MEDIA_STORAGE: "local" } });
    const item = await upload(before, "#15803d");
    const original = await served(before, item);
    await before.stop();
    // The upgrade: no MEDIA_STORAGE, so the PostgreSQL default (the database).
    const after = await start({ dataDir: before.dataDir, env: { DATABASE_URL: url } });
    expect(after.deps.mediaStorage.kind).toBe("database");
    expect(await after.deps.store.mediaFiles.has(item.id, "original.png")).toBe(true);
    expect(await served(after, item)).toEqual(original);
    // Another instance, with no folder at all, serves them too.
    const other = await start({ env: { DATABASE_URL: url } });
    expect(await served(other, item)).toEqual(original);
  });
});
