// Content refers to an image by its id (migration 0026-images-by-id, docs/decisions/027-images-by-id.md):
// a site whose texts hold file addresses (`/media/<id>/960.webp`), as every version before wrote them,
// ends with image addresses (`/media/<id>`) in its documents, posts and every revision once upgraded,
// and so does a backup taken before the migration and restored after it; the pages draw the very same
// images as before. SQLite here, PostgreSQL in ./postgres/images-by-id-migration.pg.test.ts.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync, gunzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { createBackup, restoreBackup } from "#server/backup/backup.ts";
import { openBackupSite } from "#server/cli/backup.ts";
import { connectPostgres } from "#server/db/postgres.ts";
import { openSqliteDatabase } from "#server/db/sqlite.ts";
import { createStore } from "#server/db/store.ts";
import { mediaStorageFor } from "#server/media/storages.ts";
import { pageImages } from "#server/media/page-images.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, tempDir, type TestServer } from "../helpers/admin-server.ts";
import { migrateBackBefore } from "../helpers/migrate-back.ts";
import { runSql, tableRows } from "../helpers/table-rows.ts";
import { databaseEnvFor, storeEnvFor } from "../helpers/test-database.ts";

const MIGRATION = "0026-images-by-id";

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});
const start = async (dataDir?: string) => {
  const server = await startTestServer(dataDir ? { dataDir } : {});
  servers.push(server);
  return server;
};

async function upload(api: ReturnType<typeof adminFetch>, color: string, width: number, height: number) {
  const png = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
  const response = await api("/api/media", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; url: string; file: string };
}

const post = (title: string, image: string, content = `## ${title}\n\nWords.`): BlogPost => ({
  title,
  excerpt: `About ${title}.`,
  content,
  date: "2026-03-01",
  readTime: "1 min read",
  image,
  featured: true,
  placementId: 0,
  status: "published",
});

/** Every content column, as stored: the texts a migration rewrites. */
async function contentColumns(dataDir: string): Promise<string[]> {
  const columns: [string, string][] = [
    ["documents", "data"],
    ["revisions", "data"],
    ["posts", "data"],
    ["posts", "summary"],
    ["post_revisions", "data"],
    ["post_translations", "data"],
    ["post_translation_revisions", "data"],
  ];
  const all = await Promise.all(
    columns.map(async ([table, column]) => (await tableRows(dataDir, table)).map((row) => String(row[column]))),
  );
  return all.flat();
}

/** Every upload address that is a whole JSON text in the stored content, counted by form. */
async function storedAddresses(dataDir: string): Promise<{ byId: string[]; byFile: string[] }> {
  const texts = (await contentColumns(dataDir)).join("\n");
  return {
    byId: [...texts.matchAll(/"(\/media\/[0-9a-f]{24})"/g)].map((m) => m[1]!).sort(),
    byFile: [...texts.matchAll(/"(\/media\/[0-9a-f]{24}\/[^"]+)"/g)].map((m) => m[1]!).sort(),
  };
}

/** A store of the site in `dataDir` as it is, with no migration run (as the version before would open it). */
async function openUnmigrated(dataDir: string) {
  const { DATABASE_URL } = await databaseEnvFor(dataDir);
  if (!DATABASE_URL) return createStore(openSqliteDatabase(dataDir), "sqlite");
  const { db } = await connectPostgres(DATABASE_URL, { max: 1 });
  return createStore(db, "postgres");
}

describe("images referred to by id (migration 0026-images-by-id)", () => {
  it("a site with file addresses, and a backup of it taken before, end with image addresses and draw the same images", async () => {
    const site = await start();
    const api = adminFetch(site, await signIn(site.url));
    const feature = await upload(api, "#0369a1", 1200, 800);
    const cover = await upload(api, "#be123c", 900, 600);
    const body = await upload(api, "#15803d", 600, 400);

    // Content as this version writes it: Home's first feature, a post's cover (and, in an older
    // version of the post, the feature image), a link to a file in a post's body.
    const home = (await (await api("/api/content/home")).json()) as {
      version: number;
      data: { features: { image: string }[] } & Record<string, unknown>;
    };
    home.data.features[0]!.image = feature.url;
    const put = { version: home.version, data: home.data };
    expect((await api("/api/content/home", { method: "PUT", body: JSON.stringify(put) })).status).toBe(200);
    const linked = `## Chart\n\n[The chart](${body.file})`;
    const created = await api("/api/posts", {
      method: "POST",
      body: JSON.stringify({ data: post("Harbour Lights", feature.url, linked) }),
    });
    expect(created.status).toBe(201);
    const first = (await created.json()) as PostRecord;
    const saved = await api(`/api/posts/${first.id}`, {
      method: "PUT",
      body: JSON.stringify({ version: first.version, data: { ...first.data, image: cover.url } }),
    });
    expect(saved.status).toBe(200);

    const images = [feature, cover];
    const draw = async (server: TestServer, urls: string[]) =>
      Object.values(
        await pageImages({ media: server.deps.store.media, urlOf: server.deps.mediaStorage.urlOf }, urls, "en"),
      );
    const drawn = await draw(
      site,
      images.map((image) => image.url),
    );
    expect(drawn.map((image) => image?.src)).toEqual(images.map((image) => image.file));
    await site.stop();

    // The version before: every image field held its image's main file.
    await migrateBackBefore(site.dataDir, MIGRATION);
    const before = await storedAddresses(site.dataDir);
    expect(before.byId).toEqual([]);
    expect(new Set(before.byFile)).toEqual(new Set(images.map((image) => image.file)));
    const texts = (await contentColumns(site.dataDir)).join("\n");
    expect(texts).toContain(`(${body.file})`);

    // A backup taken then, by that version (its header without the migration).
    const older = await openUnmigrated(site.dataDir);
    let file: string;
    try {
      const media = mediaStorageFor(await storeEnvFor({ DATA_DIR: site.dataDir }), older);
      const backup = await createBackup({ store: older, media });
      expect(JSON.parse(gunzipSync(backup).toString("utf8").split("\n", 1)[0]!).migrations).not.toContain(MIGRATION);
      file = path.join(tempDir("agency-backups-"), `before-${MIGRATION}.json.gz`);
      writeFileSync(file, gzipSync(gunzipSync(backup)));
    } finally {
      await older.close();
    }

    // Upgraded in place, and restored into a new site: the same outcome.
    const upgraded = await start(site.dataDir);
    const target = tempDir();
    await restoreBackup(target, file, async (dir) => openBackupSite(await storeEnvFor({ DATA_DIR: dir })));
    const restored = await start(target);

    for (const server of [upgraded, restored]) {
      const after = await storedAddresses(server.dataDir);
      expect(after.byFile).toEqual([]);
      expect(new Set(after.byId)).toEqual(new Set(images.map((image) => image.url)));
      // A link inside a text is left as it is: it still leads to that file.
      expect((await contentColumns(server.dataDir)).join("\n")).toContain(`(${body.file})`);
      expect((await fetch(`${server.url}${body.file}`)).status).toBe(200);

      const admin = adminFetch(server, await signIn(server.url));
      const home = (await (await admin("/api/content/home")).json()) as { data: { features: { image: string }[] } };
      expect(home.data.features[0]!.image).toBe(feature.url);
      const current = (await (await admin(`/api/posts/${first.id}`)).json()) as PostRecord;
      expect(current.data.image).toBe(cover.url);
      const oldest = (await (await admin(`/api/posts/${first.id}/revisions/1`)).json()) as { data: BlogPost };
      expect(oldest.data.image).toBe(feature.url);
      const cards = (await (await admin("/api/posts")).json()) as { posts: { id: string; image: string }[] };
      expect(cards.posts.find((card) => card.id === first.id)?.image).toBe(cover.url);

      // The pages draw exactly what they drew before the upgrade.
      expect(
        await draw(
          server,
          images.map((image) => image.url),
        ),
      ).toEqual(drawn);
    }
  });

  it("the way back gives each image address its main file's address, one of a deleted image stays", async () => {
    const site = await start();
    const api = adminFetch(site, await signIn(site.url));
    const image = await upload(api, "#7c3aed", 800, 500);
    const created = await api("/api/posts", {
      method: "POST",
      body: JSON.stringify({ data: post("Lotus Pond", image.url) }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as PostRecord;
    await site.stop();
    // An image deleted by hand after the post was saved: the version before read it as missing too.
    await runSql(site.dataDir, `delete from media where id = '${image.id}'`);
    await migrateBackBefore(site.dataDir, MIGRATION);
    expect((await storedAddresses(site.dataDir)).byId).toEqual([image.url, image.url, image.url]);
    const upgraded = await start(site.dataDir);
    const admin = adminFetch(upgraded, await signIn(upgraded.url));
    expect(((await (await admin(`/api/posts/${id}`)).json()) as PostRecord).data.image).toBe(image.url);
  });
});
