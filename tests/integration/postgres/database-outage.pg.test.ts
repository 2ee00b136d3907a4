// PostgreSQL going away under a running site (a restart, a failover, a network cut) and coming back:
// what needs it is answered 503 with Retry-After, "try again", rather than 500, and the site serves
// again by itself once the database answers. The site reaches PostgreSQL through a TCP relay here,
// which the test cuts and restores.
import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, tempDir, TEST_ADMIN } from "../../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../../helpers/admin-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../../helpers/built-server.ts";
import { createTestDatabase, postgresUnavailable, type TestDatabase } from "../../helpers/test-database.ts";

const missing = await postgresUnavailable();

/** A TCP relay to `target` on a port of its own, the same after a cut and a restore. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  };
  let server: Server;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  return {
    port,
    /** Refuses new connections and breaks every open one, as a database that went down. */
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(missing)(`a database that goes away and comes back${missing ? ` — skipped: ${missing}` : ""}`, () => {
  let database: TestDatabase;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let server: TestServer;
  let site: BuiltServer;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(await database.freshSchema());
    relay = await startRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const relayed = new URL(direct);
    relayed.hostname = "127.0.0.1";
    relayed.port = String(relay.port);
    server = await startTestServer({
      env: { DATABASE_URL: relayed.toString(), LOG_LEVEL: "warn" },
      log: { write: (line) => void lines.push(line) },
    });
    // The pages too: the production build, on the same database through the same relay.
    await ensureBuiltOnce();
    site = await startBuiltServer(tempDir(), { DATABASE_URL: relayed.toString() });
  }, 600_000);
  afterAll(async () => {
    await site?.stop();
    await server?.close();
    await relay?.close();
    await database?.drop();
  });

  it("answers 503 with Retry-After while it cannot reach PostgreSQL, and serves again when it is back", async () => {
    const api = adminFetch(server, await signIn(server.url));
    expect((await api("/api/posts")).status).toBe(200);
    const login = () =>
      fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({ email: TEST_ADMIN.email, password: "not the password" }),
      });

    await relay.cut();
    lines.length = 0;
    const ids: string[] = [];
    for (const response of [await api("/api/posts"), await login()]) {
      expect(response.status, response.url).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      const requestId = response.headers.get("x-request-id")!;
      expect(requestId).toBeTruthy();
      ids.push(requestId);
      expect(await response.json()).toEqual({
        error: "The server is busy just now. Please try again in a moment.",
        requestId,
      });
    }
    // A warning for each, with what PostgreSQL's client said; never "request failed", which is for the site's own faults.
    expect(logged().filter((line) => line.event === "database-unavailable")).toEqual(
      ids.map((requestId) =>
        expect.objectContaining({
          level: "warn",
          requestId,
          reason: expect.stringMatching(/ECONNREFUSED|Connection terminated/),
        }),
      ),
    );
    expect(logged().filter((line) => line.event === "request-failed")).toEqual([]);

    await relay.restore();
    // The pool reconnects by itself.
    await expect.poll(async () => (await api("/api/posts")).status, { timeout: 15_000 }).toBe(200);
    expect((await login()).status).toBe(401);
  });

  it("keeps what a visitor typed in the Contact form and asks to send it again, then takes it once it can", async () => {
    const form = new URLSearchParams({
      name: "Nimali Perera",
      email: "nimali@example.lk",
      company: "Lanka Tea & Co",
      message: "ශ්‍රී ලංකාවේ අපේ නව වෙළඳ නාමය ගැන කතා කරමු.",
    });
    const send = () =>
      fetch(`${site.url}/contact`, {
        method: "POST",
        headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
        redirect: "manual",
      });

    // The visitor opened the page before the database went.
    expect((await fetch(`${site.url}/contact`)).status).toBe(200);
    await relay.cut();
    const refused = await send();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    const page = await refused.text();
    expect(page).toContain(
      "We could not send your message just now. Please try again in a moment, or email us directly.",
    );
    // What was typed is back in the form, joiners and all.
    expect(page).toContain('value="Nimali Perera"');
    expect(page).toContain("ශ්‍රී ලංකාවේ අපේ නව වෙළඳ නාමය ගැන කතා කරමු.");

    await relay.restore();
    const api = adminFetch(server, await signIn(server.url));
    await expect.poll(async () => (await send()).status, { timeout: 15_000 }).toBe(302);
    const { messages } = (await (await api("/api/messages")).json()) as { messages: { message: string }[] };
    expect(messages.map((each) => each.message)).toEqual([form.get("message")]);
  });
});
