import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "#server/env.ts";
import { KEEP_ALIVE_TIMEOUT_MS, startServer, type RunningServer } from "#server/assembly/serve.ts";
import { signIn, tempDir, TEST_ADMIN } from "../helpers/api-server.ts";
import { databaseEnvFor } from "../helpers/test-database.ts";

/**
 * A server that answers before reading a request's body (401, 403, 404, a
 * form's 413) must leave the connection usable for the next request, or say
 * `Connection: close`: a reverse proxy reusing it would otherwise get a reset
 * and answer 502. Also run on PostgreSQL (postgres/keep-alive.pg.test.ts).
 */

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One keep-alive connection, driven by hand so the test sees exactly what the socket does. */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting?: () => void;
  closed = false;
  readonly socket: net.Socket;

  constructor(port: number) {
    this.socket = net.connect(port, "127.0.0.1");
    this.socket.on("data", (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    this.socket.on("error", () => undefined);
    this.socket.on("close", () => {
      this.closed = true;
      this.waiting?.();
    });
  }

  async request(head: string, body: string | Buffer = ""): Promise<RawResponse> {
    this.socket.write(`${head}\r\n${body.length ? `Content-Length: ${body.length}\r\n` : ""}\r\n`);
    if (body.length) this.socket.write(body);
    return this.response();
  }

  async response(): Promise<RawResponse> {
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end >= 0) {
        const [statusLine, ...lines] = this.buffer.subarray(0, end).toString("latin1").split("\r\n");
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
        );
        const length = Number(headers["content-length"] ?? 0);
        if (this.buffer.length >= end + 4 + length) {
          const body = this.buffer.subarray(end + 4, end + 4 + length).toString("utf8");
          this.buffer = this.buffer.subarray(end + 4 + length);
          return { status: Number(statusLine!.split(" ")[1]), headers, body };
        }
      }
      if (this.closed) throw new Error("the server closed the connection");
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  close() {
    this.socket.destroy();
  }
}

const BIG = "x".repeat(300 * 1024);
let server: RunningServer;
let port: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDir();
  server = await startServer(
    loadEnv({
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(await databaseEnvFor(dataDir)),
    }),
    // As the contact form's action does behind React Router (which wraps the body stream):
    // a body over its limit is answered from Content-Length alone.
    {
      mount: (app) =>
        app.post("/contact", (c) => {
          void c.req.raw.body;
          return c.text("too large", 413);
        }),
    },
  );
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

/** The next request on the same connection: must be answered, not reset. */
async function nextRequestWorks(connection: RawConnection) {
  const health = await connection.request("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1");
  expect(health.status).toBe(200);
  expect(JSON.parse(health.body)).toEqual({ ok: true });
}

describe("an early answer to a request with an unread body", () => {
  const cases: [string, string, number][] = [
    ["401 to a save while signed out", "PUT /api/content/about HTTP/1.1\r\nContent-Type: application/json", 401],
    [
      "403 to a foreign origin",
      "POST /api/auth/login HTTP/1.1\r\nContent-Type: application/json\r\nOrigin: https://evil.example",
      403,
    ],
    ["404 to an unknown endpoint", "POST /api/nothing-here HTTP/1.1\r\nContent-Type: application/json", 404],
    [
      "413 from a form over its limit",
      "POST /contact HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded",
      413,
    ],
  ];
  for (const [name, head, status] of cases) {
    it(`${name} leaves the connection usable`, async () => {
      const connection = new RawConnection(port);
      try {
        const first = await connection.request(`${head}\r\nHost: 127.0.0.1`, BIG);
        expect(first.status).toBe(status);
        // Wait past @hono/node-server's 500 ms drain timeout, which used to close the connection here.
        await new Promise((resolve) => setTimeout(resolve, 800));
        await nextRequestWorks(connection);
      } finally {
        connection.close();
      }
    });
  }

  it("keeps normal requests on one connection", async () => {
    const cookie = await signIn(server.url);
    const connection = new RawConnection(port);
    try {
      const current = await connection.request(
        `GET /api/content/about HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}`,
      );
      const body = JSON.stringify({ version: JSON.parse(current.body).version, data: JSON.parse(current.body).data });
      const saved = await connection.request(
        `PUT /api/content/about HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json`,
        body,
      );
      expect(saved.status).toBe(200);
      expect(saved.headers["connection"]).toBe("keep-alive");
      await nextRequestWorks(connection);
    } finally {
      connection.close();
    }
  });

  it("keeps an idle connection open longer than clients and proxies reuse one, and says so", async () => {
    const connection = new RawConnection(port);
    try {
      const first = await connection.request("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1");
      expect(first.headers["connection"]).toBe("keep-alive");
      // Node's fetch reuses a connection until a second or two before this; proxies up to 60 s.
      expect(first.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
      expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
      // Idle past Node's default of 5 s, the connection still answers.
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      expect(connection.closed).toBe(false);
      await nextRequestWorks(connection);
    } finally {
      connection.close();
    }
  });

  it("says Connection: close when the rest of an unread body is slower than the wait, and closes", async () => {
    const connection = new RawConnection(port);
    try {
      // Half the body now, the rest long after the answer is due: the server must not promise keep-alive.
      connection.socket.write(
        `PUT /api/content/about HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BIG.length}\r\n\r\n`,
      );
      connection.socket.write(BIG.slice(0, BIG.length / 2));
      const first = await connection.response();
      expect(first.status).toBe(401);
      expect(first.headers["connection"]).toBe("close");
      await new Promise((resolve) => connection.socket.once("close", resolve));
      expect(connection.closed).toBe(true);
    } finally {
      connection.close();
    }
  });

  it("says Connection: close when the unread body is too large to read away", async () => {
    const connection = new RawConnection(port);
    try {
      const first = await connection.request(
        "PUT /api/content/about HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
        "x".repeat(3 * 1024 * 1024),
      );
      // Signed out: refused before the body is read (the roles' check comes first, server/http/permissions.ts).
      expect(first.status).toBe(401);
      expect(first.headers["connection"]).toBe("close");
    } finally {
      connection.close();
    }
  });
});
