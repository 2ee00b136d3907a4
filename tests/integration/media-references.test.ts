// Content refers to an image by its id (issue 39, defect 4; docs/decisions/027-images-by-id.md): a
// save naming an image that is not in the library is refused and stores nothing; a save starting to
// use an image and that image's DELETE, sent together, never both succeed; an image used only by an
// older version may be deleted, and restoring that version is then refused, saying why; replacing an
// image changes the image alone (no document or post gets a version) and the pages draw its new file.
// SQLite here, PostgreSQL in ./postgres/media-references.pg.test.ts.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { pageImages } from "#server/media/page-images.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { tableRows } from "../helpers/table-rows.ts";
import { testPost } from "../helpers/test-post.ts";

let server: TestServer;
let api: ReturnType<typeof adminFetch>;

beforeAll(async () => {
  server = await startTestServer();
  api = adminFetch(server, await signIn(server.url));
});
afterAll(() => server.close());

async function upload(color = "#0369a1", width = 1200, height = 800): Promise<{ id: string; url: string }> {
  const png = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
  const response = await api("/api/media", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; url: string };
}

const send = (path: string, method: string, body?: unknown) =>
  api(path, { method, ...(body !== undefined && { body: JSON.stringify(body) }) });

const post = testPost;

async function createPost(data: BlogPost): Promise<PostRecord> {
  const response = await send("/api/posts", "POST", { data });
  expect(response.status).toBe(201);
  return (await response.json()) as PostRecord;
}

type Home = { version: number; data: { features: { image: string }[] } & Record<string, unknown> };
const readHome = async () => (await (await api("/api/content/home")).json()) as Home;
const withFeatureImage = (home: Home, index: number, image: string) => ({
  version: home.version,
  data: { ...home.data, features: home.data.features.map((f, i) => (i === index ? { ...f, image } : f)) },
});

/** Every table a save writes, as stored: "nothing stored changed" compares these. */
async function stored() {
  const tables = ["documents", "revisions", "posts", "post_revisions", "post_addresses", "media"];
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await tableRows(server.dataDir, t)])));
}

/** The image ids each current post and document names, read from the database past the app. */
async function storedImageIds(): Promise<Set<string>> {
  const rows = [...(await tableRows(server.dataDir, "posts")), ...(await tableRows(server.dataDir, "documents"))];
  return new Set(rows.flatMap((row) => [...String(row.data).matchAll(/\/media\/([0-9a-f]{24})/g)].map((m) => m[1]!)));
}

const deleteImage = (id: string) => api(`/api/media/${id}`, { method: "DELETE" });

describe("a save naming an image not in the library", () => {
  it("is refused with the image and the field named, and stores nothing (a post, a new post, Home)", async () => {
    const gone = await upload("#be123c");
    expect((await deleteImage(gone.id)).status).toBe(204);
    const existing = await createPost(post("A Post Before The Deletion"));
    const before = await stored();

    const created = await send("/api/posts", "POST", {
      data: post("A Post With A Deleted Image", { image: gone.url }),
    });
    expect(created.status).toBe(400);
    const refusal = (await created.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(refusal.error).toBe(
      `image: the image /media/${gone.id} is not in the media library (it may have been deleted). Choose another image; nothing was saved.`,
    );
    expect(refusal.issues).toEqual([{ path: "image", message: expect.stringContaining(`/media/${gone.id}`) }]);

    const saved = await send(`/api/posts/${existing.id}`, "PUT", {
      version: existing.version,
      data: { ...existing.data, image: gone.url },
    });
    expect(saved.status).toBe(400);
    expect(((await saved.json()) as { error: string }).error).toContain(`/media/${gone.id}`);

    const home = await send("/api/content/home", "PUT", withFeatureImage(await readHome(), 0, gone.url));
    expect(home.status).toBe(400);
    expect(((await home.json()) as { error: string }).error).toMatch(
      new RegExp(`^features\\.0\\.image: the image /media/${gone.id} is not in the media library`),
    );
    // An image that never was (a typed id) is refused the same way.
    const never = await send(
      "/api/content/home",
      "PUT",
      withFeatureImage(await readHome(), 1, `/media/${"a".repeat(24)}`),
    );
    expect(never.status).toBe(400);

    expect(await stored()).toEqual(before);
  });
});

describe("a save starting to use an image, sent with the image's DELETE", () => {
  it("never both succeed, and nothing stored names a deleted image (20 rounds)", async () => {
    const target = await createPost(post("A Post In A Race"));
    let version = target.version;
    const outcomes: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const image = await upload(`#${(round * 11 + 16).toString(16).padStart(2, "0")}4060`, 320, 200);
      const current = (await (await api(`/api/posts/${target.id}`)).json()) as PostRecord;
      version = current.version;
      // Alternately a post and Home start using it, so both stores meet the race.
      const saving =
        round % 2 === 0
          ? send(`/api/posts/${target.id}`, "PUT", { version, data: { ...current.data, image: image.url } })
          : send("/api/content/home", "PUT", withFeatureImage(await readHome(), 2, image.url));
      // The DELETE sent 0 to 9 ms after the save, so that either may reach the database first.
      const removing = new Promise((resolve) => setTimeout(resolve, round % 10)).then(() => deleteImage(image.id));
      const [save, remove] = await Promise.all([saving, removing]);
      outcomes.push(`${save.status}/${remove.status}`);
      expect([save.status, remove.status], `round ${round}`).not.toEqual([200, 204]);
      expect([200, 400]).toContain(save.status);
      expect([204, 409]).toContain(remove.status);
      const inLibrary = new Set((await tableRows(server.dataDir, "media")).map((row) => String(row.id)));
      for (const id of await storedImageIds()) expect(inLibrary.has(id), `round ${round}: ${id}`).toBe(true);
    }
    console.log(`save/delete outcomes over 20 rounds: ${outcomes.join(" ")}`);
  });
});

describe("an image used only by an older version", () => {
  it("may be deleted; restoring that version is then refused, saying why, and stores nothing", async () => {
    const image = await upload("#15803d");
    const first = await createPost(post("A Post Whose Cover Changed", { image: image.url }));
    const second = await send(`/api/posts/${first.id}`, "PUT", {
      version: first.version,
      data: { ...first.data, image: "" },
    });
    expect(second.status).toBe(200);
    expect((await deleteImage(image.id)).status).toBe(204);
    const before = await stored();

    const restored = await send(`/api/posts/${first.id}/revisions/${first.version}/restore`, "POST", {
      version: first.version + 1,
    });
    expect(restored.status).toBe(400);
    expect(((await restored.json()) as { error: string }).error).toBe(
      `Version ${first.version} cannot be restored: the image in image (/media/${image.id}) has since been deleted from the media library. Restore another version, or choose another image in the editor.`,
    );
    expect(await stored()).toEqual(before);

    // The same for a content document's version.
    const other = await upload("#a16207");
    const home = await readHome();
    const using = await send("/api/content/home", "PUT", withFeatureImage(home, 0, other.url));
    expect(using.status).toBe(200);
    const usedAt = ((await using.json()) as { version: number }).version;
    expect((await send("/api/content/home", "PUT", withFeatureImage(await readHome(), 0, ""))).status).toBe(200);
    expect((await deleteImage(other.id)).status).toBe(204);
    const refused = await send(`/api/content/home/revisions/${usedAt}/restore`, "POST", { version: usedAt + 1 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      new RegExp(`^Version ${usedAt} cannot be restored: the image in features\\.0\\.image \\(/media/${other.id}\\)`),
    );
  });
});

describe("a blog version from before posts were records", () => {
  it("restores its page and its posts, but leaves a post naming an image deleted since as it is now", async () => {
    const image = await upload("#7c3aed");
    const { store } = server.deps;
    const current = await store.documents.get("blog");
    // The blog as it was stored before migration 0004-posts: its posts inside it.
    const legacy = {
      title: "Old Insights",
      subtitle: "As it was.",
      posts: [
        { ...post("A Legacy Post With Its Cover", { image: image.url }), id: "legacy-cover" },
        { ...post("A Legacy Post Without One"), id: "legacy-plain" },
      ],
    };
    const old = await store.documents.save("blog", legacy, current.version, "old@example.lk");
    expect(old.ok).toBe(true);
    const back = await store.documents.save("blog", current.data, current.version + 1, "old@example.lk");
    expect(back.ok).toBe(true);
    expect((await deleteImage(image.id)).status).toBe(204);

    const restored = await send(`/api/content/blog/revisions/${current.version + 1}/restore`, "POST", {
      version: current.version + 2,
    });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ data: { title: "Old Insights" } });
    expect((await api("/api/posts/legacy-plain")).status).toBe(200);
    expect((await api("/api/posts/legacy-cover")).status).toBe(404);
  });
});

describe("replacing an image", () => {
  it("changes the image alone: no document or post gets a version, yet pages draw the new file", async () => {
    const image = await upload("#4338ca", 1000, 500);
    const used = await createPost(post("A Post Whose Cover Is Replaced", { image: image.url }));
    expect((await send("/api/content/home", "PUT", withFeatureImage(await readHome(), 1, image.url))).status).toBe(200);
    const revisionsBefore = {
      revisions: (await tableRows(server.dataDir, "revisions")).length,
      posts: (await tableRows(server.dataDir, "post_revisions")).length,
    };
    const homeBefore = await readHome();
    const draw = async (url: string) =>
      (await pageImages({ media: server.deps.store.media, urlOf: server.deps.mediaStorage.urlOf }, [url], "en"))[url];
    const drawnBefore = await draw(image.url);
    expect(drawnBefore).toMatchObject({ width: 1000, height: 500, src: `/media/${image.id}/1000.webp` });

    const png = await sharp({ create: { width: 700, height: 700, channels: 3, background: "#fafafa" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "square.png");
    const announced: unknown[] = [];
    const stop = server.deps.bus.subscribe((event) => announced.push(event));
    const replaced = await api(`/api/media/${image.id}/file`, { method: "PUT", body: form });
    stop();
    expect(replaced.status).toBe(200);
    // Open pages showing it refresh and page caches let go: its uses are announced at their versions.
    expect(announced).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "content", key: "home", version: homeBefore.version }),
        expect.objectContaining({ type: "post", id: used.id, version: used.version }),
      ]),
    );
    const answer = (await replaced.json()) as { url: string; file: string; uses: unknown[] };
    // What content holds did not change; the file it leads to did.
    expect(answer.url).toBe(`/media/${image.id}`);
    expect(answer.file).toMatch(new RegExp(`^/media/${image.id}/v2-[0-9a-f]{8}-700\\.webp$`));
    expect(answer.uses).toHaveLength(2);

    expect({
      revisions: (await tableRows(server.dataDir, "revisions")).length,
      posts: (await tableRows(server.dataDir, "post_revisions")).length,
    }).toEqual(revisionsBefore);
    expect((await readHome()).version).toBe(homeBefore.version);
    const after = (await (await api(`/api/posts/${used.id}`)).json()) as PostRecord;
    expect(after).toMatchObject({ version: used.version, data: { image: image.url } });

    // The page's loader draws the new version's files, at the new size.
    expect(await draw(image.url)).toMatchObject({ width: 700, height: 700, src: answer.file });
    // The address itself leads to the current file (an og:image, the admin's preview).
    const led = await fetch(`${server.url}${image.url}`, { redirect: "manual" });
    expect(led.status).toBe(302);
    expect(led.headers.get("location")).toBe(answer.file);
    expect(led.headers.get("cache-control")).toBe("no-cache");
  });
});
