import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RECONNECT_MS } from "#server/events/sse-hub.ts";
import { TEST_ADMIN, tempDir } from "../helpers/api-server.ts";
import { ensureBuiltOnce } from "../helpers/built-server.ts";
import { budget } from "../helpers/machine.ts";
import { freePort, rawConnection } from "../helpers/raw-http.ts";
import { tableRows } from "../helpers/table-rows.ts";
import { databaseEnvFor } from "../helpers/test-database.ts";

// The graceful stop (issue 29): `npm start`'s process (scripts/start.mjs on the production
// build) gets SIGTERM with a contact post half sent, page views just counted, a readiness
// probe under way and a page's live-update stream open. Also on PostgreSQL
// (./postgres/graceful-stop.pg.test.ts). The connections' side alone: server/assembly/drain.test.ts.

const root = path.resolve(import.meta.dirname, "../..");
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

beforeAll(() => ensureBuiltOnce(), budget(300_000));

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

it(
  "answers what is in flight, keeps what was sent, sends open pages elsewhere and exits 0",
  async () => {
    const dataDir = tempDir();
    dataDirs.push(dataDir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        // As behind nginx: each visitor's address from X-Forwarded-For.
        TRUST_PROXY: "1",
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        ...(await databaseEnvFor(dataDir)),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited before it answered:\n${output}`);
        if ((await fetch(`${url}/healthz`).catch(() => undefined))?.ok) break;
        await sleep(100);
      }
      expect((await fetch(`${url}/readyz`)).status).toBe(200);

      // A page open in a browser, listening for saves.
      const page = await rawConnection(port);
      page.write("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      await page.waitFor("event: ready");

      // Page views: a visitor's page, and the beacon of a page reached inside the site.
      const visitor = { "User-Agent": PHONE, "X-Forwarded-For": "203.0.113.21" };
      expect((await fetch(`${url}/services`, { headers: visitor })).status).toBe(200);
      const beacon = await fetch(`${url}/api/analytics/view`, {
        method: "POST",
        headers: { ...visitor, Origin: url, "Content-Type": "text/plain;charset=UTF-8" },
        body: "/about",
      });
      expect(beacon.status).toBe(204);

      // A contact form post whose body is still on its way when the signal comes.
      const form = new URLSearchParams({
        name: "Graceful Stop",
        email: "stop@example.lk",
        company: "",
        message: "Sent while the server was being stopped.",
      }).toString();
      const contact = await rawConnection(port);
      contact.write(
        `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${url}\r\nUser-Agent: ${PHONE}\r\n` +
          `X-Forwarded-For: 203.0.113.22\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `Content-Length: ${Buffer.byteLength(form)}\r\n\r\n${form.slice(0, 20)}`,
      );
      // A balancer's readiness probe, its request begun.
      const probe = await rawConnection(port);
      probe.write("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      await sleep(200);

      child.kill("SIGTERM");

      // The page is told to reconnect (to another instance, or this one restarted), and its stream ends.
      await page.closed;
      // (Chunks of the response: the last frame, then the chunk that ends it.)
      const retry = /retry: (\d+)\n\n\r\n0\r\n\r\n$/.exec(page.received());
      expect(Number(retry?.[1])).toBeGreaterThanOrEqual(RECONNECT_MS);
      // The probe hears at once that this instance should get no more visitors.
      probe.write("\r\n");
      const readiness = await probe.response();
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.body)).toEqual({ ready: false, reason: "the server is stopping" });
      expect(readiness.headers["connection"]).toBe("close");
      // No new connections.
      await expect(rawConnection(port)).rejects.toThrow(/ECONNREFUSED/);
      // The contact post finishes arriving, and is answered as ever.
      contact.write(form.slice(20));
      const answer = await contact.response();
      expect(answer.status).toBe(302);
      expect(answer.headers["location"]).toMatch(/\/done$/);
      expect(answer.headers["connection"]).toBe("close");

      expect(await exited).toEqual({ code: 0, signal: null });
      expect(output).toMatch(/stopping/);
      expect(output).toMatch(/stopped/);
    } finally {
      child.kill("SIGKILL");
    }

    // What was sent before the signal is in the database.
    const messages = await tableRows(dataDir, "contact_messages");
    expect(messages).toEqual([
      expect.objectContaining({
        name: "Graceful Stop",
        email: "stop@example.lk",
        message: "Sent while the server was being stopped.",
      }),
    ]);
    const views = await tableRows(dataDir, "analytics_events");
    expect(views.map((view) => view["path"]).sort()).toEqual(["/about", "/services"]);
  },
  budget(120_000),
);
