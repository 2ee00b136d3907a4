// The media library (issue 27 items 1-3, 6): the list with its search, pages and "Unused" filter;
// where each image is used (content tabs, posts and their translations); alt text per language;
// replacing a file (new immutable file URLs; what content holds, the image's address, unchanged);
// deleting (refused while used, the uses listed; unused ones alone and in bulk); bad input
// changing nothing; and who may do what. SQLite here, PostgreSQL in ./postgres/media-library.pg.test.ts.
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LibraryImage, MediaPage } from "#content/media.ts";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { AppDeps } from "#server/assembly/deps.ts";
import type { Logger } from "#server/logger.ts";
import type { MediaStorage } from "#server/media/storage.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { timeScale } from "../helpers/machine.ts";
import { tableRows } from "../helpers/table-rows.ts";

let server: TestServer;
let api: ReturnType<typeof adminFetch>;
const PASSWORD = "a long enough password";

beforeAll(async () => {
  server = await startTestServer();
  api = adminFetch(server, await signIn(server.url));
});
afterAll(() => server.close());

const picture = (color: string, width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

async function upload(name: string, color = "#0369a1", as = api): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await picture(color))], { type: "image/png" }), name);
  const response = await as("/api/media", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; url: string };
}

const send = (path: string, method: string, body?: unknown, as = api) =>
  as(path, { method, ...(body !== undefined && { body: JSON.stringify(body) }) });

async function library(query = ""): Promise<MediaPage> {
  const response = await api(`/api/media${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MediaPage;
}
const one = async (id: string, locale = "en") =>
  (await library(`?locale=${locale}&query=`)).media.find((image) => image.id === id) ??
  (await allImages(locale)).find((image) => image.id === id);
async function allImages(locale = "en"): Promise<LibraryImage[]> {
  const first = await library(`?locale=${locale}`);
  const rest = await Promise.all(
    Array.from({ length: first.pages - 1 }, (_, i) => library(`?locale=${locale}&page=${i + 2}`)),
  );
  return [first, ...rest].flatMap((page) => page.media);
}

async function putHomeImage(url: string) {
  const home = (await (await api("/api/content/home")).json()) as {
    version: number;
    data: { features: { image: string }[] };
  };
  home.data.features[1]!.image = url;
  const saved = await send("/api/content/home", "PUT", { version: home.version, data: home.data });
  expect(saved.status).toBe(200);
}

const post = (title: string, extra: Partial<BlogPost> = {}): BlogPost => ({
  title,
  excerpt: `About ${title}.`,
  content: `## ${title}\n\nWords about ${title}.`,
  date: "2026-01-15",
  readTime: "1 min read",
  image: "",
  featured: false,
  placementId: 0,
  status: "published",
  ...extra,
});
async function createPost(data: BlogPost): Promise<PostRecord> {
  const response = await send("/api/posts", "POST", { data });
  expect(response.status).toBe(201);
  return (await response.json()) as PostRecord;
}

/** The media table and each image's bytes as served: "nothing stored changed" compares these. */
const mediaRows = () => tableRows(server.dataDir, "media");

/** The names of every file the storage holds for image `id`, sorted: read where it keeps them, past its code. */
async function storedFiles(id: string): Promise<string[]> {
  const { kind } = server.deps.mediaStorage;
  if (kind === "local") return (await readdir(path.join(server.dataDir, "media", id)).catch(() => [])).sort();
  if (kind === "database")
    return (await tableRows(server.dataDir, "media_files"))
      .filter((row) => row.media_id === id)
      .map((row) => String(row.name))
      .sort();
  throw new Error(`No listing for the ${kind} storage here (media-s3.test.ts reads the bucket).`);
}

type Swappable = Pick<AppDeps, "mediaStorage" | "logger">;

/**
 * Runs `run` with some of the server's services wrapped (each wrapper gets the real one): requests
 * read them from the server's deps, so the requests `run` makes meet the wrappers. Puts them back after.
 */
async function withDeps<T>(
  wrappers: { [K in keyof Swappable]?: (real: Swappable[K]) => Swappable[K] },
  run: () => Promise<T>,
): Promise<T> {
  const real = { mediaStorage: server.deps.mediaStorage, logger: server.deps.logger };
  if (wrappers.mediaStorage) server.deps.mediaStorage = wrappers.mediaStorage(real.mediaStorage);
  if (wrappers.logger) server.deps.logger = wrappers.logger(real.logger);
  try {
    return await run();
  } finally {
    Object.assign(server.deps, real);
  }
}

/** PUT /api/media/<id>/file with a picture of `color`. */
async function replaceFile(id: string, color: string, width = 600, height = 400) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await picture(color, width, height))], { type: "image/png" }), "x.png");
  return api(`/api/media/${id}/file`, { method: "PUT", body: form });
}

/**
 * Replaces image `id` with each picture at the same moment: every request's first file is held until
 * all of them are storing, so all were based on the same version. The answers, and the names each
 * request stored (in the order of `pictures`, told apart by their tag).
 */
async function raceReplacements(
  id: string,
  pictures: { color: string; width?: number; height?: number }[],
  wrappers: Parameters<typeof withDeps>[0] = {},
) {
  const written = new Map<string, string[]>();
  let allStoring: () => void = () => undefined;
  const storing = new Promise<void>((resolve) => (allStoring = resolve));
  const answers = await withDeps(
    {
      ...wrappers,
      mediaStorage: (real) => {
        const storage = wrappers.mediaStorage ? wrappers.mediaStorage(real) : real;
        return {
          ...storage,
          async put(image, name, bytes, type) {
            const tag = /^v[0-9]+-[0-9a-f]{8}-/.exec(name)?.[0];
            if (image === id && tag) {
              written.set(tag, [...(written.get(tag) ?? []), name]);
              if (written.size === pictures.length) allStoring();
              await storing;
            }
            await storage.put(image, name, bytes, type);
          },
        };
      },
    },
    () =>
      Promise.all(
        pictures.map(async ({ color, width, height }) => {
          const response = await replaceFile(id, color, width, height);
          return { status: response.status, body: (await response.json()) as LibraryImage & { error?: string } };
        }),
      ),
  );
  // Which tag is whose: the winner's is in its answer; with two, the other is the loser's.
  const tags = [...written.keys()];
  const tagOf = (answer: (typeof answers)[number]) =>
    answer.status === 200 ? tags.find((tag) => answer.body.file.includes(`/${tag}`)) : undefined;
  const named = answers.map(tagOf);
  const left = tags.filter((tag) => !named.includes(tag));
  return {
    answers,
    written: named.map((tag) => [...(written.get(tag ?? left.shift()!) ?? [])].sort()),
  };
}

describe("the library", () => {
  let hero: { id: string; url: string };
  let inBody: { id: string; url: string };
  let spare: { id: string; url: string };
  let postId: string;

  beforeAll(async () => {
    hero = await upload("C:\\photos\\Team at the office.png", "#be123c");
    inBody = await upload("../../chart\u0000 2025.png", "#15803d");
    spare = await upload("spare.png", "#a16207");
    await putHomeImage(hero.url);
    const created = await createPost(
      post("Numbers That Matter", {
        image: hero.url,
        content: `## Numbers\n\n![A chart](${inBody.url})\n\nMore words.`,
      }),
    );
    postId = created.id;
  });

  it("lists every image with its name, size, dimensions and uses, newest first", async () => {
    const page = await library();
    expect(page).toMatchObject({ page: 1, pages: 1 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    const [first, second, third] = page.media;
    expect([first!.id, second!.id, third!.id]).toEqual([spare.id, inBody.id, hero.id]);
    expect(third).toMatchObject({
      name: "Team at the office.png",
      width: 1200,
      height: 800,
      url: hero.url,
      alt: "",
      decorative: false,
      version: 1,
    });
    expect(third!.bytes).toBeGreaterThan(0);
    expect(third!.thumbnail).toMatch(new RegExp(`^/media/${hero.id}/480\\.webp$`));
    // The file's own name without its folders or control characters.
    expect(second!.name).toBe("chart 2025.png");
    expect(third!.uses).toEqual([
      { kind: "content", key: "home", id: "home", field: "features.1.image" },
      { kind: "post", key: "numbers-that-matter", id: postId, field: "image" },
    ]);
    expect(second!.uses).toEqual([{ kind: "post", key: "numbers-that-matter", id: postId, field: "content" }]);
    expect(first!.uses).toEqual([]);
  });

  it("finds images used in a post's translation", async () => {
    const si = await (await api(`/api/posts/${postId}?locale=si`)).json();
    const saved = await send(`/api/posts/${postId}?locale=si`, "PUT", {
      version: 0,
      data: { ...si.data, content: `## අංක\n\n![](${spare.url})`, status: "draft" },
    });
    expect(saved.status).toBe(200);
    expect((await one(spare.id))!.uses).toEqual([
      { kind: "post", key: "numbers-that-matter", id: postId, field: "content", locale: "si" },
    ]);
    const back = await send(`/api/posts/${postId}?locale=si`, "PUT", {
      version: 1,
      data: { ...si.data, content: "## අංක", status: "draft" },
    });
    expect(back.status).toBe(200);
    expect((await one(spare.id))!.uses).toEqual([]);
  });

  it("searches by name and alt text, and filters the unused", async () => {
    expect((await library("?query=TEAM%20office")).media.map((m) => m.id)).toEqual([hero.id]);
    const described = await send(`/api/media/${spare.id}`, "PUT", { alt: "A yellow square on the wall" });
    expect(described.status).toBe(200);
    expect((await library("?query=yellow")).media.map((m) => m.id)).toEqual([spare.id]);
    expect((await library("?query=nothing-like-this")).media).toEqual([]);
    const unused = await library("?unused=1");
    expect(unused.media.map((m) => m.id)).toContain(spare.id);
    expect(unused.media.map((m) => m.id)).not.toContain(hero.id);
    expect(unused.media.map((m) => m.id)).not.toContain(inBody.id);
    expect(unused.total).toBe(unused.media.length);
  });

  it("keeps alt text per language, the others falling back to English", async () => {
    const english = await send(`/api/media/${hero.id}`, "PUT", { alt: "  Our team\nat the office ", name: "Team" });
    expect(english.status).toBe(200);
    expect(await english.json()).toMatchObject({ name: "Team", alt: "Our team at the office" });
    const sinhala = await send(`/api/media/${hero.id}?locale=si`, "PUT", { alt: "කාර්යාලයේ අපේ කණ්ඩායම" });
    expect(await sinhala.json()).toMatchObject({ alt: "කාර්යාලයේ අපේ කණ්ඩායම" });
    expect((await one(hero.id, "si"))!.alt).toBe("කාර්යාලයේ අපේ කණ්ඩායම");
    expect((await one(hero.id, "ta"))!.alt).toBe("Our team at the office");
    expect((await one(hero.id, "en"))!.alts).toEqual({ en: "Our team at the office", si: "කාර්යාලයේ අපේ කණ්ඩායම" });
    // Emptying a language's text gives it English's again.
    await send(`/api/media/${hero.id}?locale=si`, "PUT", { alt: "" });
    expect((await one(hero.id, "si"))!.alt).toBe("Our team at the office");
    const decorative = await send(`/api/media/${spare.id}`, "PUT", { decorative: true });
    expect(await decorative.json()).toMatchObject({ decorative: true, alt: "A yellow square on the wall" });
  });

  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    const before = await mediaRows();
    const cases: [string, string, unknown, number, RegExp][] = [
      [`/api/media/${hero.id}`, "PUT", { alt: 42 }, 400, /alt must be text/],
      [`/api/media/${hero.id}`, "PUT", { name: "   " }, 400, /Give the image a name/],
      [`/api/media/${hero.id}`, "PUT", { alt: "x".repeat(301) }, 400, /under 300 characters/],
      [`/api/media/${hero.id}`, "PUT", { decorative: "yes" }, 400, /true or false/],
      [`/api/media/${hero.id}`, "PUT", { alt: "ok", owner: "me" }, 400, /owner/],
      [`/api/media/${hero.id}?locale=fr`, "PUT", { alt: "Bonjour" }, 400, /Unknown language "fr"/],
      [`/api/media/${"0".repeat(24)}`, "PUT", { alt: "Ghost" }, 404, /not in the library/],
      ["/api/media/not-an-id", "PUT", { alt: "Ghost" }, 404, /not in the library/],
      ["/api/media?page=0", "GET", undefined, 400, /at least 1/],
      ["/api/media?unused=maybe", "GET", undefined, 400, /unused must be 1 or 0/],
      ["/api/media/delete", "POST", { ids: ["../../etc"] }, 400, /image ids/],
      ["/api/media/delete", "POST", { ids: [] }, 400, /at least one/],
      ["/api/media", "DELETE", undefined, 400, /unused=1/],
    ];
    for (const [path, method, body, status, message] of cases) {
      const response = await send(path, method, body);
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    const text = await api(`/api/media/${hero.id}`, {
      method: "PUT",
      body: "alt=x",
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
    const notImage = new FormData();
    notImage.append("file", new Blob(["hello"], { type: "image/png" }), "fake.png");
    const refused = await api(`/api/media/${hero.id}/file`, { method: "PUT", body: notImage });
    expect(refused.status).toBe(415);
    expect(await mediaRows()).toEqual(before);
  });

  it("replaces a file: new immutable file URLs, the image's address and every use unchanged", async () => {
    const oldFile = (await one(hero.id))!.file;
    const oldBytes = Buffer.from(await (await fetch(`${server.url}${oldFile}`)).arrayBuffer());
    const homeBefore = (await (await api("/api/content/home")).json()) as { version: number };
    const postBefore = (await (await api(`/api/posts/${postId}`)).json()) as PostRecord;

    const replacement = await picture("#4338ca", 600, 600);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(replacement)], { type: "image/png" }), "new team.png");
    const response = await api(`/api/media/${hero.id}/file`, { method: "PUT", body: form });
    expect(response.status).toBe(200);
    const replaced = (await response.json()) as LibraryImage;
    expect(replaced).toMatchObject({ id: hero.id, url: hero.url, version: 2, width: 600, height: 600, name: "Team" });
    // Version 2's files, under a tag of that replacement's own.
    expect(replaced.file).toMatch(new RegExp(`^/media/${hero.id}/v2-[0-9a-f]{8}-600\\.webp$`));
    expect(replaced.uses).toHaveLength(2);

    // The new files are the new picture: the original's pixels exactly, the variant's within WebP's loss.
    const original = await fetch(`${server.url}${replaced.file.replace("600.webp", "original.png")}`);
    const raw = (data: ArrayBuffer | Buffer) => sharp(new Uint8Array(data)).removeAlpha().raw().toBuffer();
    expect(await raw(await original.arrayBuffer())).toEqual(await raw(replacement));
    const served = await fetch(`${server.url}${replaced.file}`);
    expect(served.headers.get("cache-control")).toMatch(/immutable/);
    const pixel = await sharp(Buffer.from(await served.arrayBuffer()))
      .extract({ left: 300, top: 300, width: 1, height: 1 })
      .raw()
      .toBuffer();
    [0x43, 0x38, 0xca].forEach((value, i) => expect(Math.abs(pixel[i]! - value)).toBeLessThan(12));
    // The old file's URL still gives the old bytes (pages cached anywhere); the image's address leads to the new one.
    expect(Buffer.from(await (await fetch(`${server.url}${oldFile}`)).arrayBuffer())).toEqual(oldBytes);
    expect(Buffer.from(await (await fetch(`${server.url}${hero.url}`)).arrayBuffer())).toEqual(
      Buffer.from(await (await fetch(`${server.url}${replaced.file}`)).arrayBuffer()),
    );

    // Nothing that uses it was saved again: the same versions, still naming the image.
    const home = (await (await api("/api/content/home")).json()) as {
      version: number;
      data: { features: { image: string }[] };
    };
    expect(home.version).toBe(homeBefore.version);
    expect(home.data.features[1]!.image).toBe(hero.url);
    const after = (await (await api(`/api/posts/${postId}`)).json()) as PostRecord;
    expect(after).toMatchObject({ version: postBefore.version, data: { image: hero.url } });
    expect(after.data.content).toContain(inBody.url);
  });

  it("two replacements at once: each writes its own files, the image is one of them whole, the loser's are removed", async () => {
    const racer = await upload("racer.png", "#0f766e");
    const originals = await storedFiles(racer.id);
    expect(originals).toHaveLength(7);
    // The same size, so the same file names but for the tag: only the colour tells them apart.
    const replacements = [
      { color: "#b91c1c", width: 600, height: 400, rgb: [0xb9, 0x1c, 0x1c] },
      { color: "#1d4ed8", width: 600, height: 400, rgb: [0x1d, 0x4e, 0xd8] },
    ];
    const { answers, written } = await raceReplacements(racer.id, replacements);
    // Both were based on version 1 (raceReplacements holds them until both are storing): one wins.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.status === 200);
    const last = answers[winner]!;
    const lost = answers[1 - winner]!;
    expect(lost.body.error).toBe("This image was replaced by someone else at the same moment. Try again.");
    const { media } = await library(`?query=racer`);
    const stored = media.find((image) => image.id === racer.id)!;
    expect(stored).toMatchObject({ version: 2, file: last.body.file });
    // What the record names is that replacement's picture, in every file: never a mix of the two.
    const { width, height, rgb } = replacements[winner]!;
    expect(stored).toMatchObject({ width, height });
    const served = Buffer.from(await (await fetch(`${server.url}${stored.file}`)).arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ width, height });
    for (const name of ["600.webp", "480.avif", "original.png"]) {
      const file = await fetch(`${server.url}${stored.file.replace("600.webp", name)}`);
      expect(file.status, name).toBe(200);
      const bytes = Buffer.from(await file.arrayBuffer());
      const pixel = await sharp(bytes).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer();
      rgb.forEach((value, i) => expect(Math.abs(pixel[i]! - value), name).toBeLessThan(12));
    }

    // Each wrote its every file; the storage keeps the original's and the winner's, none of the loser's.
    const [won, refused] = [written[winner]!, written[1 - winner]!];
    expect(won.length).toBeGreaterThan(0);
    expect(refused).toHaveLength(won.length);
    expect(stored.file.slice(stored.file.lastIndexOf("/") + 1)).toBe(won.find((name) => name.endsWith("-600.webp")));
    expect(await storedFiles(racer.id)).toEqual([...originals, ...won].sort());
    for (const name of refused) expect((await fetch(`${server.url}/media/${racer.id}/${name}`)).status, name).toBe(404);
    for (const name of [...originals, ...won])
      expect((await fetch(`${server.url}/media/${racer.id}/${name}`)).status, name).toBe(200);
  });

  it("a replacement the storage fails halfway leaves the image's files as they were, and none of its own", async () => {
    const image = await upload("halfway.png", "#7c3aed");
    const files = await storedFiles(image.id);
    const before = await mediaRows();
    const tried: string[] = [];
    const response = await withDeps(
      {
        mediaStorage: (storage) => ({
          ...storage,
          async put(id, name, bytes, type) {
            tried.push(name);
            await storage.put(id, name, bytes, type);
            // The third is stored, then fails: as a store that keeps a file but times out answering.
            if (tried.length === 3) throw new Error("the storage stopped answering");
          },
        }),
      },
      () => replaceFile(image.id, "#facc15"),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: "The image could not be saved: the image storage is not answering. Please try again in a few minutes.",
    });
    expect(tried).toHaveLength(3);
    expect(tried.every((name) => /^v2-[0-9a-f]{8}-/.test(name))).toBe(true);
    expect(await storedFiles(image.id)).toEqual(files);
    expect(await mediaRows()).toEqual(before);
    for (const name of tried) expect((await fetch(`${server.url}/media/${image.id}/${name}`)).status, name).toBe(404);
    expect((await fetch(`${server.url}${image.url}`)).status).toBe(200);
  });

  it("files it cannot remove are logged, and the answer is the same", async () => {
    const image = await upload("stuck.png", "#0e7490");
    const files = await storedFiles(image.id);
    const warnings: Record<string, unknown>[] = [];
    const refusing = (storage: MediaStorage): MediaStorage => ({
      ...storage,
      deleteFiles: () => Promise.reject(new Error("the storage refused to delete")),
    });
    const logging = (logger: Logger): Logger => ({
      ...logger,
      warn: (message, fields) => void warnings.push({ message, ...fields }),
    });

    // Failed halfway: still the 503, the files it wrote left over (and said so).
    let puts = 0;
    const failed = await withDeps(
      {
        logger: logging,
        mediaStorage: (storage) => ({
          ...refusing(storage),
          async put(id, name, bytes, type) {
            if ((puts += 1) === 2) throw new Error("the storage stopped answering");
            await storage.put(id, name, bytes, type);
          },
        }),
      },
      () => replaceFile(image.id, "#facc15"),
    );
    expect(failed.status).toBe(503);
    const leftOver = (await storedFiles(image.id)).filter((name) => !files.includes(name));
    expect(leftOver).toHaveLength(1);
    expect(warnings).toEqual([
      {
        message: "files of no image were left in the media storage: removing them failed",
        storage: server.deps.mediaStorage.kind,
        id: image.id,
        files: expect.stringContaining(leftOver[0]!),
        error: "Error: the storage refused to delete",
      },
    ]);

    // Refused by a rival replacement: still the 409, the loser's files left over (and said so).
    warnings.length = 0;
    const { answers, written } = await raceReplacements(image.id, [{ color: "#b91c1c" }, { color: "#1d4ed8" }], {
      logger: logging,
      mediaStorage: refusing,
    });
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.findIndex((answer) => answer.status === 409);
    expect(answers[loser]!.body.error).toBe("This image was replaced by someone else at the same moment. Try again.");
    expect(warnings).toEqual([
      {
        message: "files of no image were left in the media storage: removing them failed",
        storage: server.deps.mediaStorage.kind,
        id: image.id,
        files: expect.any(String),
        error: "Error: the storage refused to delete",
      },
    ]);
    expect(String(warnings[0]!.files).split(", ").sort()).toEqual(written[loser]);
    expect((await storedFiles(image.id)).filter((name) => written[loser]!.includes(name))).toEqual(written[loser]);
  });

  it("refuses to delete an image while it is used, listing the uses", async () => {
    const before = await mediaRows();
    const response = await api(`/api/media/${inBody.id}`, { method: "DELETE" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "This image is used in 1 place. Remove it from there first.",
      uses: [{ kind: "post", key: "numbers-that-matter", id: postId, field: "content" }],
    });
    expect(await mediaRows()).toEqual(before);
    expect((await fetch(`${server.url}${inBody.url}`)).status).toBe(200);
  });

  it("deletes an unused image and its files; restoring a revision naming it is then refused", async () => {
    const used = await createPost(post("Short Lived", { image: spare.url }));
    const freed = await send(`/api/posts/${used.id}`, "PUT", { version: 1, data: { ...used.data, image: "" } });
    expect(freed.status).toBe(200);
    const file = (await one(spare.id))!.file;
    const response = await api(`/api/media/${spare.id}`, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect((await fetch(`${server.url}${spare.url}`)).status).toBe(404);
    expect((await fetch(`${server.url}${file}`)).status).toBe(404);
    expect((await library()).media.map((m) => m.id)).not.toContain(spare.id);
    expect((await api(`/api/media/${spare.id}`, { method: "DELETE" })).status).toBe(404);
    const restored = await send(`/api/posts/${used.id}/revisions/1/restore`, "POST", { version: 2 });
    expect(restored.status).toBe(400);
    expect(((await restored.json()) as { error: string }).error).toMatch(
      /^Version 1 cannot be restored: the image in image/,
    );
    expect(((await (await api(`/api/posts/${used.id}`)).json()) as PostRecord).version).toBe(2);
  });

  it("deletes in bulk: the unused ones go, the used ones are refused and listed", async () => {
    const a = await upload("a.png");
    const b = await upload("b.png");
    const response = await send("/api/media/delete", "POST", { ids: [a.id, b.id, inBody.id] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      deleted: [a.id, b.id],
      refused: [{ id: inBody.id, uses: [{ kind: "post", key: "numbers-that-matter", id: postId, field: "content" }] }],
    });
    const c = await upload("c.png");
    const all = await api("/api/media?unused=1", { method: "DELETE" });
    expect(all.status).toBe(200);
    expect(((await all.json()) as { deleted: string[] }).deleted).toContain(c.id);
    expect((await library("?unused=1")).total).toBe(0);
    expect((await library()).media.map((m) => m.id).sort()).toEqual([hero.id, inBody.id].sort());
  });

  it(
    "pages through many images",
    async () => {
      for (let i = 0; i < 25; i += 1) await upload(`many ${i}.png`);
      const first = await library("?query=many");
      expect(first).toMatchObject({ total: 25, page: 1, pages: 2 });
      expect(first.media).toHaveLength(24);
      const second = await library("?query=many&page=2");
      expect(second.media.map((m) => m.name)).toEqual(["many 0.png"]);
      expect((await library("?query=many&page=3")).media).toEqual([]);
      // 25 uploads, each made into its sizes: three times a test's budget (one took 20 s on a busy 2-core machine).
    },
    60_000 * timeScale(),
  );
});

describe("roles", () => {
  it("lets Writers list, upload and describe their own images; replacing and deleting are for Editors", async () => {
    const emails = { editor: "editor@example.lk", writer: "writer@example.lk" };
    const as: Record<string, ReturnType<typeof adminFetch>> = {};
    for (const [role, email] of Object.entries(emails)) {
      const added = await send("/api/accounts", "POST", { email, password: PASSWORD, role });
      expect(added.status).toBe(201);
      as[role] = adminFetch(server, await signIn(server.url, { email, password: PASSWORD }));
    }
    const owners = await upload("owners.png");
    const writers = await upload("writers.png", "#000000", as.writer);
    expect((await as.writer!("/api/media")).status).toBe(200);
    expect((await send(`/api/media/${writers.id}`, "PUT", { alt: "Mine" }, as.writer)).status).toBe(200);
    const before = await mediaRows();
    const notTheirs = await send(`/api/media/${owners.id}`, "PUT", { alt: "Not mine" }, as.writer);
    expect(notTheirs.status).toBe(403);
    expect(((await notTheirs.json()) as { error: string }).error).toBe(
      "A Writer can only change the images they uploaded.",
    );
    for (const [path, method] of [
      [`/api/media/${writers.id}`, "DELETE"],
      ["/api/media?unused=1", "DELETE"],
      [`/api/media/${writers.id}/file`, "PUT"],
    ] as const) {
      const response = await as.writer!(path, { method });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect((await send("/api/media/delete", "POST", { ids: [writers.id] }, as.writer)).status).toBe(403);
    expect(await mediaRows()).toEqual(before);
    expect((await send(`/api/media/${owners.id}`, "PUT", { alt: "Editor's" }, as.editor)).status).toBe(200);
    expect((await as.editor!(`/api/media/${writers.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(`${server.url}/api/media`)).status).toBe(401);
  });

  it("tells a Writer's uploads by their account, not their email: a new account with it owns none", async () => {
    const email = "writer-who-left@example.lk";
    const added = await send("/api/accounts", "POST", { email, password: PASSWORD, role: "writer" });
    const { account } = (await added.json()) as { account: { id: number } };
    const first = adminFetch(server, await signIn(server.url, { email, password: PASSWORD }));
    const theirs = await upload("left behind.png", "#336699", first);
    expect((await send(`/api/media/${theirs.id}`, "PUT", { alt: "Theirs" }, first)).status).toBe(200);
    expect((await send(`/api/accounts/${account.id}`, "DELETE", undefined)).status).toBe(200);
    // Someone else is given the address later.
    expect((await send("/api/accounts", "POST", { email, password: PASSWORD, role: "writer" })).status).toBe(201);
    const second = adminFetch(server, await signIn(server.url, { email, password: PASSWORD }));
    const before = await mediaRows();
    const refused = await send(`/api/media/${theirs.id}`, "PUT", { alt: "Not theirs" }, second);
    expect(refused.status).toBe(403);
    expect(await mediaRows()).toEqual(before);
    // Their own new upload is theirs.
    const own = await upload("their own.png", "#663399", second);
    expect((await send(`/api/media/${own.id}`, "PUT", { alt: "Mine" }, second)).status).toBe(200);
  });
});
