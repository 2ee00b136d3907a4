import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createEventBus } from "#server/events/bus.ts";
import { createApp } from "#server/assembly/create-app.ts";
import { RECONNECT_MS, refreshSpreadMs, SseHub, type SseClient } from "#server/events/sse-hub.ts";
import { signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startApiServer();
  cookie = await signIn(server.url);
});
afterAll(() => server.close());

const READY = "event: ready\ndata: {}\nretry: 3000\n\n";

/** An open /api/events stream: everything it has received so far, and a way to wait for more. */
async function listen(
  headers: Record<string, string> = {},
  fetcher: (input: string, init: RequestInit) => Promise<Response> = fetch,
) {
  const controller = new AbortController();
  const response = await fetcher(`${server.url}/api/events`, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const stream = {
    response,
    text: "",
    /** Reads until the text contains `needle` (the test's own timeout ends a wait that never comes true). */
    async until(needle: string) {
      while (!stream.text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before "${needle}"; got ${JSON.stringify(stream.text)}`);
        stream.text += decoder.decode(value, { stream: true });
      }
      return stream.text;
    },
    close: () => controller.abort(),
  };
  return stream;
}

async function saveHome() {
  const current = (await (await fetch(`${server.url}/api/content/home`)).json()) as { version: number; data: unknown };
  const response = await fetch(`${server.url}/api/content/home`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ version: current.version, data: current.data }),
  });
  expect(response.status).toBe(200);
  return current.version + 1;
}

describe("GET /api/events", () => {
  it("starts with the ready frame, uncached and unbuffered", async () => {
    const visitor = await listen();
    try {
      expect(visitor.response.status).toBe(200);
      expect(visitor.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(visitor.response.headers.get("cache-control")).toBe("no-store");
      expect(visitor.response.headers.get("x-accel-buffering")).toBe("no");
      expect(visitor.response.headers.get("content-encoding")).toBeNull();
      await visitor.until(READY);
      expect(visitor.text).toBe(READY);
    } finally {
      visitor.close();
    }
  });

  it("sends every stream each save, and message events to admins only", async () => {
    const visitors = await Promise.all([listen(), listen(), listen()]);
    const admin = await listen({ Cookie: cookie });
    try {
      for (const stream of [...visitors, admin]) await stream.until(READY);
      server.deps.bus.publish({ type: "message", id: 41 });
      const version = await saveHome();
      const content = `event: content\ndata: {"key":"home","version":${version},"spread":0}\n\n`;
      for (const visitor of visitors) {
        await visitor.until(content);
        // Events arrive in order: a message event would have come before the save's.
        expect(visitor.text).toBe(READY + content);
      }
      await admin.until(content);
      expect(admin.text).toBe(READY + 'event: message\ndata: {"id":41}\n\n' + content);
    } finally {
      for (const stream of [...visitors, admin]) stream.close();
    }
  });

  it("sends the heartbeat comment to every stream", async () => {
    const visitor = await listen();
    const admin = await listen({ Cookie: cookie });
    try {
      await visitor.until(READY);
      await admin.until(READY);
      server.deps.sse.heartbeat();
      expect(await visitor.until(": heartbeat\n\n")).toBe(READY + ": heartbeat\n\n");
      expect(await admin.until(": heartbeat\n\n")).toBe(READY + ": heartbeat\n\n");
    } finally {
      visitor.close();
      admin.close();
    }
  });

  it("forgets a stream when its client goes away", async () => {
    const hub = server.deps.sse;
    await vi.waitFor(() => expect(hub.size).toBe(0));
    const before = server.deps.bus.size;
    const visitor = await listen();
    await visitor.until(READY);
    expect(hub.size).toBe(1);
    expect(server.deps.bus.size).toBe(before + 1); // the hub's one subscription
    const other = await listen();
    await other.until(READY);
    expect(server.deps.bus.size).toBe(before + 1);
    visitor.close();
    other.close();
    await vi.waitFor(() => expect(hub.size).toBe(0));
    expect(server.deps.bus.size).toBe(before);
  });

  it("serves the same frames without a Node response at hand (in-process requests)", async () => {
    const app = createApp(server.deps);
    const visitor = await listen({}, async (input, init) => app.request(input.replace(server.url, ""), init));
    try {
      await visitor.until(READY);
      server.deps.bus.publish({ type: "content", key: "about", version: 7 });
      expect(await visitor.until("\n\n" + "event: content")).toContain(
        'event: content\ndata: {"key":"about","version":7,"spread":0}',
      );
    } finally {
      visitor.close();
    }
  });
});

describe("SseHub", () => {
  const client = (admin = false, waiting = () => 0) => {
    const frames: string[] = [];
    const c: SseClient & { frames: string[]; dropped: boolean; ended: boolean } = {
      audience: { admin, allPosts: admin, userId: null },
      frames,
      dropped: false,
      ended: false,
      write(frame) {
        frames.push(new TextDecoder().decode(frame));
        return waiting();
      },
      drop() {
        c.dropped = true;
      },
      end() {
        c.ended = true;
      },
    };
    return c;
  };

  it("ends every stream with a reconnection delay when the server stops, and sends away a stream opened after", () => {
    const bus = createEventBus();
    const hub = new SseHub(bus);
    const open = Array.from({ length: 3 }, () => client());
    for (const c of open) hub.add(c);
    expect(hub.reconnectAll()).toBe(3);
    for (const c of open) {
      expect(c.ended).toBe(true);
      expect(c.frames).toHaveLength(1);
      const retry = Number(/^retry: (\d+)\n\n$/.exec(c.frames[0]!)?.[1]);
      expect(retry).toBeGreaterThanOrEqual(RECONNECT_MS);
      expect(retry).toBeLessThanOrEqual(RECONNECT_MS + refreshSpreadMs(3));
    }
    expect(hub.size).toBe(0);
    expect(bus.size).toBe(0);
    const late = client();
    hub.add(late);
    expect(late.frames).toEqual([`retry: ${RECONNECT_MS}\n\n`]);
    expect(late.ended).toBe(true);
    expect(hub.size).toBe(0);
    bus.publish({ type: "content", key: "home", version: 1 });
    expect(open[0]!.frames).toHaveLength(1);
  });

  it("drops a stream that stops reading, and the others still get every frame", () => {
    const bus = createEventBus();
    const hub = new SseHub(bus, { maxBufferedBytes: 100 });
    let backlog = 0;
    const stuck = client(false, () => (backlog += 60));
    const broken = client(false, () => {
      throw new Error("socket gone");
    });
    const fine = client();
    for (const c of [stuck, broken, fine]) hub.add(c);
    bus.publish({ type: "content", key: "home", version: 1 });
    expect(broken.dropped).toBe(true);
    expect(stuck.dropped).toBe(false);
    bus.publish({ type: "content", key: "home", version: 2 });
    expect(stuck.dropped).toBe(true);
    bus.publish({ type: "content", key: "home", version: 3 });
    expect(stuck.frames).toHaveLength(2);
    expect(fine.frames).toEqual(
      [1, 2, 3].map((v) => `event: content\ndata: {"key":"home","version":${v},"spread":0}\n\n`),
    );
    expect(hub.size).toBe(1);
    expect(hub.dropped).toBe(2);
  });

  it("keeps one bus subscription and one heartbeat timer while any stream is open", () => {
    vi.useFakeTimers();
    try {
      const bus = createEventBus();
      const hub = new SseHub(bus, { heartbeatMs: 1000 });
      const a = client();
      const b = client(true);
      const removeA = hub.add(a);
      const removeB = hub.add(b);
      expect(bus.size).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(a.frames).toEqual([": heartbeat\n\n"]);
      expect(b.frames).toEqual([": heartbeat\n\n"]);
      removeA();
      vi.advanceTimersByTime(1000);
      expect(a.frames).toHaveLength(1);
      expect(b.frames).toHaveLength(2);
      removeB();
      expect(bus.size).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("refreshSpreadMs", () => {
  it("spreads open pages' refreshes by 0.1 ms per stream, at most 2 s", async () => {
    const { refreshSpreadMs } = await import("#server/events/sse-hub.ts");
    expect([0, 4, 1_000, 10_000, 100_000].map(refreshSpreadMs)).toEqual([0, 0, 100, 1_000, 2_000]);
  });
});
