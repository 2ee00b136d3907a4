// SQLite held by another process (a backup tool, an `sqlite3` shell left in a transaction) past the
// site's 5 s busy timeout: what needs to write is answered 503 with Retry-After, "try again", rather
// than 500, and the site writes again as soon as the lock is gone. On PostgreSQL the same is a
// database that cannot be reached: ./postgres/database-outage.pg.test.ts.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLite } from "#server/db/sqlite-driver.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "../helpers/api-server.ts";

describe("a database locked by another process", () => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: "warn" }, log: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => server?.close());

  const wrongPassword = () =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: "not the password" }),
    });

  it("answers a write 503 with Retry-After once the busy timeout is up, and writes again when the lock is gone", async () => {
    // A failed sign-in writes (its throttle's count).
    expect((await wrongPassword()).status).toBe(401);
    const other = new SQLite(path.join(server.dataDir, "site.db"));
    try {
      other.exec("begin exclusive");
      lines.length = 0;
      const started = Date.now();
      const refused = await wrongPassword();
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_500); // it waited for the lock first
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      const requestId = refused.headers.get("x-request-id");
      expect(await refused.json()).toEqual({
        error: "The server is busy just now. Please try again in a moment.",
        requestId,
      });
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged.filter((line) => line.event === "database-unavailable")).toEqual([
        expect.objectContaining({ level: "warn", requestId, reason: "database is locked" }),
      ]);
      expect(logged.filter((line) => line.event === "request-failed")).toEqual([]);
    } finally {
      other.exec("rollback");
      other.close();
    }
    expect((await wrongPassword()).status).toBe(401);
  }, 30_000);
});
