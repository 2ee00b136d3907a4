import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAiSettings, defaultHome, documentDefaults } from "#content/defaults.ts";
import { sectionKeys } from "#content/sections.ts";
import { signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startApiServer();
  cookie = await signIn(server.url);
});
afterAll(() => server.close());

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  headers: { "Content-Type": "application/json", Cookie: cookie, ...extra },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

async function getHome() {
  const response = await fetch(`${server.url}/api/content/home`);
  return (await response.json()) as { version: number; data: typeof defaultHome; updatedBy: string | null };
}

async function put(key: string, body: unknown, extra: Record<string, string> = {}) {
  return fetch(`${server.url}/api/content/${key}`, { method: "PUT", ...json(body, extra) });
}

describe("health and reads", () => {
  it("answers /healthz", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it.each(sectionKeys)("reads the defaults of %s without signing in", async (key) => {
    const response = await fetch(`${server.url}/api/content/${key}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    // The blog's page texts are written once, at the first start, when the built-in posts become records.
    expect(body.version).toBe(key === "blog" ? 1 : 0);
    expect(body.data).toEqual(documentDefaults[key]);
  });

  it("answers 404 with a JSON error for an unknown section", async () => {
    const response = await fetch(`${server.url}/api/content/pricing`);
    expect(response.status).toBe(404);
    expect((await response.json()).error).toMatch(/pricing/);
  });

  it("does not serve the AI settings as a public section", async () => {
    expect((await fetch(`${server.url}/api/content/ai-settings`)).status).toBe(404);
  });

  it("sends the security headers", async () => {
    const response = await fetch(`${server.url}/api/content/home`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("saving, versions and revisions", () => {
  it("saves a new version, keeps the old ones and restores one as a new version", async () => {
    const before = await getHome();
    const first = { ...before.data, hero: { ...before.data.hero, title: "First title" } };
    const saved = await put("home", { version: before.version, data: first });
    expect(saved.status).toBe(200);
    const savedBody = await saved.json();
    expect(savedBody).toMatchObject({ version: before.version + 1, updatedBy: "owner@example.lk" });

    const second = { ...first, hero: { ...first.hero, title: "Second title" } };
    const again = await put("home", { version: before.version + 1, data: second });
    expect(again.status).toBe(200);
    expect((await getHome()).data.hero.title).toBe("Second title");

    const list = await fetch(`${server.url}/api/content/home/revisions`, { headers: { Cookie: cookie } });
    const { revisions } = await list.json();
    expect(revisions.map((r: { version: number }) => r.version)).toEqual([before.version + 2, before.version + 1]);
    expect(revisions[0]).toMatchObject({ createdBy: "owner@example.lk" });

    const old = await fetch(`${server.url}/api/content/home/revisions/${before.version + 1}`, {
      headers: { Cookie: cookie },
    });
    expect((await old.json()).data.hero.title).toBe("First title");

    const restored = await fetch(`${server.url}/api/content/home/revisions/${before.version + 1}/restore`, {
      method: "POST",
      ...json({ version: before.version + 2 }),
    });
    expect(restored.status).toBe(200);
    const after = await getHome();
    expect(after.version).toBe(before.version + 3);
    expect(after.data.hero.title).toBe("First title");
  });

  it("refuses a stale save with 409 and the current document, changing nothing", async () => {
    const current = await getHome();
    const response = await put("home", {
      version: current.version - 1,
      data: { ...current.data, hero: { ...current.data.hero, title: "Stale" } },
    });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.error).toMatch(/changed by owner@example.lk/);
    expect(body.current).toEqual(current.version === body.current.version ? { ...body.current } : undefined);
    expect(body.current.data).toEqual(current.data);
    expect(await getHome()).toEqual(current);
  });

  it("sanitises legal HTML and map embeds on save", async () => {
    const saved = await put("privacy-policy", {
      version: 0,
      data: {
        title: "Privacy",
        content: '<h2>Hi</h2><script>alert(1)</script><p onclick="x()">Text <a href="javascript:alert(1)">x</a></p>',
      },
    });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body.data.content).toBe("<h2>Hi</h2><p>Text <a>x</a></p>");

    const contact = await (await fetch(`${server.url}/api/content/contact`)).json();
    const embed =
      '<iframe src="https://www.google.com/maps/embed?pb=abc" width="600" height="300" onload="steal()"></iframe><script>x</script>';
    const evil = '<iframe src="https://evil.example/maps"></iframe>';
    const ok = await put("contact", { version: contact.version, data: { ...contact.data, mapEmbed: embed } });
    const okBody = await ok.json();
    expect(okBody.data.mapEmbed).toContain('src="https://www.google.com/maps/embed?pb=abc"');
    expect(okBody.data.mapEmbed).toContain('width="100%"');
    expect(okBody.data.mapEmbed).toContain('height="450"');
    expect(okBody.data.mapEmbed).not.toMatch(/onload|script/);
    const bad = await put("contact", { version: okBody.version, data: { ...contact.data, mapEmbed: evil } });
    expect((await bad.json()).data.mapEmbed).toBe("");
  });

  it("publishes one server-sent event per save", async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/events`, { signal: controller.signal });
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("event: ready")) text += decoder.decode((await reader.read()).value);
    const current = await getHome();
    await put("home", { version: current.version, data: current.data });
    while (!text.includes("event: content")) text += decoder.decode((await reader.read()).value);
    expect(text).toContain(`data: {"key":"home","version":${current.version + 1},"spread":0}`);
    controller.abort();
  });
});

describe("bad input changes nothing", () => {
  const cases: [string, () => Promise<Response>, number, RegExp][] = [
    ["malformed JSON", () => put("home", "{not json"), 400, /not valid JSON/],
    [
      "a body that is not JSON",
      () =>
        fetch(`${server.url}/api/content/home`, {
          method: "PUT",
          headers: { Cookie: cookie, "Content-Type": "text/plain" },
          body: "hi",
        }),
      415,
      /JSON/,
    ],
    ["no version", () => put("home", { data: defaultHome }), 400, /version/],
    ["wrong types", () => put("home", { version: 99, data: { ...defaultHome, features: "many" } }), 400, /features/],
    [
      "an unknown field",
      () => put("home", { version: 99, data: { ...defaultHome, pricing: [] } }),
      400,
      /Unknown field: pricing/,
    ],
    [
      "an unknown nested field",
      () => put("home", { version: 99, data: { ...defaultHome, hero: { ...defaultHome.hero, video: "x" } } }),
      400,
      /hero: Unknown field: video/,
    ],
    [
      "an absurd length",
      () =>
        put("home", { version: 99, data: { ...defaultHome, hero: { ...defaultHome.hero, title: "x".repeat(5000) } } }),
      400,
      /hero.title/,
    ],
    [
      "a javascript: URL",
      () =>
        put("home", {
          version: 99,
          data: { ...defaultHome, features: [{ title: "a", description: "b", image: "javascript:alert(1)" }] },
        }),
      400,
      /features.0.image/,
    ],
    ["an unknown section", () => put("pricing", { version: 0, data: {} }), 404, /pricing/],
    [
      "a body over 1 MB",
      () =>
        put("home", {
          version: 0,
          data: { ...defaultHome, hero: { ...defaultHome.hero, subtitle: "x".repeat(1_100_000) } },
        }),
      413,
      /too large/,
    ],
    [
      "no session",
      () =>
        fetch(`${server.url}/api/content/home`, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ version: 0, data: defaultHome }),
        }),
      401,
      /sign in/,
    ],
    [
      "an unknown session",
      () => put("home", { version: 0, data: defaultHome }, { Cookie: "session=forged-token" }),
      401,
      /sign in/,
    ],
    [
      "a foreign Origin",
      () => put("home", { version: 0, data: defaultHome }, { Origin: "https://evil.example" }),
      403,
      /another site/,
    ],
  ];

  it.each(cases)("refuses %s", async (_name, send, status, message) => {
    const before = await getHome();
    const revisionsBefore = await (
      await fetch(`${server.url}/api/content/home/revisions`, { headers: { Cookie: cookie } })
    ).json();
    const response = await send();
    expect(response.status).toBe(status);
    expect((await response.json()).error).toMatch(message);
    expect(await getHome()).toEqual(before);
    const revisionsAfter = await (
      await fetch(`${server.url}/api/content/home/revisions`, { headers: { Cookie: cookie } })
    ).json();
    expect(revisionsAfter).toEqual(revisionsBefore);
  });

  it("refuses history and restore without a session", async () => {
    expect((await fetch(`${server.url}/api/content/home/revisions`)).status).toBe(401);
    const restore = await fetch(`${server.url}/api/content/home/revisions/1/restore`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ version: 1 }),
    });
    expect(restore.status).toBe(401);
  });

  it("answers 404 for a version that does not exist", async () => {
    const response = await fetch(`${server.url}/api/content/home/revisions/999`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
  });
});

describe("AI settings", () => {
  it("gives admins the whole document, and visitors only what the chat panel shows, from the chat", async () => {
    expect((await fetch(`${server.url}/api/ai-settings`)).status).toBe(401);
    const visitor = await (await fetch(`${server.url}/api/chat/settings`)).json();
    expect(visitor).toEqual({
      greeting: "Welcome! How can I help you today?",
      chatRetentionDays: 90,
      suggestedQuestions: defaultAiSettings.suggestedQuestions,
    });
    const admin = await (await fetch(`${server.url}/api/ai-settings`, { headers: { Cookie: cookie } })).json();
    expect(admin.data).toEqual(documentDefaults["ai-settings"]);
  });

  it("saves with versions and refuses visitors", async () => {
    const admin = await (await fetch(`${server.url}/api/ai-settings`, { headers: { Cookie: cookie } })).json();
    const data = { ...admin.data, knowledgeBase: "We are open 9 to 5." };
    const refused = await fetch(`${server.url}/api/ai-settings`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ version: admin.version, data }),
    });
    expect(refused.status).toBe(401);
    const saved = await fetch(`${server.url}/api/ai-settings`, {
      method: "PUT",
      ...json({ version: admin.version, data }),
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.knowledgeBase).toBe("We are open 9 to 5.");
    const history = await (
      await fetch(`${server.url}/api/ai-settings/revisions`, { headers: { Cookie: cookie } })
    ).json();
    expect(history.revisions).toHaveLength(1);
  });
});
