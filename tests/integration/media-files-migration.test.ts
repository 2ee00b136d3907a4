// Images' files in the database (migration 0016-media-files): a site upgraded to it keeps serving every
// image it had (from its folder on SQLite; on PostgreSQL copied into the database, its storage now), and a
// backup taken before it restores after it. SQLite here, PostgreSQL in ./postgres/.
import { Migrator } from "kysely";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { migrationProvider } from "#server/db/migrations.ts";
import { openStore } from "#server/db/open.ts";
import { connectPostgres } from "#server/db/postgres.ts";
import { openSqliteDatabase } from "#server/db/sqlite.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { restoreOlderBackup } from "../helpers/older-backup.ts";
import { tableRows } from "../helpers/table-rows.ts";
import { databaseEnvFor, onPostgres, storeEnvFor } from "../helpers/test-database.ts";

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});
const start = async (options: Parameters<typeof startTestServer>[0] = {}) => {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
};

/** Takes the site's database back to the version before the migration (its `down`, and those of any after it). */
async function migrateBackBefore(dataDir: string) {
  const { DATABASE_URL } = await databaseEnvFor(dataDir);
  const { db, schema } = DATABASE_URL
    ? await connectPostgres(DATABASE_URL, { max: 1 })
    : { db: openSqliteDatabase(dataDir), schema: undefined };
  try {
    const migrator = new Migrator({
      db,
      provider: migrationProvider,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateTo("0015-conversation-locale");
    if (error) throw error;
  } finally {
    await db.destroy();
  }
}

/** Uploads an image; returns its files' URLs. */
async function upload(server: TestServer): Promise<string[]> {
  const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#0369a1" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "office.jpg");
  const response = await adminFetch(server, await signIn(server.url))("/api/media", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return ((await response.json()).variants as { url: string }[]).map((v) => v.url);
}

/** Each URL's bytes as `server` serves them (base64), or its status when not 200. */
async function served(server: TestServer, urls: string[]) {
  return Promise.all(
    urls.map(async (url) => {
      const response = await fetch(`${server.url}${url}`);
      return response.ok ? Buffer.from(await response.arrayBuffer()).toString("base64") : response.status;
    }),
  );
}

describe("images' files in the database (migration 0016-media-files)", () => {
  it("a site upgraded to it serves every image it had, and new ones", async () => {
    // As the version before it ran: images in the folder, no table, the migration still to run.
    const before = await start({ env: { MEDIA_STORAGE: "local" } });
    const urls = await upload(before);
    const bytes = await served(before, urls);
    const media = await tableRows(before.dataDir, "media");
    await before.stop();
    await migrateBackBefore(before.dataDir);
    await expect(tableRows(before.dataDir, "media_files")).rejects.toThrow(/media_files/);

    const after = await start({ dataDir: before.dataDir });
    expect(after.deps.mediaStorage.kind).toBe(onPostgres() ? "database" : "local");
    expect(await tableRows(after.dataDir, "media")).toEqual(media);
    // The folder's files are copied into the database only where it is their storage now.
    expect(await tableRows(after.dataDir, "media_files")).toHaveLength(onPostgres() ? urls.length : 0);
    expect(await served(after, urls)).toEqual(bytes);
    const added = await upload(after);
    expect((await served(after, added)).every((file) => typeof file === "string")).toBe(true);
  });

  it("a backup taken before it restores after it, every image served", async () => {
    const site = await start();
    const urls = await upload(site);
    const bytes = await served(site, urls);
    const store = await openStore(await storeEnvFor({ DATA_DIR: site.dataDir }));
    let target: string;
    try {
      ({ dataDir: target } = await restoreOlderBackup(store, site.dataDir, { without: "0016-media-files" }));
    } finally {
      await store.close();
    }
    const restored = await start({ dataDir: target });
    expect(await served(restored, urls)).toEqual(bytes);
  });
});
