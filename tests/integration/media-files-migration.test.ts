// Images' files in the database (migration 0016-media-files): a site upgraded to it keeps serving every
// image it had (from its folder on SQLite; on PostgreSQL copied into the database, its storage now), and a
// backup taken before it restores after it. SQLite here, PostgreSQL in ./postgres/.
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "#server/db/open.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { migrateBackBefore } from "../helpers/migrate-back.ts";
import { restoreOlderBackup } from "../helpers/older-backup.ts";
import { tableRows } from "../helpers/table-rows.ts";
import { onPostgres, storeEnvFor } from "../helpers/test-database.ts";

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});
const start = async (options: Parameters<typeof startTestServer>[0] = {}) => {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
};

/** An image's row without the columns of 0020-media-library, which the way back down drops. */
const before0020 = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).filter(
      ([key]) => !["name", "alt", "search", "decorative", "version", "retired_files", "updated_at"].includes(key),
    ),
  );

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
    await migrateBackBefore(before.dataDir, "0016-media-files");
    await expect(tableRows(before.dataDir, "media_files")).rejects.toThrow(/media_files/);

    const after = await start({ dataDir: before.dataDir });
    expect(after.deps.mediaStorage.kind).toBe(onPostgres() ? "database" : "local");
    // The columns it had then (0020-media-library's, added again on the way up, start from their defaults).
    expect((await tableRows(after.dataDir, "media")).map(before0020)).toEqual(media.map(before0020));
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
