// The media storage contract (./storage.ts), the same for the folder, the database (SQLite and PostgreSQL)
// and an S3 bucket (a real S3-protocol server on 127.0.0.1).
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "#server/env.ts";
import { describeEachStore } from "../../tests/helpers/each-store.ts";
import { startS3Server, type TestS3 } from "../../tests/helpers/s3-server.ts";
import { S3Error } from "./s3-client.ts";
import { createS3MediaStorage } from "./s3-storage.ts";
import { createLocalMediaStorage, moveFolderMediaIn, type MediaStorage } from "./storage.ts";
import { mediaStorageFor, s3ConfigOf } from "./storages.ts";

const id = () => randomBytes(12).toString("hex");
/** Every byte value, NULs and all, then noise: what a text column or an encoding step would spoil. */
const binary = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(300_000)]);

function contract(storage: () => MediaStorage) {
  it("gives back exactly the bytes put, with their content type", async () => {
    const image = id();
    await storage().put(image, "original.png", binary, "image/png");
    await storage().put(image, "480.webp", new Uint8Array([0, 1, 2, 0xff]), "image/webp");
    const original = await storage().get(image, "original.png");
    expect(original?.type).toBe("image/png");
    expect(Buffer.compare(Buffer.from(original!.bytes), binary)).toBe(0);
    expect(Buffer.from((await storage().get(image, "480.webp"))!.bytes)).toEqual(Buffer.from([0, 1, 2, 0xff]));
    expect(await storage().has(image, "480.webp")).toBe(true);
  });

  it("answers undefined for a file it does not have, and for names the upload never makes", async () => {
    const image = id();
    await storage().put(image, "480.avif", binary.subarray(0, 100), "image/avif");
    expect(await storage().get(image, "960.avif")).toBeUndefined();
    expect(await storage().get(id(), "480.avif")).toBeUndefined();
    expect(await storage().has(image, "960.avif")).toBe(false);
    for (const [badId, name] of [
      [image, "../480.avif"],
      ["..", "site.db"],
      [image, "480.svg"],
      [image.toUpperCase(), "480.avif"],
    ] as const) {
      expect(await storage().get(badId, name)).toBeUndefined();
      await expect(storage().put(badId, name, binary, "image/png")).rejects.toThrow(/Not a media file name/);
    }
  });

  it("replaces a file put again, and deletes every file of one image only", async () => {
    const [one, other] = [id(), id()];
    await storage().put(one, "480.webp", Buffer.from("first"), "image/webp");
    await storage().put(one, "480.webp", Buffer.from("second"), "image/webp");
    expect(Buffer.from((await storage().get(one, "480.webp"))!.bytes).toString()).toBe("second");
    await storage().put(one, "original.jpg", binary, "image/jpeg");
    await storage().put(other, "original.jpg", binary, "image/jpeg");
    await storage().delete(one);
    expect(await storage().get(one, "480.webp")).toBeUndefined();
    expect(await storage().get(one, "original.jpg")).toBeUndefined();
    expect(await storage().get(other, "original.jpg")).toBeDefined();
    await storage().delete(id()); // nothing to delete: no error
  });

  it("deletes the named files of one image only, a name it lacks being no error", async () => {
    const [one, other] = [id(), id()];
    const kept = ["original.png", "480.webp", "v2-9f3a6c01-480.webp"];
    const doomed = ["v3-0b1c2d3e-original.png", "v3-0b1c2d3e-480.webp"];
    for (const name of [...kept, ...doomed]) await storage().put(one, name, binary.subarray(0, 64), "image/webp");
    await storage().put(other, "v3-0b1c2d3e-480.webp", binary.subarray(0, 64), "image/webp");
    await storage().deleteFiles(one, [...doomed, "v3-0b1c2d3e-960.webp"]);
    for (const name of doomed) expect(await storage().has(one, name), name).toBe(false);
    for (const name of kept) expect(await storage().get(one, name), name).toBeDefined();
    expect(await storage().has(other, "v3-0b1c2d3e-480.webp")).toBe(true);
    await storage().deleteFiles(one, []);
    await storage().deleteFiles(id(), ["480.webp"]);
    for (const name of kept) expect(await storage().has(one, name), name).toBe(true);
  });

  it("refuses to delete a name the upload never makes, deleting nothing", async () => {
    const image = id();
    await storage().put(image, "480.webp", binary.subarray(0, 64), "image/webp");
    for (const [badId, names] of [
      [image, ["480.webp", "../480.webp"]],
      [image, ["480.webp", "site.db"]],
      ["..", ["480.webp"]],
      [image.toUpperCase(), ["480.webp"]],
    ] as const) {
      await expect(storage().deleteFiles(badId, names)).rejects.toThrow(/Not a media file name/);
    }
    expect(await storage().has(image, "480.webp")).toBe(true);
  });
}

describe("local media storage (DATA_DIR/media)", () => {
  let dataDir = "";
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
    dataDir = "";
  });
  contract(() => createLocalMediaStorage((dataDir ||= mkdtempSync(path.join(tmpdir(), "media-local-")))));

  it("keeps files where the site always has: DATA_DIR/media/<id>/<name>, typed by their name", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "media-local-"));
    const local = createLocalMediaStorage(dataDir);
    const image = id();
    await local.put(image, "1600.avif", binary, "image/avif");
    expect(Buffer.compare(readFileSync(path.join(dataDir, "media", image, "1600.avif")), binary)).toBe(0);
    expect(local.kind).toBe("local");
    expect((await local.get(image, "1600.avif"))?.type).toBe("image/avif");
  });
});

describeEachStore((t) => {
  describe("database media storage (media_files)", () => {
    contract(() => t.store.mediaFiles);

    it("is shared by every store on the database and kept across restarts", async () => {
      const image = id();
      await t.store.mediaFiles.put(image, "original.gif", binary, "image/gif");
      const other = await t.another();
      expect(Buffer.compare(Buffer.from((await other.mediaFiles.get(image, "original.gif"))!.bytes), binary)).toBe(0);
      const reopened = await t.reopen();
      expect((await reopened.mediaFiles.get(image, "original.gif"))?.type).toBe("image/gif");
    });

    it("takes in the images an earlier version kept in the folder, once, leaving the folder as it was", async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "media-move-"));
      try {
        const image = id();
        mkdirSync(path.join(dataDir, "media", image), { recursive: true });
        writeFileSync(path.join(dataDir, "media", image, "original.jpg"), binary);
        writeFileSync(path.join(dataDir, "media", image, "960.webp"), "webp bytes");
        writeFileSync(path.join(dataDir, "media", image, "notes.txt"), "not an image file");
        mkdirSync(path.join(dataDir, "media", ".upload-123"));
        expect(await moveFolderMediaIn(dataDir, t.store.mediaFiles)).toBe(2);
        expect(await moveFolderMediaIn(dataDir, t.store.mediaFiles)).toBe(0);
        const moved = await t.store.mediaFiles.get(image, "original.jpg");
        expect(moved?.type).toBe("image/jpeg");
        expect(Buffer.compare(Buffer.from(moved!.bytes), binary)).toBe(0);
        expect(readFileSync(path.join(dataDir, "media", image, "960.webp"), "utf8")).toBe("webp bytes");
        expect(await moveFolderMediaIn(dataDir, createLocalMediaStorage(dataDir))).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});

describe("S3 media storage (a bucket)", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });
  /** The storage MEDIA_STORAGE=s3 makes from the environment, as the server does. */
  const s3Storage = (extra: Record<string, string> = {}) =>
    mediaStorageFor(loadEnv({ DATA_DIR: "/nonexistent", ...s3.env(extra) }), {
      get mediaFiles(): MediaStorage {
        throw new Error("not the database");
      },
    });

  contract(() => s3Storage());

  it("keeps each file at <prefix>media/<id>/<name>, typed and cached for a year, nothing on disk", async () => {
    const image = id();
    const storage = s3Storage({ S3_PREFIX: "agency" });
    expect(storage.kind).toBe("s3");
    await storage.put(image, "960.avif", binary, "image/avif");
    expect(await s3.keys(`agency/media/${image}/`)).toEqual([`agency/media/${image}/960.avif`]);
    const object = await s3.object(`agency/media/${image}/960.avif`);
    expect(object.headers.get("content-type")).toBe("image/avif");
    expect(object.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.compare(Buffer.from(await object.arrayBuffer()), binary)).toBe(0);
    // Another prefix is another site's images.
    expect(await s3Storage().has(image, "960.avif")).toBe(false);
  });

  it("hands a file on as a stream, and gives the type by its name whatever the bucket says", async () => {
    const image = id();
    const storage = s3Storage();
    await storage.put(image, "original.jpg", binary, "text/html");
    const opened = await storage.open!(image, "original.jpg");
    expect(opened?.type).toBe("image/jpeg");
    expect(Buffer.compare(Buffer.from(await new Response(opened!.body).arrayBuffer()), binary)).toBe(0);
    expect((await storage.get(image, "original.jpg"))?.type).toBe("image/jpeg");
    expect(await storage.open!(image, "480.webp")).toBeUndefined();
    expect(await storage.open!("..", "original.jpg")).toBeUndefined();
  });

  it("deletes whatever files the bucket holds for the image, listed, and no other image's", async () => {
    const [one, other] = [id(), id()];
    const storage = s3Storage();
    for (const name of ["original.png", "480.webp", "v2-480.webp"]) await storage.put(one, name, binary, "image/webp");
    await storage.put(other, "480.webp", binary, "image/webp");
    await storage.delete(one);
    expect(await s3.keys(`media/${one}/`)).toEqual([]);
    expect(await s3.keys(`media/${other}/`)).toEqual([`media/${other}/480.webp`]);
  });

  it("deletes the named files' objects under its prefix, one DeleteObject each, and no other key", async () => {
    const image = id();
    const storage = s3Storage({ S3_PREFIX: "agency/" });
    for (const name of ["480.webp", "v2-9f3a6c01-480.webp", "v2-9f3a6c01-original.png"])
      await storage.put(image, name, binary, "image/webp");
    await s3Storage().put(image, "v2-9f3a6c01-480.webp", binary, "image/webp");
    s3.requests.length = 0;
    await storage.deleteFiles(image, ["v2-9f3a6c01-480.webp", "v2-9f3a6c01-original.png", "v2-9f3a6c01-960.webp"]);
    expect(s3.requests.map((request) => request.method)).toEqual(["DELETE", "DELETE", "DELETE"]);
    expect(await s3.keys(`agency/media/${image}/`)).toEqual([`agency/media/${image}/480.webp`]);
    expect(await s3.keys(`media/${image}/`)).toEqual([`media/${image}/v2-9f3a6c01-480.webp`]);
  });

  it("links files through the site, or at MEDIA_PUBLIC_URL where the bucket is public", () => {
    const image = id();
    expect(s3Storage().urlOf(image, "480.webp")).toBe(`/media/${image}/480.webp`);
    expect(s3Storage({ MEDIA_PUBLIC_URL: "https://images.example.lk" }).urlOf(image, "480.webp")).toBe(
      `https://images.example.lk/media/${image}/480.webp`,
    );
    expect(
      s3Storage({ MEDIA_PUBLIC_URL: "https://cdn.example.lk/bucket/", S3_PREFIX: "agency/" }).urlOf(image, "480.webp"),
    ).toBe(`https://cdn.example.lk/bucket/agency/media/${image}/480.webp`);
  });

  it("fails with the bucket named when it does not answer or does not exist", async () => {
    const image = id();
    const missing = s3Storage({ S3_BUCKET: "no-such-bucket" });
    await expect(missing.put(image, "480.webp", binary, "image/webp")).rejects.toThrow(
      /"no-such-bucket" .* refused to store media\/[0-9a-f]{24}\/480\.webp: HTTP 404: NoSuchBucket/,
    );
    const down = createS3MediaStorage({ ...s3ConfigOf(loadEnv({ ...s3.env(), S3_ENDPOINT: "http://127.0.0.1:9" })) });
    await expect(down.get(image, "480.webp")).rejects.toBeInstanceOf(S3Error);
    await expect(down.delete(image)).rejects.toThrow(/Could not reach the S3 bucket "agency-media" at 127\.0\.0\.1:9/);
  });

  it.each([
    [403, "AccessDenied", "Access Denied", "the keys' permissions: they must list, put, get and delete in the bucket"],
    [400, "ExpiredToken", "The provided token has expired.", "S3_SESSION_TOKEN: the temporary keys have expired"],
    [400, "InvalidToken", "The provided token is malformed or otherwise invalid.", "S3_SESSION_TOKEN: it must be"],
    [
      403,
      "InvalidAccessKeyId",
      "The AWS Access Key Id you provided does not exist in our records.",
      "S3_ACCESS_KEY_ID",
    ],
    [403, "SignatureDoesNotMatch", "The request signature we calculated does not match.", "S3_SECRET_ACCESS_KEY"],
    [400, "AuthorizationHeaderMalformed", "The authorization header is malformed.", "S3_REGION: it must be"],
    [
      301,
      "PermanentRedirect",
      "The bucket you are attempting to access must be addressed…",
      "S3_REGION (or S3_ENDPOINT)",
    ],
    [403, "QuotaExceeded", "Something no hint names.", "S3_ENDPOINT, S3_REGION, S3_BUCKET and the keys"],
  ])(
    "says what to check when the bucket refuses the start-up check with HTTP %i %s",
    async (status, code, said, hint) => {
      // A store that refuses as AWS does: the status, and an XML error with its code and message.
      const refusing = createServer((_request, response) => {
        response.writeHead(status, { "Content-Type": "application/xml" });
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${said}</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>`,
        );
      });
      await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
      const endpoint = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
      try {
        const problem = await s3Storage({ S3_ENDPOINT: endpoint, S3_SESSION_TOKEN: "FwoGZXIvYXdzEXAMPLE" }).check!();
        expect(problem).toEqual({
          reason: expect.stringContaining(`HTTP ${status}: ${code}`),
          check: expect.stringContaining(hint),
          endpoint,
          bucket: "agency-media",
          status,
          code,
        });
        expect(JSON.stringify(problem)).not.toMatch(/S3RVER|FwoGZXIvYXdzEXAMPLE/);
      } finally {
        await new Promise((resolve) => refusing.close(resolve));
      }
    },
  );

  it("names the settings a hand-made environment lacks", () => {
    expect(() => s3ConfigOf({ DATA_DIR: ".", DATABASE_URL: undefined, MEDIA_STORAGE: "s3" })).toThrow(
      "MEDIA_STORAGE is s3 but S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT or S3_REGION not set.",
    );
  });
});
