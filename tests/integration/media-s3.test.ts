// Images in an S3 bucket (MEDIA_STORAGE=s3, issue 27 item 4) against a real S3-protocol server on
// 127.0.0.1: uploads, serving, two instances on one bucket, delete, a bucket that fails, and moving
// a site's images between the bucket and the database by backup and restore.
// (./postgres/media-s3.pg.test.ts runs it again with every site on PostgreSQL.)
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackupCli, runRestoreCli } from "#server/cli/backup.ts";
import { loadEnv } from "#server/env.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, tempDir, type TestServer } from "../helpers/admin-server.ts";
import { startS3Server, type TestS3 } from "../helpers/s3-server.ts";
import { databaseEnvFor, onPostgres } from "../helpers/test-database.ts";

const quiet = { out: () => undefined, err: () => undefined };

interface Uploaded {
  id: string;
  url: string;
  file: string;
  variants: { url: string; type: string }[];
}

async function photo(colour: string) {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function upload(server: TestServer, image: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "team.png");
  return adminFetch(server, await signIn(server.url))("/api/media", { method: "POST", body: form });
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

describe("images in an S3 bucket", () => {
  let s3: TestS3;
  const servers: TestServer[] = [];
  const scratch = tempDir("agency-media-s3-");
  const start = async (options: Parameters<typeof startTestServer>[0]) => {
    const server = await startTestServer(options);
    servers.push(server);
    return server;
  };
  /** The environment the shell commands would have for the site in `dataDir`. */
  const shellEnv = async (dataDir: string, env: Record<string, string>) =>
    loadEnv({ DATA_DIR: dataDir, ...(await databaseEnvFor(dataDir)), ...env });

  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await s3?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A site on `env` with its log kept: warnings and worse, each line's JSON. */
  const startLogged = async (env: Record<string, string>) => {
    const lines: string[] = [];
    const server = await start({ env: { ...env, LOG_LEVEL: "warn" }, log: { write: (line) => void lines.push(line) } });
    return { server, lines, log: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  };

  let site: TestServer;
  let item: Uploaded;
  let original: Awaited<ReturnType<typeof served>>;

  it("keeps an upload's every file in the bucket and serves each byte for byte through the site", async () => {
    site = await start({ env: s3.env() });
    expect(site.deps.mediaStorage.kind).toBe("s3");
    const response = await upload(site, await photo("#0f172a"));
    expect(response.status).toBe(201);
    item = await response.json();
    expect(item.url).toBe(`/media/${item.id}`);
    expect(item.file).toMatch(new RegExp(`^/media/${item.id}/[0-9]+\\.webp$`));
    expect(item.variants).toHaveLength(7);
    expect(await s3.keys()).toEqual(item.variants.map((v) => `media${v.url.slice("/media".length)}`).sort());

    original = await served(site, item);
    for (const variant of item.variants) {
      const file = original[variant.url]!;
      const object = await s3.object(variant.url.slice(1));
      expect(file.status, variant.url).toBe(200);
      expect(file.type, variant.url).toBe(variant.type);
      expect(file.cache, variant.url).toBe("public, max-age=31536000, immutable");
      expect(object.headers.get("content-type"), variant.url).toBe(variant.type);
      expect(object.headers.get("cache-control"), variant.url).toBe("public, max-age=31536000, immutable");
      expect(file.bytes, variant.url).toBe(Buffer.from(await object.arrayBuffer()).toString("base64"));
    }
    expect(existsSync(path.join(site.dataDir, "media"))).toBe(false);
    expect((await fetch(`${site.url}/media/${item.id}/2400.webp`)).status).toBe(404);
    expect((await fetch(`${site.url}/media/${"0".repeat(24)}/480.webp`)).status).toBe(404);
  });

  it("is served alike by another instance on the same bucket, with its own DATA_DIR", async () => {
    // On PostgreSQL the two share one database too, as instances behind a load balancer do.
    const other = await start({ env: { ...s3.env(), ...(await databaseEnvFor(site.dataDir)) } });
    expect(other.dataDir).not.toBe(site.dataDir);
    expect(await served(other, item)).toEqual(original);
    if (onPostgres()) expect((await other.deps.store.media.get(item.id))?.files).toHaveLength(7);
  });

  it("sends browsers to the bucket's public address when MEDIA_PUBLIC_URL is set", async () => {
    const publicUrl = `${s3.endpoint}/${s3.bucket}/`;
    const other = await start({
      env: { ...s3.env({ MEDIA_PUBLIC_URL: publicUrl }), ...(await databaseEnvFor(site.dataDir)) },
    });
    const variant = item.variants.find((v) => v.type === "image/avif")!;
    const response = await fetch(`${other.url}${variant.url}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${publicUrl}${variant.url.slice(1)}`);
    const followed = await fetch(`${other.url}${variant.url}`);
    expect(Buffer.from(await followed.arrayBuffer()).toString("base64")).toBe(original[variant.url]!.bytes);
    // The image's own address leads straight to its main file there, checked again each time (its
    // record is in the database, which the instances share on PostgreSQL; on SQLite it is the first site's).
    const led = await fetch(`${onPostgres() ? other.url : site.url}${item.url}`, { redirect: "manual" });
    expect(led.status).toBe(302);
    expect(led.headers.get("location")).toBe(onPostgres() ? `${publicUrl}${item.file.slice(1)}` : item.file);
    expect(led.headers.get("cache-control")).toBe("no-cache");
  });

  it("moves the images from the bucket into the database and back by backup and restore", async () => {
    const fromBucket = path.join(scratch, "from-bucket.json.gz");
    expect(await runBackupCli([fromBucket], await shellEnv(site.dataDir, s3.env()), quiet)).toBe(0);

    const databaseDir = path.join(scratch, "database-site");
    const intoDatabase = await shellEnv(databaseDir, { MEDIA_STORAGE: "database" });
    expect(await runRestoreCli([fromBucket], intoDatabase, quiet)).toBe(0);
    const databaseSite = await start({ dataDir: databaseDir, env: { MEDIA_STORAGE: "database" } });
    expect(databaseSite.deps.mediaStorage.kind).toBe("database");
    expect(await databaseSite.deps.store.mediaFiles.has(item.id, "original.png")).toBe(true);
    expect(await served(databaseSite, item)).toEqual(original);

    // From the database into another site's part of the bucket (its own prefix).
    const fromDatabase = path.join(scratch, "from-database.json.gz");
    expect(await runBackupCli([fromDatabase], intoDatabase, quiet)).toBe(0);
    const bucketDir = path.join(scratch, "bucket-site");
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await runRestoreCli([fromDatabase], await shellEnv(bucketDir, s3.env({ S3_PREFIX: "restored/" })), io)).toBe(
      0,
    );
    expect(lines.join("\n")).toMatch(
      /^Restored \d+ rows and 7 media files into .*, the images into the S3 bucket "agency-media"\.$/,
    );
    expect(await s3.keys("restored/")).toEqual(item.variants.map((v) => `restored${v.url}`).sort());
    const bucketSite = await start({ dataDir: bucketDir, env: s3.env({ S3_PREFIX: "restored/" }) });
    expect(await served(bucketSite, item)).toEqual(original);
  });

  it("deletes every file of a deleted image from the bucket", async () => {
    const response = await upload(site, await photo("#b91c1c"));
    const doomed: Uploaded = await response.json();
    expect(await s3.keys(`media/${doomed.id}/`)).toHaveLength(7);
    const api = adminFetch(site, await signIn(site.url));
    expect((await api(`/api/media/${doomed.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await s3.keys(`media/${doomed.id}/`)).toEqual([]);
    expect((await fetch(`${site.url}${doomed.url}`)).status).toBe(404);
    // The first image is untouched.
    expect(await s3.keys(`media/${item.id}/`)).toHaveLength(7);
  });

  it("keeps the winner's files of two replacements at once in the bucket, and removes the loser's", async () => {
    const racer: Uploaded = await (await upload(site, await photo("#0f766e"))).json();
    const originals = await s3.keys(`media/${racer.id}/`);
    expect(originals).toHaveLength(7);
    const api = adminFetch(site, await signIn(site.url));
    // Each replacement's first file waits until both are storing: both are based on version 1.
    const tags = new Set<string>();
    let bothStoring: () => void = () => undefined;
    const storing = new Promise<void>((resolve) => (bothStoring = resolve));
    const bucket = site.deps.mediaStorage;
    site.deps.mediaStorage = {
      ...bucket,
      async put(image, name, bytes, type) {
        const tag = /^v[0-9]+-[0-9a-f]{8}-/.exec(name)?.[0];
        if (image === racer.id && tag) {
          tags.add(tag);
          if (tags.size === 2) bothStoring();
          await storing;
        }
        await bucket.put(image, name, bytes, type);
      },
    };
    const answers = await Promise.all(
      ["#b91c1c", "#1d4ed8"].map(async (colour) => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(await photo(colour))], { type: "image/png" }), "racer.png");
        const response = await api(`/api/media/${racer.id}/file`, { method: "PUT", body: form });
        return { status: response.status, body: (await response.json()) as { file: string } };
      }),
    ).finally(() => (site.deps.mediaStorage = bucket));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.status === 200)!.body;
    const winner = [...tags].find((tag) => won.file.includes(`/${tag}`))!;
    const loser = [...tags].find((tag) => tag !== winner)!;
    // The bucket keeps the image's first files and the winner's, and nothing of the loser's.
    const kept = await s3.keys(`media/${racer.id}/`);
    const added = kept.filter((key) => !originals.includes(key));
    expect(kept.filter((key) => originals.includes(key))).toEqual(originals);
    expect(added).toHaveLength(7);
    expect(added.every((key) => key.startsWith(`media/${racer.id}/${winner}`))).toBe(true);
    expect(kept.some((key) => key.includes(`/${loser}`))).toBe(false);
    for (const key of added) expect((await fetch(`${site.url}/${key}`)).status, key).toBe(200);
  });

  it("asks the bucket one question at start, with temporary keys' session token, and logs nothing when it answers", async () => {
    s3.requests.length = 0;
    const { log } = await startLogged(s3.env({ S3_PREFIX: "checked/", S3_SESSION_TOKEN: "FwoGZXIvYXdzEXAMPLE" }));
    const asked = s3.requests.filter((request) => request.url.includes("max-keys=1"));
    expect(asked.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET /${s3.bucket}/?list-type=2&max-keys=1&prefix=checked%2F`,
    ]);
    expect(asked[0]!.headers["x-amz-security-token"]).toBe("FwoGZXIvYXdzEXAMPLE");
    expect(log()).toEqual([]);
  });

  it.each([
    [
      "does not answer",
      { S3_ENDPOINT: "http://127.0.0.1:9" },
      {
        endpoint: "http://127.0.0.1:9",
        reason: 'Could not reach the S3 bucket "agency-media" at 127.0.0.1:9 (bad port).',
        check: "S3_ENDPOINT (or S3_REGION), and that this server can reach it",
      },
    ],
    [
      "has no such bucket",
      { S3_BUCKET: "no-such-bucket" },
      {
        bucket: "no-such-bucket",
        status: 404,
        code: "NoSuchBucket",
        reason: expect.stringMatching(
          /^the S3 bucket "no-such-bucket" at 127\.0\.0\.1:\d+ refused to list its keys: HTTP 404: NoSuchBucket/,
        ),
        check: "S3_BUCKET: the bucket must exist at S3_ENDPOINT (or in S3_REGION); the site does not create it",
      },
    ],
  ])("answers 503 when the bucket %s, and records no image", async (_case, settings, logged) => {
    const {
      server: broken,
      lines,
      log,
    } = await startLogged(s3.env({ ...settings, S3_SESSION_TOKEN: "FwoGZXIvYXdzEXAMPLE" }));
    // Said once, at start, before any upload: where, what the store said, what to check.
    expect(log()).toEqual([
      {
        level: "error",
        time: expect.any(String),
        msg: "the image storage failed its start-up check: the site runs on, uploads answer 503 until it is fixed",
        event: "media-storage-check",
        storage: "s3",
        endpoint: s3.endpoint,
        bucket: "agency-media",
        ...logged,
      },
    ]);
    // Never a key, a secret or a token.
    expect(lines.join("")).not.toMatch(/S3RVER|FwoGZXIvYXdzEXAMPLE/);
    const api = adminFetch(broken, await signIn(broken.url));
    const response = await upload(broken, await photo("#15803d"));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: "The image could not be saved: the image storage is not answering. Please try again in a few minutes.",
    });
    expect(await (await api("/api/media")).json()).toMatchObject({ media: [], total: 0 });
    const file = await fetch(`${broken.url}${item.file}`);
    // Serving too: 503 (with Retry-After), not "no such image".
    expect(file.status).toBe(503);
    expect(file.headers.get("retry-after")).toBe("30");
  });
});
