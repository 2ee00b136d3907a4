// Two instances on one PostgreSQL database share every throttle (they are
// counted in the database): a visitor cannot get twice the quota by landing on
// the other instance. Both servers see this client as 127.0.0.1.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAiSettings } from "#content/defaults.ts";
import { CHAT_MESSAGES } from "#server/chat/routes.ts";
import { CONTACT_MESSAGES, contactRateKey, submitContactMessage } from "#server/contact/submit.ts";
import { signIn, TEST_ADMIN } from "../../helpers/api-server.ts";
import { adminFetch, startTestServer, tempDir, type TestServer } from "../../helpers/admin-server.ts";
import { createTestDatabase, postgresUnavailable, type TestDatabase } from "../../helpers/test-database.ts";

const missing = await postgresUnavailable();

async function until(check: () => Promise<boolean>, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const CLIENT = "127.0.0.1";
const THROTTLED = /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/;

describe.skipIf(missing)(
  `throttles shared by two instances on one PostgreSQL database${missing ? ` — skipped: ${missing}` : ""}`,
  () => {
    let database: TestDatabase;
    const dataDir = tempDir("agency-shared-limits-");
    let a: TestServer;
    let b: TestServer;
    let cookie: string;

    beforeAll(async () => {
      database = await createTestDatabase();
      const url = await database.freshSchema();
      a = await startTestServer({ dataDir, env: { DATABASE_URL: url } });
      b = await startTestServer({ dataDir, env: { DATABASE_URL: url } });
      cookie = await signIn(a.url);
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("the contact form: 5 messages per address across both, the 6th refused on either", async () => {
      const meta = { ip: CLIENT, userAgent: "vitest" };
      const message = (i: number) => ({
        name: "Nimal Perera",
        email: "nimal@example.lk",
        company: "",
        message: `Message number ${i}`,
      });
      for (let i = 1; i <= 5; i++) {
        const result = await submitContactMessage((i % 2 ? a : b).deps, message(i), meta);
        expect(result.ok, `message ${i}`).toBe(true);
      }
      for (const server of [a, b]) {
        const refused = await submitContactMessage(server.deps, message(6), meta);
        expect(refused).toMatchObject({
          ok: false,
          status: 429,
          reason: "rate-limited",
          formError: CONTACT_MESSAGES.rateLimited,
        });
        if (!refused.ok && refused.reason === "rate-limited") {
          expect(refused.retryAfterSeconds).toBeGreaterThan(0);
          expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
        }
      }
      expect(await b.deps.store.messages.list()).toHaveLength(5);
      expect(await a.deps.store.rateCounters.peek(`forms:${contactRateKey(CLIENT)}`)).toMatchObject({ count: 5 });
    });

    it("the chat's daily cap: answers on either instance count towards the one total", async () => {
      const admin = adminFetch(a, cookie);
      const current = (await (await admin("/api/ai-settings")).json()) as { version: number };
      const saved = await admin("/api/ai-settings", {
        method: "PUT",
        body: JSON.stringify({ version: current.version, data: { ...defaultAiSettings, chatDailyLimit: 3 } }),
      });
      expect(saved.status).toBe(200);
      const limitOn = async (server: TestServer) =>
        ((await (await adminFetch(server, cookie)("/api/ai-settings")).json()) as { data: { chatDailyLimit: number } })
          .data.chatDailyLimit;
      await until(async () => (await limitOn(b)) === 3, "B to read the new limit");

      const chat = async (server: TestServer) => {
        const response = await fetch(`${server.url}/api/chat`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ message: "What services do you offer?" }),
        });
        return { status: response.status, body: await response.text() };
      };
      expect((await chat(a)).status).toBe(200);
      expect((await chat(b)).status).toBe(200);
      expect((await chat(a)).status).toBe(200);
      for (const server of [b, a]) {
        const capped = await chat(server);
        expect(capped.status).toBe(429);
        expect(JSON.parse(capped.body)).toEqual({ error: CHAT_MESSAGES.dailyCap });
      }
      expect(await a.deps.chat.today.count()).toBe(3);
      expect(await b.deps.chat.today.count()).toBe(3);
    });

    it("sign-in: 10 wrong passwords across both instances, then 429 on either, even for the right one", async () => {
      const login = (server: TestServer, password: string) =>
        fetch(`${server.url}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: TEST_ADMIN.email, password }),
        });
      for (let i = 0; i < 10; i++) expect((await login(i % 2 ? a : b, `guess-${i}`)).status).toBe(401);
      for (const server of [a, b]) {
        const right = await login(server, TEST_ADMIN.password);
        expect(right.status).toBe(429);
        expect((await right.json()).error).toMatch(THROTTLED);
        const retryAfter = Number(right.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      }
      expect(await b.deps.limits.loginPerAccount.blocked(`${CLIENT}|${TEST_ADMIN.email}`)).toMatchObject({
        blocked: true,
      });
    });
  },
);
