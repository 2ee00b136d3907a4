import { readdirSync, statSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";

let server: TestServer;
let api: ReturnType<typeof adminFetch>;

beforeAll(async () => {
  server = await startTestServer();
  api = adminFetch(server, await signIn(server.url));
});
afterAll(() => server.close());

/** A photo-like JPEG with EXIF (camera, GPS-ish text) that must not survive the upload. */
const photo = (width = 2000, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 180 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="300" cy="300" r="200" fill="#e11d48"/></svg>`,
        ),
      },
    ])
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "Owner's home address" } })
    .jpeg()
    .toBuffer();

const upload = (data: Uint8Array | string, filename = "photo.jpg", type = "image/jpeg", field = "file") => {
  const form = new FormData();
  form.append(field, new Blob([typeof data === "string" ? data : new Uint8Array(data)], { type }), filename);
  return api("/api/media", { method: "POST", body: form });
};

/** Every file under the data folder, relative, with its size: "nothing stored changed" compares these. */
function files(dir = server.dataDir, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
    )
    .filter((name) => !name.startsWith("site.db"))
    .sort();
}

/** A GET with the path sent exactly as written (fetch would normalise "..").*/
function rawGet(pathname: string): Promise<{ status: number; body: Buffer }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: pathname, method: "GET" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("image upload", () => {
  it("stores a cleaned original and web-sized WebP/AVIF variants, served with long cache headers", async () => {
    const response = await upload(await photo(), "../../../holiday photo.jpg");
    expect(response.status).toBe(201);
    const body = await response.json();
    // What a field holds is the image's address; its main file is the largest WebP.
    expect(body.url).toBe(`/media/${body.id}`);
    expect(body.file).toBe(`/media/${body.id}/1600.webp`);
    expect(body).toMatchObject({ width: 1600, height: 960, original: { width: 2000, height: 1200, format: "jpeg" } });
    expect(body.variants.map((v: { url: string }) => v.url.split("/").pop())).toEqual([
      "original.jpg",
      "480.webp",
      "480.avif",
      "960.webp",
      "960.avif",
      "1600.webp",
      "1600.avif",
    ]);

    for (const variant of body.variants as { url: string; width: number; height: number; type: string }[]) {
      const served = await fetch(`${server.url}${variant.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(variant.type);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(variant.height / variant.width).toBeCloseTo(0.6, 2);
      expect(meta.exif).toBeUndefined();
    }
    // Only generated names on disk: nothing named after the upload.
    expect(files().every((name) => /^media\/[0-9a-f]{24}\/(original\.jpg|\d+\.(webp|avif))$/.test(name))).toBe(true);
    expect(files()).toHaveLength(7);
    expect(await server.deps.store.media.get(body.id)).toMatchObject({
      width: 2000,
      height: 1200,
      createdBy: "owner@example.lk",
    });
  });

  it("keeps small images at their own width and accepts PNG, WebP, GIF and AVIF by their content", async () => {
    const base = sharp({ create: { width: 300, height: 200, channels: 4, background: "#1d4ed8" } });
    const cases: [string, Buffer, string][] = [
      ["png", await base.clone().png().toBuffer(), "original.png"],
      ["webp", await base.clone().webp().toBuffer(), "original.webp"],
      ["gif", await base.clone().gif().toBuffer(), "original.gif"],
      ["avif", await base.clone().avif().toBuffer(), "original.avif"],
    ];
    for (const [format, data, original] of cases) {
      // The name lies on purpose: only the bytes count.
      const response = await upload(data, "logo.txt", "text/plain");
      expect(response.status, format).toBe(201);
      const body = await response.json();
      expect(body).toMatchObject({ width: 300, height: 200, original: { format } });
      expect(body.file).toMatch(/\/300\.webp$/);
      expect(body.variants[0].url.endsWith(original)).toBe(true);
    }
  });

  it("refuses a non-image, an SVG, a damaged image, an oversized file and a missing field, storing nothing", async () => {
    const before = files();
    const mediaRows = (await server.deps.store.media.list()).length;
    const refusals: [Response, number, RegExp][] = [
      [await upload("#!/bin/sh\necho pwned\n", "photo.jpg"), 415, /not an image/],
      [
        await upload(
          '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>',
          "logo.png",
          "image/png",
        ),
        415,
        /SVG images are not supported/,
      ],
      [await upload((await photo(400, 300)).subarray(0, 600), "cut.jpg"), 400, /could not be read|damaged/],
      [await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1), "huge.jpg"), 413, /too large \(the limit is 5 MB\)/],
      [await upload(await photo(100, 100), "photo.jpg", "image/jpeg", "image"), 400, /Choose an image/],
      [await api("/api/media", { method: "POST", body: JSON.stringify({ file: "x" }) }), 415, /multipart/],
    ];
    for (const [response, status, message] of refusals) {
      expect(response.status).toBe(status);
      expect((await response.json()).error).toMatch(message);
    }
    expect(files()).toEqual(before);
    expect(await server.deps.store.media.list()).toHaveLength(mediaRows);
  });

  it("refuses the signed-out and other sites", async () => {
    const before = files();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await photo(100, 100))], { type: "image/jpeg" }), "a.jpg");
    const anonymous = await fetch(`${server.url}/api/media`, { method: "POST", body: form });
    expect(anonymous.status).toBe(401);
    const foreign = await api("/api/media", {
      method: "POST",
      body: form,
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(files()).toEqual(before);
  });

  it("never serves anything outside the media folder", async () => {
    const [item] = await server.deps.store.media.list();
    const name = item!.files[1]!.name;
    const good = await rawGet(`/media/${item!.id}/${name}`);
    expect(good.status).toBe(200);
    const attempts = [
      "/media/../site.db",
      "/media/%2e%2e/site.db",
      "/media/..%2fsite.db",
      `/media/${item!.id}/..%2F..%2Fsite.db`,
      `/media/${item!.id}%2F${name}`,
      `/media/${item!.id}/../../site.db`,
      "/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      `/media/${item!.id}/${name}%00.png`,
      `/media/${item!.id}/missing.webp`,
      `/media/${"0".repeat(24)}/480.webp`,
      "/media/",
    ];
    const db = statSync(path.join(server.dataDir, "site.db")).size;
    for (const attempt of attempts) {
      const response = await rawGet(attempt);
      expect([400, 404], attempt).toContain(response.status);
      expect(response.body.includes(Buffer.from("SQLite format")), attempt).toBe(false);
      expect(response.body.length).toBeLessThan(Math.min(db, 1000));
    }
  });
});
