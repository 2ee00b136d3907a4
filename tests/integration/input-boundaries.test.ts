import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitContactMessage } from "#server/contact/submit.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startOwnerServer, type OwnerServer } from "../helpers/owner-server.ts";

/**
 * Inputs that SQLite stores but PostgreSQL refuses (integers past 2^31-1)
 * are answered the same on both: refused at the schema with a clear message.
 * Also run on PostgreSQL (postgres/input-boundaries.pg.test.ts).
 */

let server: OwnerServer;
let api: ReturnType<typeof adminFetch>;
let messageId: number;

const TOO_BIG = [2_147_483_648, 2 ** 53 - 1, 10 ** 20];
const stored = () => server.deps.store.backup.dump();

beforeAll(async () => {
  server = await startOwnerServer();
  api = adminFetch(server, await signIn(server.url));
  const saved = await api("/api/content/about", { method: "PUT", body: JSON.stringify({ version: 0, data: (await (await api("/api/content/about")).json()).data }) });
  expect(saved.status).toBe(200);
  const result = await submitContactMessage(server.deps, { name: "Nimal", email: "nimal@example.lk", message: "Hello" }, { ip: "203.0.113.1", userAgent: "vitest" });
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
      await expectRefused(await api("/api/content/about", { method: "PUT", body: JSON.stringify({ version, data: about }) }), 400, /^version: /);
      await expectRefused(await api("/api/ai-settings", { method: "PUT", body: JSON.stringify({ version, data: ai }) }), 400, /^version: /);
      await expectRefused(
        await api("/api/content/about/revisions/1/restore", { method: "POST", body: JSON.stringify({ version }) }),
        400,
        /^version: /,
      );
    }
    // The largest a save can be based on still gets a plain conflict.
    expect((await api("/api/content/about", { method: "PUT", body: JSON.stringify({ version: 2_147_483_646, data: about }) })).status).toBe(409);
    expect(await stored()).toEqual(before);
  });

  it("are not found in a path (404)", async () => {
    const before = await stored();
    for (const n of TOO_BIG) {
      await expectRefused(await api(`/api/content/home/revisions/${n}`), 404, /does not exist/);
      await expectRefused(await api(`/api/ai-settings/revisions/${n}`), 404, /does not exist/);
      await expectRefused(await api(`/api/content/home/revisions/${n}/restore`, { method: "POST", body: JSON.stringify({ version: 1 }) }), 404, /does not exist/);
      await expectRefused(await api(`/api/accounts/${n}`, { method: "DELETE" }), 404, /does not exist/);
      await expectRefused(await api(`/api/messages/${n}`), 404, /does not exist/);
      for (const action of ["read", "unread"]) {
        await expectRefused(await api(`/api/messages/${n}/${action}`, { method: "POST" }), 404, /does not exist/);
      }
      await expectRefused(await api(`/api/messages/${n}`, { method: "DELETE" }), 404, /does not exist/);
      await expectRefused(await api(`/api/messages/${n}/restore`, { method: "POST" }), 404, /can no longer be restored/);
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
