import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitContactMessage } from "#server/contact/submit.ts";
import { csvCell } from "#server/http/csv.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";

let server: TestServer;
let api: ReturnType<typeof adminFetch>;
let cookie: string;

const people = [
  { name: "Nimal Perera", email: "nimal@example.lk", company: "Perera Tea", message: "Export marketing help, please." },
  {
    name: "Kamala Silva",
    email: "kamala@example.lk",
    company: "",
    message: 'Quote "urgent", with commas, and\nnew lines.',
  },
  {
    name: '=HYPERLINK("http://evil.example")',
    email: "mallory@example.lk",
    company: "+cmd",
    message: "-2+3 and @SUM(A1)",
  },
];

beforeAll(async () => {
  server = await startTestServer();
  for (const [i, fields] of people.entries()) {
    const result = await submitContactMessage(server.deps, fields, { ip: `203.0.113.${i + 1}`, userAgent: "vitest" });
    if (!result.ok) throw new Error(result.formError);
  }
  cookie = await signIn(server.url);
  api = adminFetch(server, cookie);
});
afterAll(() => server.close());

const list = async (query = "") => (await api(`/api/messages${query}`)).json();
const storedMessages = () => server.deps.store.backup.dump().then((d) => d.tables["contact_messages"]);

describe("messages inbox API", () => {
  it("lists newest first with the unread count, and searches every field", async () => {
    const all = await list();
    expect(all.messages.map((m: { name: string }) => m.name)).toEqual([
      people[2]!.name,
      "Kamala Silva",
      "Nimal Perera",
    ]);
    expect(all).toMatchObject({ total: 3, unreadCount: 3, page: 1, pages: 1, pageSize: 20 });
    expect(all.messages[1]).toMatchObject({ email: "kamala@example.lk", readAt: null, deliveries: [] });

    expect((await list("?query=perera")).messages.map((m: { name: string }) => m.name)).toEqual(["Nimal Perera"]);
    expect((await list("?query=KAMALA%40")).total).toBe(1);
    expect((await list("?query=commas")).messages[0].name).toBe("Kamala Silva");
    // LIKE wildcards are searched literally.
    expect((await list("?query=%25")).total).toBe(0);
    expect((await list("?query=nobody")).messages).toEqual([]);
    expect((await list("?page=2")).messages).toEqual([]);
    const bad = await api("/api/messages?page=zero");
    expect(bad.status).toBe(400);
  });

  it("marks read and unread", async () => {
    const [newest] = (await list()).messages;
    const read = await api(`/api/messages/${newest.id}/read`, { method: "POST" });
    expect(await read.json()).toEqual({ id: newest.id, read: true, unreadCount: 2 });
    expect((await list()).messages[0].readAt).toMatch(/^\d{4}-/);
    const unread = await api(`/api/messages/${newest.id}/unread`, { method: "POST" });
    expect(await unread.json()).toEqual({ id: newest.id, read: false, unreadCount: 3 });
    expect((await api("/api/messages/999999/read", { method: "POST" })).status).toBe(404);
  });

  it("deletes with undo, and purges only later", async () => {
    const target = (await list("?query=kamala")).messages[0];
    const removed = await api(`/api/messages/${target.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    const body = await removed.json();
    expect(body).toMatchObject({ id: target.id, restore: `/api/messages/${target.id}/restore`, unreadCount: 2 });
    expect(Date.parse(body.restorableUntil) - Date.now()).toBeGreaterThan(30_000);
    expect((await list()).total).toBe(2);
    expect((await api(`/api/messages/${target.id}`, { method: "DELETE" })).status).toBe(404);

    // A purge of what was deleted before now-1 s keeps it.
    expect(await server.deps.store.messages.purgeDeleted(new Date(Date.now() - 1000))).toBe(0);
    const restored = await api(`/api/messages/${target.id}/restore`, { method: "POST" });
    expect(restored.status).toBe(200);
    expect((await restored.json()).message).toMatchObject({ id: target.id, name: "Kamala Silva" });
    expect((await list()).total).toBe(3);
    expect((await api(`/api/messages/${target.id}/restore`, { method: "POST" })).status).toBe(404);

    // Deleted long ago → purged for good.
    await api(`/api/messages/${target.id}`, { method: "DELETE" });
    expect(await server.deps.store.messages.purgeDeleted(new Date(Date.now() + 1000))).toBe(1);
    const gone = await api(`/api/messages/${target.id}/restore`, { method: "POST" });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error).toBe("That message can no longer be restored.");
  });

  it("exports CSV with proper quoting and formula-safe cells", async () => {
    const response = await api("/api/messages/export.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFFReceived,Name,Email,Company,Message,Read,Delivery,Source\r\n")).toBe(true);
    expect(text).toContain(
      `"'=HYPERLINK(""http://evil.example"")",mallory@example.lk,'+cmd,'-2+3 and @SUM(A1),no,,Contact form\r\n`,
    );
    expect(text).toContain(
      ',Nimal Perera,nimal@example.lk,Perera Tea,"Export marketing help, please.",no,,Contact form\r\n',
    );
    expect(csvCell('Quote "urgent", with commas, and\nnew lines.')).toBe(
      '"Quote ""urgent"", with commas, and\nnew lines."',
    );
    expect(csvCell("@home")).toBe("'@home");
    expect(csvCell("plain")).toBe("plain");
  });

  it("announces a new message live to admins only", async () => {
    const controller = new AbortController();
    const listen = async (headers: Record<string, string>) => {
      const reader = (
        await fetch(`${server.url}/api/events`, { headers, signal: controller.signal })
      ).body!.getReader();
      let seen = "";
      return async (needle: string, ms: number) => {
        const deadline = Date.now() + ms;
        while (!seen.includes(needle) && Date.now() < deadline) {
          const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()));
          const chunk = await Promise.race([reader.read(), timeout]);
          if (!chunk || chunk.done) break;
          seen += new TextDecoder().decode(chunk.value);
        }
        return seen;
      };
    };
    try {
      const admin = await listen({ Cookie: cookie });
      const visitor = await listen({});
      expect(await admin("event: ready", 2000)).toContain("event: ready");
      expect(await visitor("event: ready", 2000)).toContain("event: ready");
      const result = await submitContactMessage(server.deps, people[0]!, { ip: "198.51.100.9", userAgent: "vitest" });
      if (!result.ok) throw new Error(result.formError);
      const event = `event: message\ndata: {"id":${result.message.id}}`;
      expect(await admin(event, 3000)).toContain(event);
      expect(await visitor("event: message", 500)).not.toContain("event: message");
    } finally {
      controller.abort();
    }
  });

  it("refuses the signed-out (401) and other sites (403), changing nothing", async () => {
    const before = await storedMessages();
    const [first] = (await list()).messages;
    const anonymous = [
      await fetch(`${server.url}/api/messages`),
      await fetch(`${server.url}/api/messages/export.csv`),
      await fetch(`${server.url}/api/messages/${first.id}/read`, { method: "POST" }),
      await fetch(`${server.url}/api/messages/${first.id}`, { method: "DELETE" }),
    ];
    for (const response of anonymous) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Please sign in to the admin panel." });
    }
    const foreign = await api(`/api/messages/${first.id}`, {
      method: "DELETE",
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error).toBe("This request came from another site and was refused.");
    const foreignRead = await api(`/api/messages/${first.id}/read`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(foreignRead.status).toBe(403);
    expect((await api("/api/messages/..%2F1/read", { method: "POST" })).status).toBe(404);
    expect((await api("/api/messages/1e3/read", { method: "POST" })).status).toBe(404);
    expect(await storedMessages()).toEqual(before);
  });
});
