// Image uploads on PostgreSQL: the media rows (JSON file lists, integer sizes) and the files beside them.
// (../admin-media.test.ts also probes the SQLite file for path tricks, which has no PostgreSQL twin.)
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../../helpers/admin-server.ts";
import { postgresUnavailable, usePostgres } from "../../helpers/test-database.ts";

const missing = await postgresUnavailable();

describe.skipIf(missing)(`image upload on PostgreSQL${missing ? ` — skipped: ${missing}` : ""}`, () => {
  let server: TestServer;
  let api: ReturnType<typeof adminFetch>;
  const database = missing ? undefined : usePostgres();

  beforeAll(async () => {
    server = await startTestServer();
    api = adminFetch(server, await signIn(server.url));
  });
  afterAll(async () => {
    await server?.close();
    await (await database)?.drop();
  });

  const upload = (data: Buffer | string, type = "image/jpeg") => {
    const form = new FormData();
    form.append("file", new Blob([typeof data === "string" ? data : new Uint8Array(data)], { type }), "photo.jpg");
    return api("/api/media", { method: "POST", body: form });
  };

  it("stores the image's row and files and serves every variant", async () => {
    expect(server.deps.store.dialect).toBe("postgres");
    const photo = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: "#1d4ed8" } })
      .jpeg()
      .toBuffer();
    const response = await upload(photo);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ width: 1600, height: 960, original: { width: 2000, height: 1200, format: "jpeg" } });
    for (const variant of body.variants as { url: string; type: string }[]) {
      const served = await fetch(`${server.url}${variant.url}`);
      expect(served.status, variant.url).toBe(200);
      expect(served.headers.get("content-type")).toBe(variant.type);
    }
    const item = await server.deps.store.media.get(body.id);
    expect(item).toMatchObject({
      id: body.id,
      width: 2000,
      height: 1200,
      format: "jpeg",
      createdBy: "owner@example.lk",
    });
    expect(item!.files).toHaveLength(7);
    expect(typeof item!.bytes).toBe("number");
    expect((await server.deps.store.media.list()).map((m) => m.id)).toEqual([body.id]);
  });

  it("stores nothing for a refused upload", async () => {
    const before = await server.deps.store.media.list();
    expect((await upload("#!/bin/sh\necho pwned\n")).status).toBe(415);
    expect(await server.deps.store.media.list()).toEqual(before);
  });
});
