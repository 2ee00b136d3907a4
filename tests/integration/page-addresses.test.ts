import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";

// Public pages have one address each (content/public-pages.ts): other spellings are sent there
// with a 301 before the page cache, made-up addresses are 404 and never kept, and a Host nobody
// configured cannot fill the cache. On the production build without PUBLIC_URL (the cache then
// keys pages by Host). The cache keeps nothing in a database: SQLite only.

let server: BuiltServer;

beforeAll(async () => {
  await ensureBuiltOnce();
  server = await startBuiltServer(tempDir());
}, 600_000);
afterAll(() => server.stop());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** A request for exactly `path` (fetch would resolve dot segments first), with `headers`. */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, method, headers: { "User-Agent": "page-addresses test", ...headers } }, (res) => {
      res.resume().on("end", () => resolve({ status: res.statusCode!, headers: res.headers }));
    })
      .on("error", reject)
      .end();
  });
}

/** Runs `task` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

describe("page addresses", () => {
  it("sends other spellings of a page to its address (301, query kept), and never renders or keeps them", async () => {
    for (const [asked, location] of [
      ["/ABOUT", "/about"],
      ["/%61bout", "/about"],
      ["/about///", "/about"],
      ["/about/", "/about"],
      ["//about", "/about"],
      ["/x/%2e%2e/about", "/about"],
      ["/About?utm_source=news&x=%3Cb%3E", "/about?utm_source=news&x=%3Cb%3E"],
      ["/blog/page/1", "/blog"],
      ["/Blog//Feed.xml", "/blog/feed.xml"],
    ] as const) {
      for (const method of ["GET", "HEAD", "GET"]) {
        const answer = await get(asked, {}, method);
        expect(answer.status, `${method} ${asked}`).toBe(301);
        expect(answer.headers["location"], asked).toBe(location);
        expect(answer.headers["x-page-cache"], asked).toBeUndefined();
      }
    }
    // Route data too (fetch follows the 301); route data of no page is 404, from the front.
    const data = await get("/ABOUT.data?_routes=root");
    expect([data.status, data.headers["location"], data.headers["x-page-cache"]]).toEqual([
      301,
      "/about.data?_routes=root",
      undefined,
    ]);
    for (const asked of ["/about/.data", "/a/b/c/d.data", "/blog/page/1.data"]) {
      const answer = await get(asked);
      expect(answer.status, asked).toBe(404);
      expect(answer.headers["x-page-cache"], asked).toBeUndefined();
    }
    // A form posted to another spelling is not redirected (only GET and HEAD are).
    expect((await get("/ABOUT", {}, "POST")).status).not.toBe(301);
  });

  it("answers made-up addresses 404 without keeping them: after 1,000 of them Home is still a hit", async () => {
    await get("/");
    expect((await get("/")).headers["x-page-cache"]).toBe("hit");
    const flood = [
      ...Array.from({ length: 200 }, (_, i) => `/nope-${i + 1}`),
      ...Array.from({ length: 200 }, (_, i) => `/blog/made-up-${i + 1}`),
      // Spellings of a real page, each of which was once a page of its own in the cache.
      ...Array.from({ length: 600 }, (_, i) => `/x${i}/%2e%2e/services`),
    ];
    const statuses = new Map<number, number>();
    await inParallel(flood, 4, async (path) => {
      const answer = await get(path);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    });
    expect(Object.fromEntries(statuses)).toEqual({ 404: 400, 301: 600 });
    expect((await get("/")).headers["x-page-cache"]).toBe("hit");
  });

  it("keeps route data under the routes of its page only: `_routes` naming other routes makes no entry of its own", async () => {
    expect((await get("/services.data?_routes=root")).headers["x-page-cache"]).toBe("miss");
    for (const other of ["routes/site/about", "routes/site/blog-post", "routes/admin/index", "made-up"]) {
      const answer = await get(`/services.data?_routes=root,${other}`);
      expect([answer.status, answer.headers["x-page-cache"]], other).toEqual([200, "hit"]);
    }
    expect((await get("/services.data?_routes=root,routes/site/services")).headers["x-page-cache"]).toBe("miss");
  });

  it("keeps pages for a few Host names only: 510 made-up ones do not push Home out", async () => {
    await get("/");
    expect((await get("/")).headers["x-page-cache"]).toBe("hit");
    const hosts = Array.from({ length: 510 }, (_, i) => `made-up-${i}.example`);
    const cached = new Map<number, string | string[] | undefined>();
    await inParallel(
      hosts.map((host, i) => [host, i] as const),
      4,
      async ([host, i]) => {
        const answer = await get("/", { Host: host });
        expect(answer.status, host).toBe(200);
        cached.set(i, answer.headers["x-page-cache"]);
      },
    );
    // The first few are kept, and answered by the cache (four hosts in all); the rest are rendered each time.
    const answeredByCache = [...cached].filter(([, state]) => state !== undefined).map(([i]) => i);
    expect(answeredByCache.every((i) => i < 8)).toBe(true);
    expect((await get("/")).headers["x-page-cache"]).toBe("hit");
  });
});
