import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "#content/contact-message.ts";
import type { BlogPost } from "#content/schemas.ts";
import {
  signIn,
  startApiServer,
  startTestServer,
  TEST_ADMIN,
  tempDir,
  type TestServer,
} from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp.ts";
import { runSql } from "../helpers/table-rows.ts";

// Logs and metrics as an operator sees them (issue 29): every line of a run's log is JSON, one per
// request with its id, route, status, duration and cache state, and nothing secret or personal in
// any of them; /metrics is off without METRICS_TOKEN, refused without it, and counts what was asked.
// On SQLite, and (./postgres/observability.pg.test.ts) PostgreSQL.

const METRICS_TOKEN = "metrics-token-for-the-tests-0123";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type LogLine = Record<string, unknown> & { level: string; time: string; msg: string };

/**
 * Missing pages (issue 39): escapes that decode to no character (React Router wrote a plain-text
 * warning for each), plain ones, and one too long to log whole.
 */
const MISSING = ["/blog/%FF", "/si/blog/%E0%A4", "/about%c0%af", "/no/such/page/here", "/si/no/such/page/here"];
const LONG_MISSING = `/${"long-path-".repeat(500)}`;

/** Every line of a log, each of which must be one JSON object with a level, an ISO time and a message. */
function parseLog(text: string): LogLine[] {
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      let parsed: unknown;
      expect(() => (parsed = JSON.parse(line)), line).not.toThrow();
      expect(parsed, line).toMatchObject({
        level: expect.stringMatching(/^(debug|info|warn|error)$/),
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        msg: expect.any(String),
      });
      return parsed as LogLine;
    });
}

/** The samples of a Prometheus text exposition, by `name{labels}` as written; every line must be a comment or a sample. */
function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    const sample = /^([a-zA-Z_:][\w:]*(?:\{(?:[a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})?) (\S+)$/.exec(line);
    expect(sample, line).not.toBeNull();
    // Prometheus reads "NaN" in any case (prom-client writes "Nan").
    const notANumber = /^nan$/i.test(sample![2]!);
    const value = notANumber ? NaN : Number(sample![2]);
    expect(notANumber || !Number.isNaN(value), line).toBe(true);
    samples.set(sample![1]!, value);
  }
  return samples;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("/metrics", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startApiServer({ METRICS_TOKEN, DATABASE_POOL_SIZE: "3" });
    cookie = await signIn(server.url);
  });
  afterAll(() => server?.close());

  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: bearer(METRICS_TOKEN) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    return parseMetrics(await response.text());
  };

  it("is not there without METRICS_TOKEN", async () => {
    const plain = await startApiServer();
    try {
      const response = await fetch(`${plain.url}/metrics`, { headers: bearer(METRICS_TOKEN) });
      expect(response.status).toBe(404);
      await response.body?.cancel();
      expect(plain.deps.metrics).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it.each([
    ["no Authorization", {}],
    ["another token", bearer("metrics-token-for-the-tests-0124")],
    ["a prefix of the token", bearer(METRICS_TOKEN.slice(0, -1))],
    ["the token not as a bearer", { Authorization: `Basic ${METRICS_TOKEN}` }],
  ])("refuses %s with 401", async (_what, headers: Record<string, string>) => {
    const response = await fetch(`${server.url}/metrics`, { headers });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await response.json()).toEqual({ error: "Metrics need the METRICS_TOKEN as a bearer token." });
  });

  it("counts a request made just before by route and status, with its duration", async () => {
    const key = (status: number) => `http_requests_total{method="GET",route="/api/content/:key",status="${status}"}`;
    const before = await scrape();
    expect((await fetch(`${server.url}/api/content/home`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/content/home`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/content/no-such-section`)).status).toBe(404);
    const after = await scrape();
    expect(after.get(key(200))).toBe((before.get(key(200)) ?? 0) + 2);
    expect(after.get(key(404))).toBe((before.get(key(404)) ?? 0) + 1);
    const count = 'http_request_duration_seconds_count{method="GET",route="/api/content/:key"}';
    expect(after.get(count)).toBe((before.get(count) ?? 0) + 3);
    expect(after.get('http_request_duration_seconds_sum{method="GET",route="/api/content/:key"}')).toBeGreaterThan(0);
    // Raw paths never become labels: no series names the section asked for.
    expect([...after.keys()].some((name) => name.includes("no-such-section"))).toBe(false);
  });

  it("reads the live state: open event streams, the outbox, scheduled posts, the render line, the process", async () => {
    const idle = await scrape();
    expect(idle.get("sse_streams_open")).toBe(0);
    expect(idle.get('outbox_deliveries{status="pending"}')).toBe(0);
    expect(idle.get('outbox_deliveries{status="failed"}')).toBe(0);
    expect(idle.get("posts_scheduled")).toBe(0);
    expect(idle.get("renders_queued")).toBe(0);
    expect(idle.get("renders_running")).toBe(0);
    expect(idle.get('page_cache_requests_total{result="hit"}')).toBe(0);
    expect(idle.get('renders_shed_total{reason="full"}')).toBe(0);
    expect(idle.get("process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(idle.has("nodejs_eventloop_lag_seconds")).toBe(true);
    if (server.deps.store.dialect === "postgres") {
      expect(idle.get("db_pool_max")).toBe(3); // DATABASE_POOL_SIZE
      expect(idle.get('db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(idle.has('db_pool_connections{state="idle"}')).toBe(true);
      expect(idle.get('db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect([...idle.keys()].some((name) => name.startsWith("db_pool"))).toBe(false);
    }

    const events = new AbortController();
    const stream = await fetch(`${server.url}/api/events`, { signal: events.signal });
    expect(stream.status).toBe(200);
    const inFuture = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const scheduled: BlogPost = {
      title: "Next Week's News",
      excerpt: "Soon.",
      content: "## Soon\n\nWords.",
      date: inFuture.slice(0, 10),
      readTime: "1 min read",
      image: "",
      featured: false,
      placementId: 0,
      status: "published",
      publishAt: inFuture,
    };
    const created = await fetch(`${server.url}/api/posts`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ data: scheduled }),
    });
    expect(created.status).toBe(201);
    // A message with a delivery waiting (this server has no SMTP: it stays pending).
    await server.deps.store.messages.add(
      {
        name: "Metrics Test",
        email: "metrics@example.lk",
        company: "",
        message: "Counted.",
        ip: null,
        userAgent: null,
      },
      { channels: ["email"], origin: server.url },
    );
    try {
      const busy = await scrape();
      expect(busy.get("sse_streams_open")).toBe(1);
      expect(busy.get("posts_scheduled")).toBe(1);
      expect(busy.get('outbox_deliveries{status="pending"}')).toBe(1);
    } finally {
      events.abort();
    }
    await expect.poll(async () => (await scrape()).get("sse_streams_open")).toBe(0);
  });
});

describe("the log of a site running its production build", () => {
  const dataDir = tempDir("agency-observability-");
  const VISITOR_ADDRESS = "203.0.113.77";
  const VISITOR_EMAIL = "visitor.kumari@example.org";
  const VISITOR_MESSAGE = "Please call me about the tea launch: the secret codeword is marmalade-42.";
  const WRONG_PASSWORD = "not the password at all";
  let site: BuiltServer;
  let smtp: FakeSmtp;
  /** What each request was, by the id its answer carried. */
  const asked = new Map<string, { method: string; status: number; route: string; cache: string }>();
  let sessionCookie = "";
  let log: LogLine[] = [];
  let text = "";

  async function ask(
    path: string,
    expected: { status: number; route: string; cache?: string },
    init: RequestInit & { headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const response = await fetch(`${site.url}${path}`, {
      redirect: "manual",
      ...init,
      headers: { "X-Forwarded-For": VISITOR_ADDRESS, ...init.headers },
    });
    expect(response.status, path).toBe(expected.status);
    const id = response.headers.get("x-request-id");
    expect(id, path).toMatch(UUID);
    asked.set(id!, {
      method: init.method ?? "GET",
      status: expected.status,
      route: expected.route,
      cache: expected.cache ?? "none",
    });
    return response;
  }

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    // The first delivery is refused ("try again later"): the log tells of the retry.
    smtp.refuse(1);
    await ensureBuiltOnce();
    site = await startBuiltServer(dataDir, {
      LOG_LEVEL: "info",
      PUBLIC_URL: "http://agency.test",
      TRUST_PROXY: "1",
      METRICS_TOKEN,
      SMTP_URL: smtp.url,
      CONTACT_TO: "inbox@agency.test",
    });

    // Sign-in: once wrong, once right.
    await ask(
      "/api/auth/login",
      { status: 401, route: "/api/auth/login" },
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: TEST_ADMIN.email, password: WRONG_PASSWORD }),
      },
    );
    const login = await ask(
      "/api/auth/login",
      { status: 200, route: "/api/auth/login" },
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(TEST_ADMIN),
      },
    );
    sessionCookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("session="))!
      .split(";")[0]!;
    await ask("/api/auth/me", { status: 200, route: "/api/auth/me" }, { headers: { Cookie: sessionCookie } });

    // A visitor's message through the Contact page's form.
    await ask(
      "/contact",
      { status: 302, route: "/contact" },
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: "Kumari Silva",
          email: VISITOR_EMAIL,
          company: "",
          message: VISITOR_MESSAGE,
          [HONEYPOT_FIELD]: "",
        }).toString(),
      },
    );
    for (const began = Date.now(); !site.stderr().includes('"delivery-retry"'); await sleep(50))
      if (Date.now() - began > 15_000) throw new Error(`no delivery was retried:\n${site.stdout()}${site.stderr()}`);

    // A page twice: rendered, then from the cache; and its route data; a post; a made-up page.
    await ask("/", { status: 200, route: "/", cache: "miss" });
    await ask("/", { status: 200, route: "/", cache: "hit" });
    await ask("/services.data", { status: 200, route: "/services.data", cache: "miss" });
    // A post's address is the cache's to answer, a missing one too (rendered each time, never kept).
    await ask("/blog/a-post-nobody-wrote", { status: 404, route: "/blog/:slug", cache: "miss" });
    // A team page's address no page has: counted under team pages' pattern, as a missing post is under posts'.
    await ask("/nope/not/here?email=someone@example.org", { status: 404, route: "/:page", cache: "miss" });
    for (const path of [...MISSING, LONG_MISSING, "/contact/someone@example.org"])
      await ask(path, { status: 404, route: "not-found" });
    await ask("/ABOUT", { status: 301, route: "redirect" });
    // A client's own X-Request-Id is not taken: the answer carries the server's.
    const own = await ask(
      "/healthz",
      { status: 200, route: "/healthz" },
      { headers: { "X-Request-Id": "chosen-by-client" } },
    );
    expect(own.headers.get("x-request-id")).not.toBe("chosen-by-client");
  }, 600_000);

  afterAll(async () => {
    await site?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a failing request with its id, in the page or in the JSON error", async () => {
    // The posts' table gone from under the running site: what needs it fails.
    await runSql(dataDir, "alter table posts rename to posts_away");
    try {
      const api = await ask("/api/posts", { status: 500, route: "/api/posts" }, { headers: { Cookie: sessionCookie } });
      const id = api.headers.get("x-request-id")!;
      expect(await api.json()).toEqual({ error: "Something went wrong on the server.", requestId: id });

      const page = await ask("/blog", { status: 500, route: "/blog", cache: "miss" });
      const pageId = page.headers.get("x-request-id")!;
      const html = await page.text();
      expect(html).toContain("Something went wrong");
      expect(html).toMatch(new RegExp(`Reference: (<!-- -->)?${pageId}`));
    } finally {
      await runSql(dataDir, "alter table posts_away rename to posts");
    }
  });

  it("counts the page cache's hits and misses and every request in /metrics", async () => {
    const response = await ask("/metrics", { status: 200, route: "/metrics" }, { headers: bearer(METRICS_TOKEN) });
    const metrics = parseMetrics(await response.text());
    expect(metrics.get('page_cache_requests_total{result="hit"}')).toBe(1);
    // Home, the services' data, a missing post and a missing team page (the last two rendered, never kept).
    expect(metrics.get('page_cache_requests_total{result="miss"}')).toBe(5);
    expect(metrics.get('http_requests_total{method="GET",route="/",status="200"}')).toBe(2);
    expect(metrics.get('http_requests_total{method="POST",route="/api/auth/login",status="401"}')).toBe(1);
    expect(metrics.get('http_requests_total{method="GET",route="not-found",status="404"}')).toBe(MISSING.length + 2);
    expect(metrics.get('http_requests_total{method="GET",route="/:page",status="404"}')).toBe(1);
    expect(metrics.get('http_requests_total{method="GET",route="/blog",status="500"}')).toBe(1);
    expect(metrics.get('outbox_deliveries{status="pending"}')).toBe(1);
  });

  describe("once the site has stopped", () => {
    beforeAll(async () => {
      await site.stop();
      text = site.stdout() + site.stderr();
      // serve-built.mjs's own line, which tells the test the address: not the server's log.
      log = parseLog(
        text
          .split("\n")
          .filter((line) => !line.startsWith('{"url"'))
          .join("\n"),
      );
    });

    it("is JSON lines: one per request, with its id, method, route, status, duration and cache state", () => {
      const requests = log.filter((line) => line.event === "request");
      for (const [id, expected] of asked) {
        const lines = requests.filter((line) => line.requestId === id);
        expect(lines, `${expected.method} ${expected.route}`).toHaveLength(1);
        expect(lines[0]).toMatchObject({ level: "info", ...expected, durationMs: expect.any(Number) });
        expect(lines[0]!.durationMs as number).toBeGreaterThanOrEqual(0);
      }
      // No request line without an answer that carried its id (nothing else asked this site).
      expect(requests.map((line) => line.requestId).sort()).toEqual([...asked.keys()].sort());
    });

    it("logs a 404 at info with the path asked for (no query, emails masked), cut to a few hundred characters", () => {
      const missing = log.filter((line) => line.event === "request" && line.status === 404);
      for (const line of missing) expect(line.level).toBe("info");
      const paths = missing.map((line) => line.path as string);
      expect(paths).toEqual(
        expect.arrayContaining([...MISSING, "/nope/not/here", "/blog/a-post-nobody-wrote", "/contact/[email]"]),
      );
      const long = paths.find((path) => path.startsWith("/long-path-"))!;
      expect(long).toBe(`${LONG_MISSING.slice(0, 299)}…`);
      // Only the 404s carry a path.
      expect(log.filter((line) => line.event === "request" && line.status !== 404 && "path" in line)).toEqual([]);
      // React Router's own warning for an escape that does not decode, in any form.
      expect(text).not.toMatch(/could not be decoded|malformed URL/);
    });

    it("has a line for each notable event", () => {
      const events = new Set(log.map((line) => line.event));
      for (const event of [
        "start",
        "migration",
        "sign-in-failed",
        "contact-stored",
        "delivery-retry",
        "render-failed",
        "request-failed",
      ])
        expect(events, event).toContain(event);
      const failed = log.find((line) => line.event === "request-failed")!;
      expect(asked.get(failed.requestId as string)?.route).toBe("/api/posts");
      const render = log.find((line) => line.event === "render-failed")!;
      expect(asked.get(render.requestId as string)?.route).toBe("/blog");
    });

    it("holds no password, cookie, token, email address, message or visitor's address", () => {
      const secrets = [
        TEST_ADMIN.password,
        WRONG_PASSWORD,
        sessionCookie.slice("session=".length),
        METRICS_TOKEN,
        TEST_ADMIN.email,
        VISITOR_EMAIL,
        "someone@example.org",
        VISITOR_MESSAGE,
        "marmalade-42",
        VISITOR_ADDRESS,
      ];
      for (const secret of secrets) expect(text.includes(secret), secret).toBe(false);
      expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
      // The peer's own address neither (only the line naming the PostgreSQL server may hold an address).
      const lines = log.filter((line) => line.event !== "database").map((line) => JSON.stringify(line));
      for (const address of ["127.0.0.1", "::1", "::ffff:"])
        expect(
          lines.filter((line) => line.includes(address)),
          address,
        ).toEqual([]);
    });
  });
});

describe("the log of the API server, in process", () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      env: { LOG_LEVEL: "info" },
      log: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(() => server?.close());

  it("gives a 500 the request's id in its JSON body and logs the error under the same id", async () => {
    const documents = server.deps.store.documents;
    const get = documents.get;
    documents.get = () => Promise.reject(new Error("the disk is on fire"));
    let response: Response;
    try {
      response = await fetch(`${server.url}/api/content/home`);
    } finally {
      documents.get = get;
    }
    expect(response.status).toBe(500);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    expect(await response.json()).toEqual({ error: "Something went wrong on the server.", requestId: id });
    const log = parseLog(lines.join(""));
    expect(log.find((line) => line.event === "request-failed" && line.requestId === id)).toMatchObject({
      level: "error",
      route: "/api/content/:key",
      error: expect.stringContaining("the disk is on fire"),
    });
    await expect
      .poll(() => parseLog(lines.join("")).find((line) => line.event === "request" && line.requestId === id))
      .toMatchObject({ method: "GET", route: "/api/content/:key", status: 500, cache: "none" });
  });
});
