// The media storage contract (./storage.ts), the same for the folder and for the database (SQLite and PostgreSQL).
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describeEachStore } from "../../tests/helpers/each-store.ts";
import { createLocalMediaStorage, moveFolderMediaIn, type MediaStorage } from "./storage.ts";

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
