import { afterEach, describe, expect, it } from "vitest";
import { sessionId } from "#server/auth/sessions.ts";
import { defaultHome } from "#content/defaults.ts";
import { signIn, startApiServer, TEST_ADMIN, type TestServer } from "../helpers/api-server.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const login = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("sign-in", () => {
  it("sets an HttpOnly SameSite=Lax session cookie and /me knows the user", async () => {
    server = await startApiServer();
    const response = await login(server.url, TEST_ADMIN);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: { email: TEST_ADMIN.email } });
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { Cookie: cookie.split(";")[0]! } });
    expect(await me.json()).toEqual({ user: { email: TEST_ADMIN.email, role: "administrator" } });
  });

  it("marks the cookie Secure when PUBLIC_URL is https", async () => {
    server = await startApiServer({ PUBLIC_URL: "https://agency.example.lk" });
    const response = await login(server.url, TEST_ADMIN, { Origin: "https://agency.example.lk" });
    expect(response.headers.getSetCookie()[0]).toMatch(/Secure/);
  });

  it("refuses wrong credentials with the message of docs/product.md §8 and stores no session", async () => {
    server = await startApiServer();
    const wrong = await login(server.url, { email: TEST_ADMIN.email, password: "nope" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid credentials. Please try again." });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const unknown = await login(server.url, { email: "who@example.lk", password: "nope" });
    expect(unknown.status).toBe(401);
  });

  it("requires email and password", async () => {
    server = await startApiServer();
    const response = await login(server.url, { email: "", password: "" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/Email is required/);
  });

  it("throttles a guessed password with 429, even for the right one, and changes nothing", async () => {
    server = await startApiServer();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await login(server.url, { email: TEST_ADMIN.email, password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const right = await login(server.url, TEST_ADMIN);
    expect(right.status).toBe(429);
    expect((await right.json()).error).toMatch(/Too many sign-in attempts\. Please wait \d+ minutes? and try again\./);
    expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await server.deps.store.users.count()).toBe(1);
  });

  it("logout ends the session on the server", async () => {
    server = await startApiServer();
    const cookie = await signIn(server.url);
    const out = await fetch(`${server.url}/api/auth/logout`, { method: "POST", headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/session=;/);
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(401);
  });

  it("treats an expired session as signed out", async () => {
    server = await startApiServer();
    const user = await server.deps.store.users.findByEmail(TEST_ADMIN.email);
    await server.deps.store.sessions.create(sessionId("expired-token"), user!.id, new Date(Date.now() - 1000));
    const response = await fetch(`${server.url}/api/content/home`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Cookie: "session=expired-token" },
      body: JSON.stringify({ version: 0, data: defaultHome }),
    });
    expect(response.status).toBe(401);
    expect((await server.deps.store.documents.get("home")).version).toBe(0);
  });

  it("refuses a sign-in posted from another site", async () => {
    server = await startApiServer();
    const response = await login(server.url, TEST_ADMIN, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});

describe("first administrator", () => {
  it("offers a one-time setup link when no admin exists, which creates one and signs in", async () => {
    server = await startApiServer({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
    expect(await server.deps.store.users.count()).toBe(0);
    const link = server.deps.setup.link!;
    expect(link).toMatch(/\/admin\/setup\?token=[\w-]{20,}$/);
    const token = new URL(link).searchParams.get("token")!;

    const forged = await fetch(`${server.url}/api/auth/setup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: "forged-token-value", email: "me@example.lk", password: "long enough" }),
    });
    expect(forged.status).toBe(403);
    expect(await server.deps.store.users.count()).toBe(0);

    const created = await fetch(`${server.url}/api/auth/setup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, email: "Me@Example.lk", password: "long enough" }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.getSetCookie()[0]).toMatch(/HttpOnly/);
    expect((await server.deps.store.users.list()).map((u) => u.email)).toEqual(["me@example.lk"]);

    const reused = await fetch(`${server.url}/api/auth/setup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, email: "other@example.lk", password: "long enough" }),
    });
    expect(reused.status).toBe(403);
    expect(await server.deps.store.users.count()).toBe(1);
    expect(server.deps.setup.link).toBeNull();
  });

  it("has no setup link when ADMIN_EMAIL and ADMIN_PASSWORD are set", async () => {
    server = await startApiServer();
    expect(server.deps.setup.link).toBeNull();
    expect((await signIn(server.url)).startsWith("session=")).toBe(true);
  });
});
