import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAiSettings } from "#content/defaults.ts";
import type { Conversation, ConversationPage } from "#content/conversations.ts";
import { pruneConversations } from "#server/chat/housekeeping.ts";
import { signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";

// The chat's conversations kept for the owner (issue 14, item 5), on SQLite and
// (./postgres/conversations.pg.test.ts) PostgreSQL: stored with what was said, when and
// where, never who; listed, searched, filtered, exported and deleted after the retention.

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startApiServer();
  cookie = await signIn(server.url);
});
afterAll(() => server.close());

/** One question to the chat (no model: answers come from the site), with what the stream said. */
async function ask(message: string, extra: Record<string, unknown> = {}) {
  const response = await fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ message, ...extra }),
  });
  const raw = await response.text();
  const conversation = /event: conversation\ndata: (.*)\n/.exec(raw)?.[1];
  return {
    status: response.status,
    raw,
    id: conversation ? (JSON.parse(conversation) as { id: string }).id : undefined,
  };
}

const admin = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/api/conversations${path}`, { ...init, headers: { Cookie: cookie, ...init.headers } });

async function list(query = ""): Promise<ConversationPage> {
  const response = await admin(query);
  expect(response.status).toBe(200);
  return (await response.json()) as ConversationPage;
}

async function read(id: string): Promise<Conversation> {
  const response = await admin(`/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Conversation;
}

describe("conversations", () => {
  it("keeps each question and answer in the conversation the panel continues, with the page it started on", async () => {
    const first = await ask("Which languages do you work in?", { page: "/services" });
    expect(first.status).toBe(200);
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const second = await ask("What is your phone number?", { conversation: first.id, page: "/contact" });
    expect(second.id).toBe(first.id);

    const conversation = await read(first.id!);
    expect(conversation).toMatchObject({ page: "/services", questions: 2, unanswered: 0 });
    expect(conversation.messages.map((m) => [m.sender, m.answered])).toEqual([
      ["user", true],
      ["ai", null],
      ["user", true],
      ["ai", null],
    ]);
    expect(conversation.messages[0]!.text).toBe("Which languages do you work in?");
    expect(conversation.messages[1]!.text).toContain("English, Sinhala and Tamil");
    // Nothing that says who asked: no address, no browser.
    expect(JSON.stringify(conversation)).not.toMatch(/127\.0\.0\.1|node|undici/i);
  });

  it("an unknown conversation id starts a new one; a made-up one or a page that is not a path is refused", async () => {
    const fresh = await ask("Hello there", { conversation: "A".repeat(22) });
    expect(fresh.id).not.toBe("A".repeat(22));
    const before = (await list()).total;
    for (const extra of [{ conversation: "not an id!" }, { page: "javascript:alert(1)" }, { page: "/x".repeat(200) }]) {
      const refused = await ask("Hello", extra);
      expect(refused.status).toBe(400);
    }
    expect((await list()).total).toBe(before);
  });

  it("keeps a page holding a NUL as the same page on both databases, and refuses one with a line break", async () => {
    const before = (await list()).total;
    const asked = await ask("hello", { history: [], page: "/a\u0000b" });
    expect(asked.status, asked.raw).toBe(200);
    expect(asked.raw).not.toContain("event: error");
    expect(await read(asked.id!)).toMatchObject({ page: "/ab", questions: 1 });
    for (const page of ["/a\r\nb", "/a\u2028b", "/a\u0001b"]) {
      expect((await ask("hello", { page })).status, JSON.stringify(page)).toBe(400);
    }
    expect((await list()).total).toBe(before + 1);
  });

  it("marks questions the site could not answer, and filters for them", async () => {
    const lost = await ask("Quantum chromodynamics lattice gauge");
    const unanswered = await list("?filter=unanswered");
    expect(unanswered.conversations.map((c) => c.id)).toContain(lost.id);
    expect(unanswered.conversations.every((c) => c.unanswered > 0)).toBe(true);
    expect((await read(lost.id!)).messages[0]).toMatchObject({ sender: "user", answered: false });
    expect((await admin("?filter=everything")).status).toBe(400);
  });

  it("searches what visitors asked, newest first, 20 a page", async () => {
    const found = await list("?query=CHROMODYNAMICS");
    expect(found.total).toBe(1);
    expect(found.conversations[0]!.firstQuestion).toBe("Quantum chromodynamics lattice gauge");
    const all = await list();
    const times = all.conversations.map((c) => c.lastAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all).toMatchObject({ page: 1, pages: 1 });
  });

  it("exports every message as CSV, spreadsheet-safe", async () => {
    await ask("=HYPERLINK(1) do you have offices in Kandy?");
    const response = await admin("/export.csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="conversations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    // A byte-order mark first, so spreadsheet programs read UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString("utf8");
    expect(csv.split("\r\n")[0]).toBe("Conversation,Started,Page,Language,Time,From,Message,Answered");
    expect(csv).toContain("Which languages do you work in?");
    expect(csv).toContain("'=HYPERLINK(1) do you have offices in Kandy?");
    // Each message with its conversation's language (these were asked in English).
    expect(csv.split("\r\n")[1]).toMatch(/^[^,]+,[^,]+,[^,]+,English,/);
  });

  it("is the admin's alone", async () => {
    const { id } = (await list()).conversations[0]!;
    for (const path of ["", `/${id}`, "/export.csv"]) {
      expect((await fetch(`${server.url}/api/conversations${path}`)).status, path).toBe(401);
    }
    expect((await fetch(`${server.url}/api/conversations/${id}`, { method: "DELETE" })).status).toBe(401);
    expect((await read(id)).id).toBe(id);
    // Visitors learn how long chats are kept, never the knowledge base.
    const settings = await (await fetch(`${server.url}/api/chat/settings`)).json();
    expect(settings).toEqual({
      greeting: defaultAiSettings.greeting,
      chatRetentionDays: 90,
      suggestedQuestions: defaultAiSettings.suggestedQuestions,
    });
  });

  it("deletes one conversation", async () => {
    const { id } = await ask("Do you design logos?");
    const deleted = await admin(`/${id}`, { method: "DELETE", headers: { Origin: server.url } });
    expect(deleted.status).toBe(200);
    expect((await admin(`/${id}`)).status).toBe(404);
    expect((await admin(`/${id}`, { method: "DELETE", headers: { Origin: server.url } })).status).toBe(404);
  });

  it("deletes conversations older than the retention the AI tab sets, at once when it is shortened", async () => {
    const { store } = server.deps;
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    const old = await store.conversations.start("/about", daysAgo(100));
    await store.conversations.add(old, [
      { sender: "user", text: "An old question", at: daysAgo(100), answered: true },
      { sender: "ai", text: "An old answer", at: daysAgo(100), answered: null },
    ]);
    const recent = await store.conversations.start("/about", daysAgo(10));
    await store.conversations.add(recent, [
      { sender: "user", text: "A recent question", at: daysAgo(10), answered: true },
    ]);
    expect(await pruneConversations(server.deps)).toBe(1);
    expect(await store.conversations.get(old)).toBeUndefined();
    expect(await store.conversations.get(recent)).toBeDefined();

    // Seven days: the ten-day-old one goes as soon as the setting is saved.
    const current = (await (await fetch(`${server.url}/api/ai-settings`, { headers: { Cookie: cookie } })).json()) as {
      version: number;
    };
    const saved = await fetch(`${server.url}/api/ai-settings`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Cookie: cookie, Origin: server.url },
      body: JSON.stringify({ version: current.version, data: { ...defaultAiSettings, chatRetentionDays: 7 } }),
    });
    expect(saved.status).toBe(200);
    await expect.poll(() => store.conversations.get(recent), { timeout: 5_000 }).toBeUndefined();
    // The shorter time is what visitors are told.
    expect((await (await fetch(`${server.url}/api/chat/settings`)).json()).chatRetentionDays).toBe(7);
  });

  it("refuses a retention that is not a whole number of days from 1 to 3650", async () => {
    const current = (await (await fetch(`${server.url}/api/ai-settings`, { headers: { Cookie: cookie } })).json()) as {
      version: number;
    };
    for (const days of [0, 3651, 1.5, "90"]) {
      const response = await fetch(`${server.url}/api/ai-settings`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: cookie, Origin: server.url },
        body: JSON.stringify({ version: current.version, data: { ...defaultAiSettings, chatRetentionDays: days } }),
      });
      expect(response.status, String(days)).toBe(400);
    }
    const after = (await (await fetch(`${server.url}/api/ai-settings`, { headers: { Cookie: cookie } })).json()) as {
      version: number;
    };
    expect(after.version).toBe(current.version);
  });
});
