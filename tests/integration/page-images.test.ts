import { rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost } from "#content/schemas.ts";
import { signIn, tempDir } from "../helpers/api-server.ts";
import { adminFetch } from "../helpers/admin-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";

// Uploaded images on the public pages (issue 27, item 5): a <picture> with the upload's AVIF and
// WebP variants at every width, the image's own size, lazy below the fold and fetched first when it
// is the page's largest; an upload whose record is gone is left out, never drawn broken. On the
// production build, SQLite (the lookup is one store call, the same on PostgreSQL).

let site: BuiltServer;
let dataDir: string;
let api: ReturnType<typeof adminFetch>;

beforeAll(async () => {
  await ensureBuiltOnce();
  dataDir = tempDir();
  site = await startBuiltServer(dataDir);
  api = adminFetch(site, await signIn(site.url));
}, 600_000);
afterAll(async () => {
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An upload: `url` is what content holds (`/media/<id>`), `file` its main file, which pages draw. */
async function upload(width: number, height: number): Promise<{ id: string; url: string; file: string }> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
  const response = await api("/api/media", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; url: string; file: string };
}

const post = (title: string, image: string): BlogPost => ({
  title,
  excerpt: `About ${title}.`,
  content: `## ${title}\n\nWords about ${title}.`,
  date: "2031-05-01",
  readTime: "1 min read",
  image,
  featured: true,
  placementId: 0,
  status: "published",
});

async function createPost(data: BlogPost): Promise<string> {
  return (await createPostRecord(data)).slug;
}

async function createPostRecord(data: BlogPost): Promise<{ id: string; slug: string; version: number }> {
  const response = await api("/api/posts", { method: "POST", body: JSON.stringify({ data }) });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; slug: string; version: number };
}

async function page(pathname: string): Promise<string> {
  const response = await fetch(`${site.url}${pathname}`);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

/** The <picture> (or lone <img>) whose file is `url`, as the server sent it (the last one: a post open over the blog). */
function pictureOf(html: string, url: string): string | undefined {
  const img = html.lastIndexOf(`src="${url}"`);
  if (img < 0) return undefined;
  const start = html.lastIndexOf("<picture", img);
  const imgStart = html.lastIndexOf("<img", img);
  return start >= 0 && start > html.lastIndexOf("</picture>", img)
    ? html.slice(start, html.indexOf("</picture>", img) + 10)
    : html.slice(imgStart, html.indexOf(">", img) + 1);
}

describe("uploaded images on public pages", () => {
  it("a post's cover: AVIF and WebP at every width, its own size, fetched first on the post and the blog", async () => {
    const cover = await upload(2400, 1000);
    const slug = await createPost(post("A Picture Of Colombo", cover.url));

    const postPage = await page(`/blog/${slug}`);
    const reader = pictureOf(postPage, cover.file);
    expect(reader).toBeDefined();
    for (const type of ["avif", "webp"]) {
      expect(reader).toContain(
        `type="image/${type}" srcSet="/media/${cover.id}/480.${type} 480w, /media/${cover.id}/960.${type} 960w, /media/${cover.id}/1600.${type} 1600w"`,
      );
    }
    expect(reader).toContain('sizes="(min-width: 808px) 768px, 100vw"');
    expect(reader).toMatch(/width="2400" height="1000"/);
    expect(reader).toContain('loading="eager"');
    expect(reader).toContain('fetchPriority="high"');
    // The AVIF source comes first: browsers take the first type they support.
    expect(reader!.indexOf("image/avif")).toBeLessThan(reader!.indexOf("image/webp"));

    // Only the cover is fetched first: the list behind the open post waits.
    expect(postPage.match(/fetchPriority="high"/g)).toHaveLength(1);

    // The newest post is the blog's first card: the page's largest image, fetched first.
    const card = pictureOf(await page("/blog"), cover.file);
    expect(card).toContain('fetchPriority="high"');
    expect(card).toContain('sizes="(min-width: 1024px) 352px, (min-width: 640px) 50vw, 100vw"');
  });

  it("Home's feature images and featured posts: lazy, with their variants; a typed address stays a plain <img>", async () => {
    const feature = await upload(800, 500);
    const current = (await (await api("/api/content/home")).json()) as {
      version: number;
      data: { features: { image: string }[] } & Record<string, unknown>;
    };
    const features = current.data.features.map((f, index) =>
      index === 0 ? { ...f, image: feature.url } : { ...f, image: "https://images.example.com/team.jpg" },
    );
    const saved = await api("/api/content/home", {
      method: "PUT",
      body: JSON.stringify({ version: current.version, data: { ...current.data, features } }),
    });
    expect(saved.status).toBe(200);

    const html = await page("/");
    const drawn = pictureOf(html, feature.file);
    // Smaller than the widest variant: the variants stop at the image's own width.
    expect(drawn).toContain(`srcSet="/media/${feature.id}/480.webp 480w, /media/${feature.id}/800.webp 800w"`);
    expect(drawn).toMatch(/width="800" height="500"/);
    expect(drawn).toContain('loading="lazy"');
    const typed = pictureOf(html, "https://images.example.com/team.jpg");
    expect(typed).toMatch(/^<img /);
    expect(typed).toContain('width="640" height="400"');
  });

  it("the media library's alt text, in the page's language, is what the page says of the image", async () => {
    const team = await upload(900, 600);
    const describe = (alt: string, locale = "en") =>
      api(`/api/media/${team.id}?locale=${locale}`, { method: "PUT", body: JSON.stringify({ alt }) });
    expect((await describe("Our team at the Colombo office")).status).toBe(200);
    expect((await describe("කොළඹ කාර්\u200Dයාලයේ අපේ කණ්ඩායම", "si")).status).toBe(200);
    const current = (await (await api("/api/content/home")).json()) as {
      version: number;
      data: { features: { image: string }[] } & Record<string, unknown>;
    };
    const features = current.data.features.map((f, index) => (index === 1 ? { ...f, image: team.url } : f));
    const saved = await api("/api/content/home", {
      method: "PUT",
      body: JSON.stringify({ version: current.version, data: { ...current.data, features } }),
    });
    expect(saved.status).toBe(200);

    expect(pictureOf(await page("/"), team.file)).toContain('alt="Our team at the Colombo office"');
    // Sinhala, zero-width joiners and all; Tamil has none of its own: the English one, marked so.
    expect(pictureOf(await page("/si"), team.file)).toContain('alt="කොළඹ කාර්\u200Dයාලයේ අපේ කණ්ඩායම"');
    expect(pictureOf(await page("/ta"), team.file)).toMatch(/alt="Our team at the Colombo office" lang="en"/);

    // Decorative: nothing for a screen reader to read.
    const marked = await api(`/api/media/${team.id}`, { method: "PUT", body: JSON.stringify({ decorative: true }) });
    expect(marked.status).toBe(200);
    expect(pictureOf(await page("/"), team.file)).toContain('alt=""');
  });

  it("a use's own alt text: said instead of the library's, translated per language, a page's own language first", async () => {
    const desk = await upload(900, 600);
    const describe = (body: object, locale = "en") =>
      api(`/api/media/${desk.id}?locale=${locale}`, { method: "PUT", body: JSON.stringify(body) });
    expect((await describe({ alt: "A laptop on a desk" })).status).toBe(200);
    expect((await describe({ alt: "මේසයක් මත ලැප්ටොප් පරිගණකයක්" }, "si")).status).toBe(200);
    type Home = {
      version: number;
      data: { features: { image: string; imageAlt?: string }[] } & Record<string, unknown>;
    };
    const home = (await (await api("/api/content/home")).json()) as Home;
    const features = home.data.features.map((f, index) =>
      index === 2 ? { ...f, image: desk.url, imageAlt: "Our strategy workshop in Colombo" } : f,
    );
    const saved = await api("/api/content/home", {
      method: "PUT",
      body: JSON.stringify({ version: home.version, data: { ...home.data, features } }),
    });
    expect(saved.status).toBe(200);

    expect(pictureOf(await page("/"), desk.file)).toMatch(/alt="Our strategy workshop in Colombo"(?! lang)/);
    // Not translated into Sinhala: the library's Sinhala text beats the use's English one.
    expect(pictureOf(await page("/si"), desk.file)).toMatch(/alt="මේසයක් මත ලැප්ටොප් පරිගණකයක්"(?! lang)/);
    // Tamil has neither: the use's English text, marked as English.
    expect(pictureOf(await page("/ta"), desk.file)).toMatch(/alt="Our strategy workshop in Colombo" lang="en"/);

    // Translated into Tamil in the Home tab's Tamil view: the page says it in Tamil.
    const tamil = (await (await api("/api/content/home?locale=ta")).json()) as Home;
    expect(tamil.data.features[2]!.imageAlt).toBe("Our strategy workshop in Colombo");
    const tamilFeatures = tamil.data.features.map((f, index) =>
      index === 2 ? { ...f, imageAlt: "கொழும்பில் எங்கள் உத்திப் பயிலரங்கு" } : f,
    );
    const translated = await api("/api/content/home?locale=ta", {
      method: "PUT",
      body: JSON.stringify({ version: tamil.version, data: { ...tamil.data, features: tamilFeatures } }),
    });
    expect(translated.status).toBe(200);
    expect(pictureOf(await page("/ta"), desk.file)).toMatch(/alt="கொழும்பில் எங்கள் உத்திப் பயிலரங்கு"(?! lang)/);
    // English is untouched by the translation.
    const english = (await (await api("/api/content/home")).json()) as Home;
    expect(english.data.features[2]!.imageAlt).toBe("Our strategy workshop in Colombo");

    // The library marking the image decorative does not silence a use that describes it.
    expect((await describe({ decorative: true })).status).toBe(200);
    expect(pictureOf(await page("/"), desk.file)).toContain('alt="Our strategy workshop in Colombo"');
  });

  it("a post's cover alt text: on its card and its page, in English and in its Sinhala translation", async () => {
    const cover = await upload(1200, 675);
    const created = await api("/api/posts", {
      method: "POST",
      body: JSON.stringify({
        data: { ...post("Picking Tea In The Hills", cover.url), imageAlt: "Tea pickers at dawn in Nuwara Eliya" },
      }),
    });
    expect(created.status).toBe(201);
    const { id, slug } = (await created.json()) as { id: string; slug: string };
    expect(pictureOf(await page("/blog"), cover.file)).toContain('alt="Tea pickers at dawn in Nuwara Eliya"');
    expect(pictureOf(await page(`/blog/${slug}`), cover.file)).toContain('alt="Tea pickers at dawn in Nuwara Eliya"');

    const sinhalaAlt = "ශ්\u200Dරී ලංකාවේ කඳුකරයේ අලුයම තේ දළු නෙළන කාන්තාවන්";
    const draft = (await (await api(`/api/posts/${id}?locale=si`)).json()) as { version: number; data: BlogPost };
    const saved = await api(`/api/posts/${id}?locale=si`, {
      method: "PUT",
      body: JSON.stringify({
        version: draft.version,
        data: { ...draft.data, title: "කඳුකරයේ තේ දළු නෙළීම", imageAlt: sinhalaAlt, status: "published" },
      }),
    });
    expect(saved.status).toBe(200);
    const { slug: sinhalaSlug } = (await saved.json()) as { slug: string };
    // Every character kept, the zero-width joiner of ශ්‍රී included; in the page's language, so no lang mark.
    expect(pictureOf(await page("/si/blog"), cover.file)).toMatch(new RegExp(`alt="${sinhalaAlt}"(?! lang)`));
    expect(pictureOf(await page(`/si/blog/${sinhalaSlug}`), cover.file)).toMatch(
      new RegExp(`alt="${sinhalaAlt}"(?! lang)`),
    );
  });

  it("a replaced image: the page draws the new version's files, and the post keeps its version", async () => {
    const logo = await upload(1000, 500);
    const created = await createPostRecord(post("A Post Whose Picture Was Replaced", logo.url));
    const png = await sharp({ create: { width: 700, height: 700, channels: 3, background: "#fafafa" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "square.png");
    const replaced = await api(`/api/media/${logo.id}/file`, { method: "PUT", body: form });
    expect(replaced.status).toBe(200);
    const { file } = (await replaced.json()) as { file: string };
    const v2 = file.slice(0, -"700.webp".length);
    expect(v2).toMatch(new RegExp(`^/media/${logo.id}/v2-[0-9a-f]{8}-$`));

    const html = await page(`/blog/${created.slug}`);
    const drawn = pictureOf(html, file);
    expect(drawn).toContain(`srcSet="${v2}480.avif 480w, ${v2}700.avif 700w"`);
    expect(drawn).toMatch(/width="700" height="700"/);
    // Nothing was saved to get there: the post still names the image, at the version it had.
    const stored = (await (await api(`/api/posts/${created.id}`)).json()) as { version: number; data: BlogPost };
    expect(stored).toMatchObject({ version: created.version, data: { image: logo.url } });
  });

  it("an upload whose record is gone (removed past the app) is left out, not drawn broken", async () => {
    const gone = await upload(600, 400);
    const slug = await createPost(post("A Post Whose Picture Was Deleted", gone.url));
    const db = new Database(path.join(dataDir, "site.db"));
    db.prepare("delete from media where id = ?").run(gone.id);
    db.close();
    const html = await page(`/blog/${slug}`);
    expect(html).toContain("A Post Whose Picture Was Deleted");
    expect(html).not.toMatch(new RegExp(`<(?:img|source)[^>]*/media/${gone.id}`));
  });
});
