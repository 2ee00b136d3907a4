import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createServer } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { logShedding, sendBusy, shedLoad } from "./shed-load.ts";

/** An app whose requests finish only when the test says so. */
function slowApp(options: Parameters<typeof shedLoad>[0]) {
  const pending: (() => void)[] = [];
  const started: string[] = [];
  const limiter = shedLoad(options);
  const app = new Hono().use(limiter).get("/:name", async (c) => {
    started.push(c.req.param("name"));
    await new Promise<void>((resolve) => pending.push(resolve));
    return c.text(`done ${c.req.param("name")}`);
  });
  const finishOne = async () => {
    pending.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { app, started, finishOne, limiter };
}

afterEach(() => vi.useRealTimers());

describe("shedLoad", () => {
  it("runs up to `concurrency` at once and the next in line as each one finishes", async () => {
    vi.useFakeTimers();
    const { app, started, finishOne } = slowApp({ concurrency: 2, queue: 5, maxWaitMs: 5_000 });
    const responses = ["a", "b", "c", "d"].map((name) => app.request(`/${name}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(["a", "b"]);
    await finishOne();
    expect(started).toEqual(["a", "b", "c"]);
    await finishOne();
    await finishOne();
    await finishOne();
    const bodies = await Promise.all(responses.map(async (r) => (await r).text()));
    expect(bodies).toEqual(["done a", "done b", "done c", "done d"]);
  });

  it("turns away at once, with 503 and Retry-After, when the line is full", async () => {
    vi.useFakeTimers();
    const { app, started } = slowApp({ concurrency: 1, queue: 1, maxWaitMs: 5_000 });
    void app.request("/a");
    void app.request("/b");
    const refused = await app.request("/c", { headers: { Accept: "text/html" } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(await refused.text()).toContain("The site is very busy right now. Please try again in a moment.");
    const api = await app.request("/d", { headers: { Accept: "application/json" } });
    expect(await api.json()).toEqual({ error: "The site is very busy right now. Please try again in a moment." });
    await vi.advanceTimersByTimeAsync(0); // a render starts once the loop has read what else arrived
    expect(started).toEqual(["a"]);
  });

  it("turns requests away at once while the event loop lags, and serves again when it catches up", async () => {
    let lag = 500;
    const app = new Hono()
      .use(shedLoad({ concurrency: 4, queue: 10, maxWaitMs: 5_000, maxLagMs: 300, lag: () => lag }))
      .get("/", (c) => c.text("ok"));
    expect((await app.request("/")).status).toBe(503);
    lag = 10;
    expect(await (await app.request("/")).text()).toBe("ok");
  });

  it("turns away a request that waited longer than maxWaitMs, and the line moves on", async () => {
    vi.useFakeTimers();
    const { app, started, finishOne } = slowApp({ concurrency: 1, queue: 5, maxWaitMs: 1_000 });
    void app.request("/a");
    const late = app.request("/b");
    await vi.advanceTimersByTimeAsync(1_001);
    expect((await late).status).toBe(503);
    const next = app.request("/c");
    await finishOne();
    expect(started).toEqual(["a", "c"]);
    await finishOne();
    expect(await (await next).text()).toBe("done c");
  });

  it("lets priority requests go ahead of the line, past a full line and a late loop", async () => {
    vi.useFakeTimers();
    let lag = 0;
    const { app, started, finishOne } = slowApp({
      concurrency: 1,
      queue: 1,
      maxWaitMs: 5_000,
      maxLagMs: 300,
      lag: () => lag,
      priority: (c) => c.req.header("x-priority") === "1",
    });
    void app.request("/a");
    void app.request("/b"); // fills the line
    const first = app.request("/first", { headers: { "x-priority": "1" } });
    lag = 1_000;
    expect((await app.request("/c")).status).toBe(503);
    await vi.advanceTimersByTimeAsync(0);
    await finishOne();
    expect(started).toEqual(["a", "first"]);
    await finishOne();
    expect(await (await first).text()).toBe("done first");
    expect(started).toEqual(["a", "first", "b"]);
  });

  it("turns away a request whose turn comes after maxWaitMs even when the loop ran too late for its timer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let now = 0;
    const clock = vi.spyOn(performance, "now").mockImplementation(() => now);
    try {
      const { app, started, finishOne } = slowApp({ concurrency: 1, queue: 5, maxWaitMs: 1_000 });
      void app.request("/a");
      const late = app.request("/b");
      await vi.advanceTimersByTimeAsync(0);
      now = 1_500; // the loop was busy: /b's timer has not fired, but it has waited 1.5 s
      const fresh = app.request("/c");
      await vi.advanceTimersByTimeAsync(0);
      await finishOne();
      await new Promise(setImmediate); // real here: /c's render starts after the loop's next reads
      expect((await late).status).toBe(503);
      expect(started).toEqual(["a", "c"]);
      await finishOne();
      expect(await (await fresh).text()).toBe("done c");
    } finally {
      clock.mockRestore();
    }
  });

  it("says when a request arriving now would be turned away: a full line or a late loop", async () => {
    vi.useFakeTimers();
    let lag = 0;
    const { app, finishOne, limiter } = slowApp({
      concurrency: 1,
      queue: 1,
      maxWaitMs: 5_000,
      maxLagMs: 300,
      lag: () => lag,
    });
    expect(limiter.wouldTurnAway()).toBe(false);
    void app.request("/a");
    await vi.advanceTimersByTimeAsync(0);
    expect(limiter.wouldTurnAway()).toBe(false); // one running, the line is free
    void app.request("/b");
    await vi.advanceTimersByTimeAsync(0);
    expect(limiter.wouldTurnAway()).toBe(true); // the line is full
    await finishOne();
    expect(limiter.wouldTurnAway()).toBe(false);
    lag = 400;
    expect(limiter.wouldTurnAway()).toBe(true);
  });
});

describe("what shedLoad tells", () => {
  it("reports each request turned away with why, and the line's state", async () => {
    vi.useFakeTimers();
    let lag = 0;
    const shed: string[] = [];
    const { app, finishOne, limiter } = slowApp({
      concurrency: 1,
      queue: 1,
      maxWaitMs: 1_000,
      maxLagMs: 300,
      lag: () => lag,
      onShed: (reason) => shed.push(reason),
    });
    expect(limiter.line()).toEqual({ running: 0, queued: 0 });
    void app.request("/a");
    const waiting = app.request("/b");
    await vi.advanceTimersByTimeAsync(0);
    expect(limiter.line()).toEqual({ running: 1, queued: 1 });
    expect((await app.request("/c")).status).toBe(503); // the line is full
    lag = 400;
    expect((await app.request("/d")).status).toBe(503); // the loop runs late
    lag = 0;
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await waiting).status).toBe(503); // waited too long
    expect(shed).toEqual(["full", "late", "waited"]);
    await finishOne();
    expect(limiter.line()).toEqual({ running: 0, queued: 0 });
  });

  it("logs a burst of shedding once as it begins and once when a quiet spell has passed, with the counts", () => {
    vi.useFakeTimers();
    const lines: [string, string, Record<string, unknown> | undefined][] = [];
    const logger = {
      debug: () => undefined,
      info: (message: string, fields?: Record<string, unknown>) => void lines.push(["info", message, fields]),
      warn: (message: string, fields?: Record<string, unknown>) => void lines.push(["warn", message, fields]),
      error: () => undefined,
    };
    const tell = logShedding(logger, 1_000);
    for (let i = 0; i < 500; i++) tell("full");
    tell("late");
    expect(lines).toEqual([
      ["warn", "overloaded: page renders are being turned away with 503", { event: "shed-load", reason: "full" }],
    ]);
    vi.advanceTimersByTime(1_000);
    tell("waited"); // still shedding: no new line
    vi.advanceTimersByTime(1_000);
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(lines[1]).toEqual([
      "info",
      "load shedding over: the server is keeping up again",
      { event: "shed-load-end", shed: 502, late: 1, full: 500, waited: 1 },
    ]);
    tell("late"); // a new burst: a new first line
    expect(lines).toHaveLength(3);
    expect(lines[2]![2]).toEqual({ event: "shed-load", reason: "late" });
  });
});

describe("shedLoad behind a real server", () => {
  it("sees a burst read in one turn before any render starts: the line fills and the rest are turned away", async () => {
    // Each "render" holds the event loop for 20 ms, as a server render does (synchronous underneath).
    const app = new Hono().use(shedLoad({ concurrency: 1, queue: 1, maxWaitMs: 5_000 })).get("/", (c) => {
      const until = performance.now() + 20;
      while (performance.now() < until);
      return c.text("rendered");
    });
    const server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let accepted = 0;
    const allAccepted = new Promise<void>((resolve) =>
      server.on("connection", () => {
        if (++accepted === 5) resolve();
      }),
    );
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 5; i++) sockets.push(connect(port, "127.0.0.1"));
      await allAccepted;
      const statuses = sockets.map(
        (socket) =>
          new Promise<number>((resolve) => {
            let head = "";
            socket.on("data", (chunk) => {
              head += chunk.toString("latin1");
              const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
              if (status) resolve(Number(status));
            });
          }),
      );
      // The five requests arrive together, as in a burst.
      for (const socket of sockets) socket.write("GET / HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n");
      const answers = await Promise.all(statuses);
      expect(answers.filter((status) => status === 200)).toHaveLength(2); // one rendering, one in line
      expect(answers.filter((status) => status === 503)).toHaveLength(3);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("sendBusy", () => {
  it("answers 503 with Retry-After straight from Node: a short page for browsers, JSON otherwise", async () => {
    const server = createServer((req, res) => sendBusy(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const page = await fetch(`${base}/services`, { headers: { Accept: "text/html" } });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("2");
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(await page.text()).toContain("The site is very busy right now. Please try again in a moment.");
      const data = await fetch(`${base}/services.data`);
      expect(await data.json()).toEqual({ error: "The site is very busy right now. Please try again in a moment." });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
