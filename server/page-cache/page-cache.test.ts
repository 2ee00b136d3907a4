import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createEventBus } from "#server/events/bus.ts";
import { createLogger } from "#server/logger.ts";
import { PageCache, type PageCacheOptions, type RenderPage } from "./page-cache.ts";

const PAGE = `<!doctype html><html><head><script>window.go = 1;</script></head><body>${"<p>Lanka Growth Partners</p>".repeat(40)}</body></html>`;
const CSP = "default-src 'self'; script-src 'self' 'nonce-abc'";

function setup(options: { origin?: string; render?: RenderPage; gate?: Promise<void> } = {}) {
  const bus = createEventBus();
  const renders: string[] = [];
  let body = PAGE;
  const render: RenderPage =
    options.render ??
    (async (url) => {
      renders.push(url);
      const page = body; // what the store held when the render began
      await new Promise((resolve) => setTimeout(resolve, 20));
      await options.gate; // held until the test says every request has arrived
      if (url.includes("missing") || url.includes("made-up"))
        return new Response("gone", { status: 404, headers: { "Content-Type": "text/html" } });
      const type = url.endsWith(".data") ? "text/x-script" : "text/html; charset=utf-8";
      return new Response(page, { headers: { "Content-Type": type, "Content-Security-Policy": CSP } });
    });
  const cache = new PageCache({
    bus,
    render,
    origin: options.origin,
    routeIds: (page) => new Set(page === "/services" ? ["root", "routes/site/services"] : ["root"]),
    isSignedIn: async (token) => token === "real",
    logger: createLogger("silent"),
  });
  return { bus, cache, renders, setBody: (next: string) => (body = next) };
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function listen(cache: PageCache, onRequest?: () => void): Promise<string> {
  server = createServer((req, res) => {
    onRequest?.();
    cache.handle(req, res, () => res.writeHead(418).end("passed on"));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("PageCache keys", () => {
  const { cache } = setup({ origin: "https://agency.lk" });
  it("keys public pages and route data by path, ignoring query strings but the page's own _routes", () => {
    expect(cache.keyFor("GET", "/services?utm_source=x&b=2", "h")).toEqual({
      key: "/services",
      url: "https://agency.lk/services",
      host: undefined,
      page: "/services",
    });
    expect(cache.keyFor("HEAD", "/services.data?_routes=routes/site/services,made-up,root,root", "h")).toEqual({
      key: "/services.data?_routes=root,routes/site/services",
      url: "https://agency.lk/services.data?_routes=root,routes/site/services",
      host: undefined,
      page: "/services",
    });
    expect(cache.keyFor("GET", "/services.data?_routes=made-up", "h")?.key).toBe("/services.data");
    // Route ids of other pages do not make keys of their own either.
    expect(cache.keyFor("GET", "/about.data?_routes=root,routes/site/services", "h")?.key).toBe(
      "/about.data?_routes=root",
    );
    // The blog's feed is kept like a page (emptied by the same saves).
    expect(cache.keyFor("GET", "/blog/feed.xml?utm_source=reader", "h")).toEqual({
      key: "/blog/feed.xml",
      url: "https://agency.lk/blog/feed.xml",
      host: undefined,
      page: "/blog/feed.xml",
    });
  });

  it("passes on other methods, the API, the admin, files, odd targets, and any address but a page's own", () => {
    for (const [method, url] of [
      ["POST", "/contact"],
      ["GET", "/api/content/home"],
      ["GET", "/admin"],
      ["GET", "/__manifest?p=%2Fabout&version=abc"],
      ["GET", "/assets/x.js"],
      ["GET", "/favicon.svg"],
      ["GET", "/sitemap.xml"],
      ["GET", "/blog/other.xml"],
      ["GET", "//evil.example/x"],
      ["GET", "http://elsewhere/x"],
      // Other spellings of a page (the server's front sends them to it) and addresses no page has.
      ["GET", "/ABOUT"],
      ["GET", "/%61bout"],
      ["GET", "/about///"],
      ["GET", "/x/%2e%2e/about"],
      ["GET", "/ABOUT.data"],
      ["GET", "/blog/page/1"],
      ["GET", "/a/b/c/d"],
    ] as const) {
      expect(cache.keyFor(method, url, "h"), `${method} ${url}`).toBeUndefined();
    }
  });

  it("keys by Host when no public origin is set, and refuses a malformed Host", () => {
    const { cache: local } = setup();
    expect(local.keyFor("GET", "/about", "LocalHost:3000")).toEqual({
      key: "http://localhost:3000/about",
      url: "http://localhost:3000/about",
      host: "http://localhost:3000",
      page: "/about",
    });
    expect(local.keyFor("GET", "/about", "evil.example/x?")).toBeUndefined();
    expect(local.keyFor("GET", "/about", undefined)).toBeUndefined();
  });
});

describe("PageCache over HTTP", () => {
  it("renders a page once for concurrent misses, then serves hits compressed once, with an ETag and a hash CSP", async () => {
    // The render finishes only once all 20 requests have reached the cache (however busy the
    // machine), and after the requests' own synchronous handling (setImmediate runs after it).
    let arrived = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { cache, renders } = setup({ origin: "https://agency.lk", gate });
    const url = await listen(cache, () => {
      if (++arrived === 20) setImmediate(release);
    });
    const first = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${url}/services?visit=${i}`, { headers: { "Accept-Encoding": "identity" } }),
      ),
    );
    expect(renders).toEqual(["https://agency.lk/services"]);
    expect(new Set(await Promise.all(first.map((r) => r.text())))).toEqual(new Set([PAGE]));
    expect(first.map((r) => r.headers.get("x-page-cache"))).toEqual(Array(20).fill("miss"));

    const hit = await fetch(`${url}/services`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("content-encoding")).toBe("br");
    expect(hit.headers.get("cache-control")).toBe("public, no-cache");
    expect(hit.headers.get("vary")).toBe("Accept-Encoding");
    const csp = hit.headers.get("content-security-policy")!;
    expect(csp).not.toContain("nonce");
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+'$/);
    expect(await hit.text()).toBe(PAGE);
    expect(renders).toHaveLength(1);

    const etag = hit.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${url}/services`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
  });

  it("stores the exact bytes per encoding", async () => {
    const { cache } = setup();
    const url = await listen(cache);
    await fetch(`${url}/about`);
    const raw = async (encoding: string) => {
      const { request } = await import("node:http");
      return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(`${url}/about`, { headers: { "Accept-Encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res
            .on("data", (c: Buffer) => chunks.push(c))
            .on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      });
    };
    const br = await raw("br;q=1, gzip;q=0.5");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    const gzip = await raw("gzip, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    const plain = await raw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
  });

  it("drops only the pages a save shows on, in the languages it shows in", async () => {
    const { bus, cache } = setup({ origin: "https://agency.lk" });
    const url = await listen(cache);
    const pages = [
      "/",
      "/_root.data",
      "/about",
      "/si/about",
      "/si/about.data",
      "/ta/about",
      "/si",
      "/ta",
      "/blog",
      "/si/blog",
      "/blog/page/2",
      "/blog/monsoon-plans",
      "/si/blog/monsoon-plans",
      "/ta/blog/feed.xml",
      "/privacy-policy",
    ];
    const kept = async () => {
      const states: string[] = [];
      for (const page of pages)
        if ((await fetch(`${url}${page}`)).headers.get("x-page-cache") === "hit") states.push(page);
      return states;
    };
    /** The pages no longer kept after `event` (each kept before it). */
    const check = async (event: Parameters<typeof bus.publish>[0]) => {
      await kept();
      expect(cache.size).toBe(pages.length);
      bus.publish(event);
      const hits = new Set(await kept());
      return pages.filter((page) => !hits.has(page));
    };
    // A Sinhala text of About: the Sinhala About page (and its data) only.
    expect(await check({ type: "content", key: "about", locale: "si", version: 2 })).toEqual([
      "/si/about",
      "/si/about.data",
    ]);
    // English About: About in every language.
    expect(await check({ type: "content", key: "about", version: 3 })).toEqual([
      "/about",
      "/si/about",
      "/si/about.data",
      "/ta/about",
    ]);
    // The footer's contact details: every page of that language (the feed has no footer).
    expect(await check({ type: "content", key: "contact", locale: "ta", version: 2 })).toEqual(["/ta/about", "/ta"]);
    // Nothing saved: the cache stays.
    expect(await check({ type: "message", id: 1 })).toEqual([]);
    // A post's Tamil translation: Tamil lists and the feed, and every post's page (they name their translations).
    expect(await check({ type: "post", id: "p-1", locale: "ta", version: 2 })).toEqual([
      "/ta",
      "/blog/monsoon-plans",
      "/si/blog/monsoon-plans",
      "/ta/blog/feed.xml",
    ]);
    // An English post: every page showing posts, in every language.
    expect(await check({ type: "post", id: "p-1", version: 3 })).toEqual([
      "/",
      "/_root.data",
      "/si",
      "/ta",
      "/blog",
      "/si/blog",
      "/blog/page/2",
      "/blog/monsoon-plans",
      "/si/blog/monsoon-plans",
      "/ta/blog/feed.xml",
    ]);
  });

  it("forgets a page on a save it shows; a render begun before the save answers its own visitors but is not kept", async () => {
    const { bus, cache, renders, setBody } = setup({ origin: "https://agency.lk" });
    const url = await listen(cache);
    const before = fetch(`${url}/services.data`);
    while (renders.length === 0) await new Promise((resolve) => setTimeout(resolve, 1)); // the render is under way
    setBody(PAGE.replace("Lanka", "Saved"));
    bus.publish({ type: "content", key: "services", version: 2 });
    const after = fetch(`${url}/services.data`); // does not join the render begun before the save
    expect(await (await before).text()).toBe(PAGE);
    expect(await (await after).text()).toContain("Saved");
    expect(renders).toHaveLength(2);
    const next = await fetch(`${url}/services.data`);
    expect(next.headers.get("x-page-cache")).toBe("hit");
    expect(await next.text()).toContain("Saved");
    bus.publish({ type: "message", id: 1 }); // not content: the cache stays
    expect(cache.size).toBe(1);
  });

  it("passes signed-in admins on, but serves a made-up or expired session cookie from the cache", async () => {
    const { cache, renders } = setup();
    const url = await listen(cache);
    await fetch(`${url}/about`);
    const forged = await fetch(`${url}/about`, { headers: { Cookie: "theme=dark; session=made-up" } });
    expect(forged.headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${url}/about`, { headers: { Cookie: "session=real" } })).status).toBe(418);
    expect(renders).toHaveLength(1);
  });

  it("does not keep other answers (404), and passes what it does not cache on", async () => {
    const { cache, renders } = setup();
    const url = await listen(cache);
    for (let i = 0; i < 2; i++) {
      const missing = await fetch(`${url}/blog/missing`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("etag")).toBeNull();
    }
    expect(renders).toHaveLength(2);
    expect((await fetch(`${url}/api/content/home`)).status).toBe(418);
    expect(cache.size).toBe(0);
  });

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    const bus = createEventBus();
    const cache = new PageCache({
      bus,
      render: async () => new Response("<p>x</p>", { headers: { "Content-Type": "text/html" } }),
      routeIds: () => new Set(),
      isSignedIn: async () => false,
      logger: createLogger("silent"),
      origin: "https://agency.lk",
      maxEntries: 2,
    });
    const url = await listen(cache);
    for (const path of ["/about", "/services", "/about", "/contact"]) await fetch(`${url}${path}`);
    expect((await fetch(`${url}/about`)).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${url}/services`)).headers.get("x-page-cache")).toBe("miss");
  });

  it("keeps Home through a flood of 600 made-up addresses and spellings of real pages", async () => {
    const { cache, renders } = setup({ origin: "https://agency.lk" });
    const url = await listen(cache);
    await fetch(url);
    const flood = Array.from(
      { length: 600 },
      (_, i) => [`/made-up-${i}`, `/blog/made-up-${i}`, `/x${i}/%2e%2e/services`, `/SERVICES${"/".repeat(i)}`][i % 4]!,
    );
    const { request } = await import("node:http");
    const { port } = new URL(url);
    // Sent as written (a URL would resolve the dot segments first).
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        request({ port, path }, (res) => res.resume().on("end", () => resolve(res.statusCode!)))
          .on("error", reject)
          .end();
      });
    const statuses = await Promise.all(flood.map(raw));
    // Only made-up post and team page addresses reach a render (404, not kept); the rest are passed on.
    expect(statuses.filter((status) => status === 404)).toHaveLength(300);
    expect(statuses.filter((status) => status === 418)).toHaveLength(300);
    expect(renders.filter((rendered) => !rendered.includes("made-up"))).toEqual(["https://agency.lk/"]);
    expect(cache.size).toBe(1);
    expect((await fetch(url)).headers.get("x-page-cache")).toBe("hit");
  });

  it("without a public origin, keeps pages for a few Host names only: 510 made-up ones do not push Home out", async () => {
    const { cache } = setup();
    const url = await listen(cache);
    await fetch(`${url}/`);
    const { request } = await import("node:http");
    const asHost = (host: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        request(`${url}/`, { headers: { Host: host } }, (res) =>
          res.resume().on("end", () => resolve(res.headers["x-page-cache"] as string | undefined)),
        )
          .on("error", reject)
          .end();
      });
    const states = [];
    for (let i = 0; i < 510; i++) states.push(await asHost(`visitor-${i}.example`));
    // Three more hosts are kept (four in all); the others are passed on to the app.
    expect(states.slice(0, 3)).toEqual(["miss", "miss", "miss"]);
    expect(new Set(states.slice(3))).toEqual(new Set([undefined]));
    expect(cache.size).toBe(4);
    expect((await fetch(`${url}/`)).headers.get("x-page-cache")).toBe("hit");
    // A save starts again: the first hosts asked for after it are kept.
    cache.clear();
    expect(await asHost("visitor-509.example")).toBe("miss");
    expect(await asHost("visitor-509.example")).toBe("hit");
  });
});

describe("PageCache priority", () => {
  it("renders pages it has kept before with priority (ahead of other renders under load)", async () => {
    const calls: [string, boolean][] = [];
    const bus = createEventBus();
    const cache = new PageCache({
      bus,
      render: async (url, { priority }) => {
        calls.push([url, priority]);
        return new Response(url.includes("missing") ? "no" : "<p>x</p>", {
          status: url.includes("missing") ? 404 : 200,
          headers: { "Content-Type": "text/html" },
        });
      },
      routeIds: () => new Set(),
      isSignedIn: async () => false,
      logger: createLogger("silent"),
      origin: "https://agency.lk",
    });
    const url = await listen(cache);
    await fetch(`${url}/services`);
    await fetch(`${url}/blog/missing`);
    bus.publish({ type: "content", key: "services", version: 2 });
    await fetch(`${url}/services`);
    await fetch(`${url}/blog/missing`);
    expect(calls.map(([u, p]) => `${new URL(u).pathname} ${p}`)).toEqual([
      "/services false",
      "/blog/missing false",
      "/services true",
      "/blog/missing false",
    ]);
  });
});

describe("PageCache and a team page's variants", () => {
  function variantSetup(variantOf: NonNullable<PageCacheOptions["variantOf"]>) {
    const renders: string[] = [];
    const served: string[] = [];
    const cache = new PageCache({
      bus: createEventBus(),
      render: async (url, { variant }) => {
        renders.push(`${new URL(url).pathname} ${variant ?? "-"}`);
        return new Response(`<p>${new URL(url).pathname} variant ${variant ?? "none"}</p>`, {
          headers: { "Content-Type": "text/html", ...(variant && { "x-page-variant": variant }) },
        });
      },
      routeIds: () => new Set(["root"]),
      isSignedIn: async () => false,
      logger: createLogger("silent"),
      origin: "https://agency.lk",
      variantOf,
      served: (req, status, _type, variant) => served.push(`${req.url} ${status} ${variant ?? "-"}`),
    });
    return { cache, renders, served };
  }
  /** The visitor's variant: what the test's visitors say they are (the server works it out from their key). */
  const byVisitor: PageCacheOptions["variantOf"] = async (page, req) =>
    page === "/offers" ? (req.headers["x-visitor"] === "b" ? "B" : "A") : undefined;

  it("keeps each variant apart and gives every visitor theirs, from the first answer on", async () => {
    const { cache, renders, served } = variantSetup(byVisitor);
    const url = await listen(cache);
    const visit = async (visitor: string, path = "/offers") => {
      const response = await fetch(`${url}${path}`, { headers: { "x-visitor": visitor } });
      return `${response.headers.get("x-page-cache")} ${await response.text()}`;
    };
    expect(await visit("a")).toBe("miss <p>/offers variant A</p>");
    expect(await visit("b")).toBe("miss <p>/offers variant B</p>");
    for (let time = 0; time < 3; time++) {
      expect(await visit("b")).toBe("hit <p>/offers variant B</p>");
      expect(await visit("a")).toBe("hit <p>/offers variant A</p>");
    }
    // A page without variants is kept once, whoever asks.
    expect(await visit("a", "/about")).toBe("miss <p>/about variant none</p>");
    expect(await visit("b", "/about")).toBe("hit <p>/about variant none</p>");
    expect(renders).toEqual(["/offers A", "/offers B", "/about -"]);
    expect(cache.size).toBe(3);
    // Insights learn which variant each view showed.
    expect(served.slice(0, 3)).toEqual(["/offers 200 A", "/offers 200 B", "/offers 200 B"]);
    expect(served.at(-1)).toBe("/about 200 -");
  });

  it("drops both variants of a page when it is saved", async () => {
    const { cache } = variantSetup(byVisitor);
    const url = await listen(cache);
    for (const visitor of ["a", "b"]) await fetch(`${url}/offers`, { headers: { "x-visitor": visitor } });
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("passes a visitor on to the app when their variant cannot be worked out", async () => {
    const { cache, renders } = variantSetup(async () => {
      throw new Error("database away");
    });
    const url = await listen(cache);
    const response = await fetch(`${url}/offers`);
    expect(response.status).toBe(418);
    expect(renders).toEqual([]);
  });
});
