import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { rawConnection } from "../../tests/helpers/raw-http.ts";
import { trackRequests } from "./drain.ts";

// The connection side of a graceful stop, on a bare node:http server; the whole stop of the
// site (readiness, event streams, page views, database): tests/integration/graceful-stop.test.ts.

/** A server whose `/slow` and `/stream` answers the test finishes by hand, and whose `/never` never ends. */
async function serverWithHeldAnswers() {
  const held = new Map<string, ServerResponse>();
  const server = createServer((req, res) => {
    if (req.url === "/never") return;
    if (req.url === "/slow") return void held.set("slow", res);
    if (req.url === "/stream") {
      res.writeHead(200, { "Content-Type": "text/plain", "Transfer-Encoding": "chunked" });
      res.write("started\n");
      return void held.set("stream", res);
    }
    res.end("ok");
  });
  const drain = trackRequests(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const until = async (key: string) => {
    while (!held.has(key)) await new Promise((resolve) => setTimeout(resolve, 5));
    return held.get(key)!;
  };
  return { server, drain, port, until };
}

const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

describe("trackRequests", () => {
  it("stops accepting, closes idle connections and lets requests in flight finish, each closing its connection", async () => {
    const { drain, port, until } = await serverWithHeldAnswers();
    const idle = await rawConnection(port);
    idle.write(GET("/"));
    expect((await idle.response()).headers["connection"]).toBe("keep-alive");
    const slow = await rawConnection(port);
    slow.write(GET("/slow"));
    const stream = await rawConnection(port);
    stream.write(GET("/stream"));
    const streaming = await until("stream");
    const waiting = await until("slow");
    // Headers in, the end of the request not yet: a request in flight too.
    const late = await rawConnection(port);
    late.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drain.inFlight).toBe(2);

    let stopped = false;
    const closing = drain.close(5_000).then((cut) => {
      stopped = true;
      return cut;
    });
    await idle.closed;
    await expect(rawConnection(port)).rejects.toThrow(/ECONNREFUSED/);

    late.write("\r\n");
    const lateAnswer = await late.response();
    expect(lateAnswer).toMatchObject({ status: 200, body: "ok" });
    expect(lateAnswer.headers["connection"]).toBe("close");
    await late.closed;

    waiting.end("done");
    const slowAnswer = await slow.response();
    expect(slowAnswer.body).toBe("done");
    expect(slowAnswer.headers["connection"]).toBe("close");
    await slow.closed;

    // Its answer began before the stop, promising keep-alive: its connection closes when it ends.
    expect(stopped).toBe(false);
    streaming.end("ended\n");
    await stream.closed;
    expect(await closing).toBe(0);
  });

  it("closes the connections of requests still unanswered after the grace period, and counts them", async () => {
    const { drain, port } = await serverWithHeldAnswers();
    const stuck = await rawConnection(port);
    stuck.write(GET("/never"));
    while (drain.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const began = Date.now();
    expect(await drain.close(200)).toBe(1);
    expect(Date.now() - began).toBeGreaterThanOrEqual(190);
    await stuck.closed;
  });
});
