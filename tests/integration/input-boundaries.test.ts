import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storableText } from "#content/storable-text.ts";
import { sourceOf } from "#server/insights/visit.ts";
import { submitContactMessage } from "#server/contact/submit.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { tableRows } from "../helpers/table-rows.ts";

/**
 * Inputs that SQLite stores but PostgreSQL refuses (integers past 2^31-1,
 * NUL, lone UTF-16 surrogates) are answered the same on both: refused at the
 * schema with a clear message, or cleaned. Also run on PostgreSQL
 * (postgres/input-boundaries.pg.test.ts).
 */

let server: TestServer;
let api: ReturnType<typeof adminFetch>;
let messageId: number;

const TOO_BIG = [2_147_483_648, 2 ** 53 - 1, 10 ** 20];
const stored = () => server.deps.store.backup.dump();

beforeAll(async () => {
  server = await startTestServer();
  api = adminFetch(server, await signIn(server.url));
  const saved = await api("/api/content/about", {
    method: "PUT",
    body: JSON.stringify({ version: 0, data: (await (await api("/api/content/about")).json()).data }),
  });
  expect(saved.status).toBe(200);
  const result = await submitContactMessage(
    server.deps,
    { name: "Nimal", email: "nimal@example.lk", message: "Hello" },
    { ip: "203.0.113.1", userAgent: "vitest" },
  );
  if (!result.ok) throw new Error(result.formError);
  messageId = result.message.id;
});
afterAll(() => server.close());

async function expectRefused(response: Response, status: 400 | 404, pattern: RegExp) {
  expect(response.status, await response.clone().text()).toBe(status);
  expect((await response.json()).error).toMatch(pattern);
}

describe("numbers from a request past what both databases store", () => {
  it("are refused for a save's or a restore's version (400)", async () => {
    const before = await stored();
    const about = (await (await api("/api/content/about")).json()).data;
    const ai = (await (await api("/api/ai-settings")).json()).data;
    for (const version of [2_147_483_647, ...TOO_BIG]) {
      await expectRefused(
        await api("/api/content/about", { method: "PUT", body: JSON.stringify({ version, data: about }) }),
        400,
        /^version: /,
      );
      await expectRefused(
        await api("/api/ai-settings", { method: "PUT", body: JSON.stringify({ version, data: ai }) }),
        400,
        /^version: /,
      );
      await expectRefused(
        await api("/api/content/about/revisions/1/restore", { method: "POST", body: JSON.stringify({ version }) }),
        400,
        /^version: /,
      );
    }
    // The largest a save can be based on still gets a plain conflict.
    expect(
      (
        await api("/api/content/about", {
          method: "PUT",
          body: JSON.stringify({ version: 2_147_483_646, data: about }),
        })
      ).status,
    ).toBe(409);
    expect(await stored()).toEqual(before);
  });

  it("are not found in a path (404)", async () => {
    const before = await stored();
    for (const n of TOO_BIG) {
      await expectRefused(await api(`/api/content/home/revisions/${n}`), 404, /does not exist/);
      await expectRefused(await api(`/api/ai-settings/revisions/${n}`), 404, /does not exist/);
      await expectRefused(
        await api(`/api/content/home/revisions/${n}/restore`, { method: "POST", body: JSON.stringify({ version: 1 }) }),
        404,
        /does not exist/,
      );
      await expectRefused(await api(`/api/accounts/${n}`, { method: "DELETE" }), 404, /does not exist/);
      await expectRefused(await api(`/api/messages/${n}`), 404, /does not exist/);
      for (const action of ["read", "unread"]) {
        await expectRefused(await api(`/api/messages/${n}/${action}`, { method: "POST" }), 404, /does not exist/);
      }
      await expectRefused(await api(`/api/messages/${n}`, { method: "DELETE" }), 404, /does not exist/);
      await expectRefused(
        await api(`/api/messages/${n}/restore`, { method: "POST" }),
        404,
        /can no longer be restored/,
      );
    }
    expect((await api(`/api/messages/${messageId}`)).status).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it("are refused as a page of messages (400)", async () => {
    for (const page of ["0", "2147483648", "9007199254740993", "1e400"]) {
      await expectRefused(await api(`/api/messages?page=${page}`), 400, /page/);
    }
  });
});

describe("text one of the databases cannot store", () => {
  it("a NUL in a sign-in email is refused with a message, not a server error", async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "a\u0000b@example.com", password: "whatever it is" }),
    });
    await expectRefused(response, 400, /email/i);
    // A lone surrogate is only an unknown account on both.
    const lone = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "a\ud800b@example.com", password: "whatever it is" }),
    });
    expect(lone.status).toBe(401);
  });

  it("a NUL or lone surrogate in a search finds what the cleaned text would", async () => {
    for (const query of ["%00", "Nim%00al", "%ED%A0%80", "%FF"]) {
      const response = await api(`/api/messages?query=${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
    }
    expect((await (await api("/api/messages?query=Nim%00al")).json()).total).toBe(1);
  });

  it("a contact message with a NUL or lone surrogate is kept, cleaned", async () => {
    const result = await submitContactMessage(
      server.deps,
      {
        name: "Ka\u0000mala",
        email: "kamala@example.lk",
        company: "Tea\ud800 Co",
        message: "Call me\u0000 back \udc00please",
      },
      { ip: "203.0.113.2", userAgent: "vitest" },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const message = await server.deps.store.messages.get(result.message.id);
    expect(message).toMatchObject({ name: "Kamala", company: "Tea\ufffd Co", message: "Call me back \ufffdplease" });
  });

  it("a document's text is cleaned before it is stored", async () => {
    const current = await (await api("/api/content/about")).json();
    const data = { ...current.data, title: "About\u0000 us", mission: "Grow \ud83d with us" };
    const saved = await api("/api/content/about", {
      method: "PUT",
      body: JSON.stringify({ version: current.version, data }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    server.deps.store.documents.forget("about"); // read back from the database, not the cache
    expect((await server.deps.store.documents.get("about")).data).toMatchObject({
      title: "About us",
      mission: "Grow \ufffd with us",
    });

    const ai = await (await api("/api/ai-settings")).json();
    const aiSaved = await api("/api/ai-settings", {
      method: "PUT",
      body: JSON.stringify({ version: ai.version, data: { ...ai.data, greeting: "Hi\u0000!" } }),
    });
    expect(aiSaved.status).toBe(200);
    expect((await aiSaved.json()).data.greeting).toBe("Hi!");
  });

  it("a document that cleaning makes too long is refused, and nothing is stored", async () => {
    // Under the 200,000-character limit as sent; escaping every "&" as "&amp;" takes it past it.
    const current = await (await api("/api/content/privacy-policy")).json();
    const before = await stored();
    const data = { ...current.data, content: `<p>${"&".repeat(60_000)}</p>` };
    const saved = await api("/api/content/privacy-policy", {
      method: "PUT",
      body: JSON.stringify({ version: current.version, data }),
    });
    await expectRefused(saved, 400, /^content: Keep this under 200,000 characters\. \(counted after cleaning\)$/);
    expect(await stored()).toEqual(before);
    server.deps.store.documents.forget("privacy-policy"); // what a reader of the database gets
    expect((await server.deps.store.documents.get("privacy-policy")).version).toBe(current.version);
  });

  it("a page view whose utm_source holds a NUL is counted, cleaned, and so is every one after it", async () => {
    // What a public page served to `curl -A "Mozilla/5.0 Chrome/126" '/?utm_source=a%00b'` hands the recorder.
    const view = (url: string, address: string) =>
      server.deps.insights.page({
        url,
        address,
        header: (name) => ({ "user-agent": "Mozilla/5.0 Chrome/126", host: "127.0.0.1" })[name],
      });
    const before = await stored();
    view("/?utm_source=a%00b", "203.0.113.60");
    await server.deps.insights.flush();
    view("/services", "203.0.113.61");
    await server.deps.insights.flush();
    const events = await tableRows(server.dataDir, "analytics_events");
    expect(events.map(({ path, source, views }) => ({ path, source, views: Number(views) }))).toEqual([
      { path: "/", source: storableText(sourceOf("/?utm_source=a\u0000b", undefined, []).source!), views: 1 },
      { path: "/services", source: "(direct)", views: 1 },
    ]);
    expect(await stored()).toEqual(before);
  });

  it("an account email with a NUL is refused and nothing is stored", async () => {
    const before = await stored();
    await expectRefused(
      await api("/api/accounts", {
        method: "POST",
        body: JSON.stringify({ email: "a\u0000b@example.com", password: "long enough pass" }),
      }),
      400,
      /email/i,
    );
    expect(await stored()).toEqual(before);
  });
});
