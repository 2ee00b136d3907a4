// Throttles are counted in the database, so a restart on the same data (the
// SQLite folder; the same PostgreSQL schema in ./postgres/rate-limits.pg.test.ts)
// keeps them: the chat's daily cap, sign-in and the contact form.
import { afterEach, describe, expect, it } from "vitest";
import { defaultAiSettings } from "#content/defaults.ts";
import { AI_SETTINGS_KEY } from "#content/sections.ts";
import { CHAT_MESSAGES } from "#server/chat/routes.ts";
import { CONTACT_MESSAGES, submitContactMessage } from "#server/contact/submit.ts";
import { INVALID_CREDENTIALS } from "#server/auth/routes.ts";
import { TEST_ADMIN } from "../helpers/api-server.ts";
import { startTestServer, tempDir, type TestServer } from "../helpers/admin-server.ts";

const started: TestServer[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) await server.close();
});

/** Starts the site on `dataDir` (again). */
async function start(dataDir: string) {
  const server = await startTestServer({ dataDir });
  started.push(server);
  return server;
}

/** Stops `server` and starts the site again on its data. */
async function restart(server: TestServer) {
  await server.stop();
  return start(server.dataDir);
}

const chat = async (server: TestServer, message: string) => {
  const response = await fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ message }),
  });
  const text = await response.text();
  return { status: response.status, text };
};

const login = (server: TestServer, password: string, email = TEST_ADMIN.email) =>
  fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });

const THROTTLED = /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/;

describe("throttles survive a restart", () => {
  it("the chat's daily cap: answers given before the restart still count", async () => {
    let server = await start(tempDir());
    const saved = await server.deps.store.documents.save(
      AI_SETTINGS_KEY,
      { ...defaultAiSettings, chatDailyLimit: 2 },
      0,
      TEST_ADMIN.email,
    );
    expect(saved.ok).toBe(true);
    expect((await chat(server, "What services do you offer?")).status).toBe(200);
    expect((await chat(server, "Where are you?")).status).toBe(200);

    server = await restart(server);
    expect(await server.deps.chat.today.count()).toBe(2);
    const capped = await chat(server, "One more?");
    expect(capped.status).toBe(429);
    expect(JSON.parse(capped.text)).toEqual({ error: CHAT_MESSAGES.dailyCap });
    expect(await server.deps.chat.today.count()).toBe(2);
  });

  it("sign-in: guesses before the restart still count, even against the right password", async () => {
    let server = await start(tempDir());
    for (let i = 0; i < 10; i++) expect((await login(server, `guess-${i}`)).status).toBe(401);

    server = await restart(server);
    const right = await login(server, TEST_ADMIN.password);
    expect(right.status).toBe(429);
    expect((await right.json()).error).toMatch(THROTTLED);
    const retryAfter = Number(right.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(right.headers.getSetCookie()).toEqual([]);
    expect(await server.deps.limits.loginPerAccount.blocked(`127.0.0.1|${TEST_ADMIN.email}`)).toMatchObject({
      blocked: true,
    });
    // The per-address limit (50) is not reached: another account from here is still answered.
    const other = await login(server, "whatever", "someone@example.lk");
    expect(other.status).toBe(401);
    expect(await other.json()).toEqual({ error: INVALID_CREDENTIALS });
  });

  it("sign-in: a successful one clears the account's failures for good", async () => {
    let server = await start(tempDir());
    for (let i = 0; i < 9; i++) expect((await login(server, `guess-${i}`)).status).toBe(401);
    expect((await login(server, TEST_ADMIN.password)).status).toBe(200);

    server = await restart(server);
    expect(await server.deps.limits.loginPerAccount.blocked(`127.0.0.1|${TEST_ADMIN.email}`)).toMatchObject({
      blocked: false,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(server, `again-${i}`)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it("the contact form: messages sent before the restart still count", async () => {
    let server = await start(tempDir());
    const meta = { ip: "198.51.100.23", userAgent: "vitest" };
    const message = (i: number) => ({
      name: "Nimal Perera",
      email: "nimal@example.lk",
      company: "",
      message: `Message number ${i}`,
    });
    for (let i = 1; i <= 5; i++) expect((await submitContactMessage(server.deps, message(i), meta)).ok).toBe(true);

    server = await restart(server);
    const sixth = await submitContactMessage(server.deps, message(6), meta);
    expect(sixth).toMatchObject({
      ok: false,
      status: 429,
      reason: "rate-limited",
      formError: CONTACT_MESSAGES.rateLimited,
    });
    if (!sixth.ok && sixth.reason === "rate-limited") {
      expect(sixth.retryAfterSeconds).toBeGreaterThan(0);
      expect(sixth.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    }
    expect(await server.deps.store.messages.list()).toHaveLength(5);
  });
});
